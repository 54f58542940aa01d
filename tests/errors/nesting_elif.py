# An if with 5999 elif clauses: each elif is an if inside the else of the one before.
# Nesting past the compiler's limit (5000 levels of expressions and blocks) is an error at the
# first place too deep, never a crash of the C stack.
from numba import cuda


@cuda.jit
def k(a):
    i = cuda.grid(1)
    if i == 0:
        a[i] = 0.0
    elif i == 1:
        a[i] = 1.0
    elif i == 2:
        a[i] = 2.0
    elif i == 3:
        a[i] = 3.0
    elif i == 4:
        a[i] = 4.0
    elif i == 5:
        a[i] = 5.0
    elif i == 6:
        a[i] = 6.0
    elif i == 7:
        a[i] = 7.0
    elif i == 8:
        a[i] = 8.0
    elif i == 9:
        a[i] = 9.0
    elif i == 10:
        a[i] = 10.0
    elif i == 11:
        a[i] = 11.0
    elif i == 12:
        a[i] = 12.0
    elif i == 13:
        a[i] = 13.0
    elif i == 14:
        a[i] = 14.0
    elif i == 15:
        a[i] = 15.0
    elif i == 16:
        a[i] = 16.0
    elif i == 17:
        a[i] = 17.0
    elif i == 18:
        a[i] = 18.0
    elif i == 19:
        a[i] = 19.0
    elif i == 20:
        a[i] = 20.0
    elif i == 21:
        a[i] = 21.0
    elif i == 22:
        a[i] = 22.0
    elif i == 23:
        a[i] = 23.0
    elif i == 24:
        a[i] = 24.0
    elif i == 25:
        a[i] = 25.0
    elif i == 26:
        a[i] = 26.0
    elif i == 27:
        a[i] = 27.0
    elif i == 28:
        a[i] = 28.0
    elif i == 29:
        a[i] = 29.0
    elif i == 30:
        a[i] = 30.0
    elif i == 31:
        a[i] = 31.0
    elif i == 32:
        a[i] = 32.0
    elif i == 33:
        a[i] = 33.0
    elif i == 34:
        a[i] = 34.0
    elif i == 35:
        a[i] = 35.0
    elif i == 36:
        a[i] = 36.0
    elif i == 37:
        a[i] = 37.0
    elif i == 38:
        a[i] = 38.0
    elif i == 39:
        a[i] = 39.0
    elif i == 40:
        a[i] = 40.0
    elif i == 41:
        a[i] = 41.0
    elif i == 42:
        a[i] = 42.0
    elif i == 43:
        a[i] = 43.0
    elif i == 44:
        a[i] = 44.0
    elif i == 45:
        a[i] = 45.0
    elif i == 46:
        a[i] = 46.0
    elif i == 47:
        a[i] = 47.0
    elif i == 48:
        a[i] = 48.0
    elif i == 49:
        a[i] = 49.0
    elif i == 50:
        a[i] = 50.0
    elif i == 51:
        a[i] = 51.0
    elif i == 52:
        a[i] = 52.0
    elif i == 53:
        a[i] = 53.0
    elif i == 54:
        a[i] = 54.0
    elif i == 55:
        a[i] = 55.0
    elif i == 56:
        a[i] = 56.0
    elif i == 57:
        a[i] = 57.0
    elif i == 58:
        a[i] = 58.0
    elif i == 59:
        a[i] = 59.0
    elif i == 60:
        a[i] = 60.0
    elif i == 61:
        a[i] = 61.0
    elif i == 62:
        a[i] = 62.0
    elif i == 63:
        a[i] = 63.0
    elif i == 64:
        a[i] = 64.0
    elif i == 65:
        a[i] = 65.0
    elif i == 66:
        a[i] = 66.0
    elif i == 67:
        a[i] = 67.0
    elif i == 68:
        a[i] = 68.0
    elif i == 69:
        a[i] = 69.0
    elif i == 70:
        a[i] = 70.0
    elif i == 71:
        a[i] = 71.0
    elif i == 72:
        a[i] = 72.0
    elif i == 73:
        a[i] = 73.0
    elif i == 74:
        a[i] = 74.0
    elif i == 75:
        a[i] = 75.0
    elif i == 76:
        a[i] = 76.0
    elif i == 77:
        a[i] = 77.0
    elif i == 78:
        a[i] = 78.0
    elif i == 79:
        a[i] = 79.0
    elif i == 80:
        a[i] = 80.0
    elif i == 81:
        a[i] = 81.0
    elif i == 82:
        a[i] = 82.0
    elif i == 83:
        a[i] = 83.0
    elif i == 84:
        a[i] = 84.0
    elif i == 85:
        a[i] = 85.0
    elif i == 86:
        a[i] = 86.0
    elif i == 87:
        a[i] = 87.0
    elif i == 88:
        a[i] = 88.0
    elif i == 89:
        a[i] = 89.0
    elif i == 90:
        a[i] = 90.0
    elif i == 91:
        a[i] = 91.0
    elif i == 92:
        a[i] = 92.0
    elif i == 93:
        a[i] = 93.0
    elif i == 94:
        a[i] = 94.0
    elif i == 95:
        a[i] = 95.0
    elif i == 96:
        a[i] = 96.0
    elif i == 97:
        a[i] = 97.0
    elif i == 98:
        a[i] = 98.0
    elif i == 99:
        a[i] = 99.0
    elif i == 100:
        a[i] = 100.0
    elif i == 101:
        a[i] = 101.0
    elif i == 102:
        a[i] = 102.0
    elif i == 103:
        a[i] = 103.0
    elif i == 104:
        a[i] = 104.0
    elif i == 105:
        a[i] = 105.0
    elif i == 106:
        a[i] = 106.0
    elif i == 107:
        a[i] = 107.0
    elif i == 108:
        a[i] = 108.0
    elif i == 109:
        a[i] = 109.0
    elif i == 110:
        a[i] = 110.0
    elif i == 111:
        a[i] = 111.0
    elif i == 112:
        a[i] = 112.0
    elif i == 113:
        a[i] = 113.0
    elif i == 114:
        a[i] = 114.0
    elif i == 115:
        a[i] = 115.0
    elif i == 116:
        a[i] = 116.0
    elif i == 117:
        a[i] = 117.0
    elif i == 118:
        a[i] = 118.0
    elif i == 119:
        a[i] = 119.0
    elif i == 120:
        a[i] = 120.0
    elif i == 121:
        a[i] = 121.0
    elif i == 122:
        a[i] = 122.0
    elif i == 123:
        a[i] = 123.0
    elif i == 124:
        a[i] = 124.0
    elif i == 125:
        a[i] = 125.0
    elif i == 126:
        a[i] = 126.0
    elif i == 127:
        a[i] = 127.0
    elif i == 128:
        a[i] = 128.0
    elif i == 129:
        a[i] = 129.0
    elif i == 130:
        a[i] = 130.0
    elif i == 131:
        a[i] = 131.0
    elif i == 132:
        a[i] = 132.0
    elif i == 133:
        a[i] = 133.0
    elif i == 134:
        a[i] = 134.0
    elif i == 135:
        a[i] = 135.0
    elif i == 136:
        a[i] = 136.0
    elif i == 137:
        a[i] = 137.0
    elif i == 138:
        a[i] = 138.0
    elif i == 139:
        a[i] = 139.0
    elif i == 140:
        a[i] = 140.0
    elif i == 141:
        a[i] = 141.0
    elif i == 142:
        a[i] = 142.0
    elif i == 143:
        a[i] = 143.0
    elif i == 144:
        a[i] = 144.0
    elif i == 145:
        a[i] = 145.0
    elif i == 146:
        a[i] = 146.0
    elif i == 147:
        a[i] = 147.0
    elif i == 148:
        a[i] = 148.0
    elif i == 149:
        a[i] = 149.0
    elif i == 150:
        a[i] = 150.0
    elif i == 151:
        a[i] = 151.0
    elif i == 152:
        a[i] = 152.0
    elif i == 153:
        a[i] = 153.0
    elif i == 154:
        a[i] = 154.0
    elif i == 155:
        a[i] = 155.0
    elif i == 156:
        a[i] = 156.0
    elif i == 157:
        a[i] = 157.0
    elif i == 158:
        a[i] = 158.0
    elif i == 159:
        a[i] = 159.0
    elif i == 160:
        a[i] = 160.0
    elif i == 161:
        a[i] = 161.0
    elif i == 162:
        a[i] = 162.0
    elif i == 163:
        a[i] = 163.0
    elif i == 164:
        a[i] = 164.0
    elif i == 165:
        a[i] = 165.0
    elif i == 166:
        a[i] = 166.0
    elif i == 167:
        a[i] = 167.0
    elif i == 168:
        a[i] = 168.0
    elif i == 169:
        a[i] = 169.0
    elif i == 170:
        a[i] = 170.0
    elif i == 171:
        a[i] = 171.0
    elif i == 172:
        a[i] = 172.0
    elif i == 173:
        a[i] = 173.0
    elif i == 174:
        a[i] = 174.0
    elif i == 175:
        a[i] = 175.0
    elif i == 176:
        a[i] = 176.0
    elif i == 177:
        a[i] = 177.0
    elif i == 178:
        a[i] = 178.0
    elif i == 179:
        a[i] = 179.0
    elif i == 180:
        a[i] = 180.0
    elif i == 181:
        a[i] = 181.0
    elif i == 182:
        a[i] = 182.0
    elif i == 183:
        a[i] = 183.0
    elif i == 184:
        a[i] = 184.0
    elif i == 185:
        a[i] = 185.0
    elif i == 186:
        a[i] = 186.0
    elif i == 187:
        a[i] = 187.0
    elif i == 188:
        a[i] = 188.0
    elif i == 189:
        a[i] = 189.0
    elif i == 190:
        a[i] = 190.0
    elif i == 191:
        a[i] = 191.0
    elif i == 192:
        a[i] = 192.0
    elif i == 193:
        a[i] = 193.0
    elif i == 194:
        a[i] = 194.0
    elif i == 195:
        a[i] = 195.0
    elif i == 196:
        a[i] = 196.0
    elif i == 197:
        a[i] = 197.0
    elif i == 198:
        a[i] = 198.0
    elif i == 199:
        a[i] = 199.0
    elif i == 200:
        a[i] = 200.0
    elif i == 201:
        a[i] = 201.0
    elif i == 202:
        a[i] = 202.0
    elif i == 203:
        a[i] = 203.0
    elif i == 204:
        a[i] = 204.0
    elif i == 205:
        a[i] = 205.0
    elif i == 206:
        a[i] = 206.0
    elif i == 207:
        a[i] = 207.0
    elif i == 208:
        a[i] = 208.0
    elif i == 209:
        a[i] = 209.0
    elif i == 210:
        a[i] = 210.0
    elif i == 211:
        a[i] = 211.0
    elif i == 212:
        a[i] = 212.0
    elif i == 213:
        a[i] = 213.0
    elif i == 214:
        a[i] = 214.0
    elif i == 215:
        a[i] = 215.0
    elif i == 216:
        a[i] = 216.0
    elif i == 217:
        a[i] = 217.0
    elif i == 218:
        a[i] = 218.0
    elif i == 219:
        a[i] = 219.0
    elif i == 220:
        a[i] = 220.0
    elif i == 221:
        a[i] = 221.0
    elif i == 222:
        a[i] = 222.0
    elif i == 223:
        a[i] = 223.0
    elif i == 224:
        a[i] = 224.0
    elif i == 225:
        a[i] = 225.0
    elif i == 226:
        a[i] = 226.0
    elif i == 227:
        a[i] = 227.0
    elif i == 228:
        a[i] = 228.0
    elif i == 229:
        a[i] = 229.0
    elif i == 230:
        a[i] = 230.0
    elif i == 231:
        a[i] = 231.0
    elif i == 232:
        a[i] = 232.0
    elif i == 233:
        a[i] = 233.0
    elif i == 234:
        a[i] = 234.0
    elif i == 235:
        a[i] = 235.0
    elif i == 236:
        a[i] = 236.0
    elif i == 237:
        a[i] = 237.0
    elif i == 238:
        a[i] = 238.0
    elif i == 239:
        a[i] = 239.0
    elif i == 240:
        a[i] = 240.0
    elif i == 241:
        a[i] = 241.0
    elif i == 242:
        a[i] = 242.0
    elif i == 243:
        a[i] = 243.0
    elif i == 244:
        a[i] = 244.0
    elif i == 245:
        a[i] = 245.0
    elif i == 246:
        a[i] = 246.0
    elif i == 247:
        a[i] = 247.0
    elif i == 248:
        a[i] = 248.0
    elif i == 249:
        a[i] = 249.0
    elif i == 250:
        a[i] = 250.0
    elif i == 251:
        a[i] = 251.0
    elif i == 252:
        a[i] = 252.0
    elif i == 253:
        a[i] = 253.0
    elif i == 254:
        a[i] = 254.0
    elif i == 255:
        a[i] = 255.0
    elif i == 256:
        a[i] = 256.0
    elif i == 257:
        a[i] = 257.0
    elif i == 258:
        a[i] = 258.0
    elif i == 259:
        a[i] = 259.0
    elif i == 260:
        a[i] = 260.0
    elif i == 261:
        a[i] = 261.0
    elif i == 262:
        a[i] = 262.0
    elif i == 263:
        a[i] = 263.0
    elif i == 264:
        a[i] = 264.0
    elif i == 265:
        a[i] = 265.0
    elif i == 266:
        a[i] = 266.0
    elif i == 267:
        a[i] = 267.0
    elif i == 268:
        a[i] = 268.0
    elif i == 269:
        a[i] = 269.0
    elif i == 270:
        a[i] = 270.0
    elif i == 271:
        a[i] = 271.0
    elif i == 272:
        a[i] = 272.0
    elif i == 273:
        a[i] = 273.0
    elif i == 274:
        a[i] = 274.0
    elif i == 275:
        a[i] = 275.0
    elif i == 276:
        a[i] = 276.0
    elif i == 277:
        a[i] = 277.0
    elif i == 278:
        a[i] = 278.0
    elif i == 279:
        a[i] = 279.0
    elif i == 280:
        a[i] = 280.0
    elif i == 281:
        a[i] = 281.0
    elif i == 282:
        a[i] = 282.0
    elif i == 283:
        a[i] = 283.0
    elif i == 284:
        a[i] = 284.0
    elif i == 285:
        a[i] = 285.0
    elif i == 286:
        a[i] = 286.0
    elif i == 287:
        a[i] = 287.0
    elif i == 288:
        a[i] = 288.0
    elif i == 289:
        a[i] = 289.0
    elif i == 290:
        a[i] = 290.0
    elif i == 291:
        a[i] = 291.0
    elif i == 292:
        a[i] = 292.0
    elif i == 293:
        a[i] = 293.0
    elif i == 294:
        a[i] = 294.0
    elif i == 295:
        a[i] = 295.0
    elif i == 296:
        a[i] = 296.0
    elif i == 297:
        a[i] = 297.0
    elif i == 298:
        a[i] = 298.0
    elif i == 299:
        a[i] = 299.0
    elif i == 300:
        a[i] = 300.0
    elif i == 301:
        a[i] = 301.0
    elif i == 302:
        a[i] = 302.0
    elif i == 303:
        a[i] = 303.0
    elif i == 304:
        a[i] = 304.0
    elif i == 305:
        a[i] = 305.0
    elif i == 306:
        a[i] = 306.0
    elif i == 307:
        a[i] = 307.0
    elif i == 308:
        a[i] = 308.0
    elif i == 309:
        a[i] = 309.0
    elif i == 310:
        a[i] = 310.0
    elif i == 311:
        a[i] = 311.0
    elif i == 312:
        a[i] = 312.0
    elif i == 313:
        a[i] = 313.0
    elif i == 314:
        a[i] = 314.0
    elif i == 315:
        a[i] = 315.0
    elif i == 316:
        a[i] = 316.0
    elif i == 317:
        a[i] = 317.0
    elif i == 318:
        a[i] = 318.0
    elif i == 319:
        a[i] = 319.0
    elif i == 320:
        a[i] = 320.0
    elif i == 321:
        a[i] = 321.0
    elif i == 322:
        a[i] = 322.0
    elif i == 323:
        a[i] = 323.0
    elif i == 324:
        a[i] = 324.0
    elif i == 325:
        a[i] = 325.0
    elif i == 326:
        a[i] = 326.0
    elif i == 327:
        a[i] = 327.0
    elif i == 328:
        a[i] = 328.0
    elif i == 329:
        a[i] = 329.0
    elif i == 330:
        a[i] = 330.0
    elif i == 331:
        a[i] = 331.0
    elif i == 332:
        a[i] = 332.0
    elif i == 333:
        a[i] = 333.0
    elif i == 334:
        a[i] = 334.0
    elif i == 335:
        a[i] = 335.0
    elif i == 336:
        a[i] = 336.0
    elif i == 337:
        a[i] = 337.0
    elif i == 338:
        a[i] = 338.0
    elif i == 339:
        a[i] = 339.0
    elif i == 340:
        a[i] = 340.0
    elif i == 341:
        a[i] = 341.0
    elif i == 342:
        a[i] = 342.0
    elif i == 343:
        a[i] = 343.0
    elif i == 344:
        a[i] = 344.0
    elif i == 345:
        a[i] = 345.0
    elif i == 346:
        a[i] = 346.0
    elif i == 347:
        a[i] = 347.0
    elif i == 348:
        a[i] = 348.0
    elif i == 349:
        a[i] = 349.0
    elif i == 350:
        a[i] = 350.0
    elif i == 351:
        a[i] = 351.0
    elif i == 352:
        a[i] = 352.0
    elif i == 353:
        a[i] = 353.0
    elif i == 354:
        a[i] = 354.0
    elif i == 355:
        a[i] = 355.0
    elif i == 356:
        a[i] = 356.0
    elif i == 357:
        a[i] = 357.0
    elif i == 358:
        a[i] = 358.0
    elif i == 359:
        a[i] = 359.0
    elif i == 360:
        a[i] = 360.0
    elif i == 361:
        a[i] = 361.0
    elif i == 362:
        a[i] = 362.0
    elif i == 363:
        a[i] = 363.0
    elif i == 364:
        a[i] = 364.0
    elif i == 365:
        a[i] = 365.0
    elif i == 366:
        a[i] = 366.0
    elif i == 367:
        a[i] = 367.0
    elif i == 368:
        a[i] = 368.0
    elif i == 369:
        a[i] = 369.0
    elif i == 370:
        a[i] = 370.0
    elif i == 371:
        a[i] = 371.0
    elif i == 372:
        a[i] = 372.0
    elif i == 373:
        a[i] = 373.0
    elif i == 374:
        a[i] = 374.0
    elif i == 375:
        a[i] = 375.0
    elif i == 376:
        a[i] = 376.0
    elif i == 377:
        a[i] = 377.0
    elif i == 378:
        a[i] = 378.0
    elif i == 379:
        a[i] = 379.0
    elif i == 380:
        a[i] = 380.0
    elif i == 381:
        a[i] = 381.0
    elif i == 382:
        a[i] = 382.0
    elif i == 383:
        a[i] = 383.0
    elif i == 384:
        a[i] = 384.0
    elif i == 385:
        a[i] = 385.0
    elif i == 386:
        a[i] = 386.0
    elif i == 387:
        a[i] = 387.0
    elif i == 388:
        a[i] = 388.0
    elif i == 389:
        a[i] = 389.0
    elif i == 390:
        a[i] = 390.0
    elif i == 391:
        a[i] = 391.0
    elif i == 392:
        a[i] = 392.0
    elif i == 393:
        a[i] = 393.0
    elif i == 394:
        a[i] = 394.0
    elif i == 395:
        a[i] = 395.0
    elif i == 396:
        a[i] = 396.0
    elif i == 397:
        a[i] = 397.0
    elif i == 398:
        a[i] = 398.0
    elif i == 399:
        a[i] = 399.0
    elif i == 400:
        a[i] = 400.0
    elif i == 401:
        a[i] = 401.0
    elif i == 402:
        a[i] = 402.0
    elif i == 403:
        a[i] = 403.0
    elif i == 404:
        a[i] = 404.0
    elif i == 405:
        a[i] = 405.0
    elif i == 406:
        a[i] = 406.0
    elif i == 407:
        a[i] = 407.0
    elif i == 408:
        a[i] = 408.0
    elif i == 409:
        a[i] = 409.0
    elif i == 410:
        a[i] = 410.0
    elif i == 411:
        a[i] = 411.0
    elif i == 412:
        a[i] = 412.0
    elif i == 413:
        a[i] = 413.0
    elif i == 414:
        a[i] = 414.0
    elif i == 415:
        a[i] = 415.0
    elif i == 416:
        a[i] = 416.0
    elif i == 417:
        a[i] = 417.0
    elif i == 418:
        a[i] = 418.0
    elif i == 419:
        a[i] = 419.0
    elif i == 420:
        a[i] = 420.0
    elif i == 421:
        a[i] = 421.0
    elif i == 422:
        a[i] = 422.0
    elif i == 423:
        a[i] = 423.0
    elif i == 424:
        a[i] = 424.0
    elif i == 425:
        a[i] = 425.0
    elif i == 426:
        a[i] = 426.0
    elif i == 427:
        a[i] = 427.0
    elif i == 428:
        a[i] = 428.0
    elif i == 429:
        a[i] = 429.0
    elif i == 430:
        a[i] = 430.0
    elif i == 431:
        a[i] = 431.0
    elif i == 432:
        a[i] = 432.0
    elif i == 433:
        a[i] = 433.0
    elif i == 434:
        a[i] = 434.0
    elif i == 435:
        a[i] = 435.0
    elif i == 436:
        a[i] = 436.0
    elif i == 437:
        a[i] = 437.0
    elif i == 438:
        a[i] = 438.0
    elif i == 439:
        a[i] = 439.0
    elif i == 440:
        a[i] = 440.0
    elif i == 441:
        a[i] = 441.0
    elif i == 442:
        a[i] = 442.0
    elif i == 443:
        a[i] = 443.0
    elif i == 444:
        a[i] = 444.0
    elif i == 445:
        a[i] = 445.0
    elif i == 446:
        a[i] = 446.0
    elif i == 447:
        a[i] = 447.0
    elif i == 448:
        a[i] = 448.0
    elif i == 449:
        a[i] = 449.0
    elif i == 450:
        a[i] = 450.0
    elif i == 451:
        a[i] = 451.0
    elif i == 452:
        a[i] = 452.0
    elif i == 453:
        a[i] = 453.0
    elif i == 454:
        a[i] = 454.0
    elif i == 455:
        a[i] = 455.0
    elif i == 456:
        a[i] = 456.0
    elif i == 457:
        a[i] = 457.0
    elif i == 458:
        a[i] = 458.0
    elif i == 459:
        a[i] = 459.0
    elif i == 460:
        a[i] = 460.0
    elif i == 461:
        a[i] = 461.0
    elif i == 462:
        a[i] = 462.0
    elif i == 463:
        a[i] = 463.0
    elif i == 464:
        a[i] = 464.0
    elif i == 465:
        a[i] = 465.0
    elif i == 466:
        a[i] = 466.0
    elif i == 467:
        a[i] = 467.0
    elif i == 468:
        a[i] = 468.0
    elif i == 469:
        a[i] = 469.0
    elif i == 470:
        a[i] = 470.0
    elif i == 471:
        a[i] = 471.0
    elif i == 472:
        a[i] = 472.0
    elif i == 473:
        a[i] = 473.0
    elif i == 474:
        a[i] = 474.0
    elif i == 475:
        a[i] = 475.0
    elif i == 476:
        a[i] = 476.0
    elif i == 477:
        a[i] = 477.0
    elif i == 478:
        a[i] = 478.0
    elif i == 479:
        a[i] = 479.0
    elif i == 480:
        a[i] = 480.0
    elif i == 481:
        a[i] = 481.0
    elif i == 482:
        a[i] = 482.0
    elif i == 483:
        a[i] = 483.0
    elif i == 484:
        a[i] = 484.0
    elif i == 485:
        a[i] = 485.0
    elif i == 486:
        a[i] = 486.0
    elif i == 487:
        a[i] = 487.0
    elif i == 488:
        a[i] = 488.0
    elif i == 489:
        a[i] = 489.0
    elif i == 490:
        a[i] = 490.0
    elif i == 491:
        a[i] = 491.0
    elif i == 492:
        a[i] = 492.0
    elif i == 493:
        a[i] = 493.0
    elif i == 494:
        a[i] = 494.0
    elif i == 495:
        a[i] = 495.0
    elif i == 496:
        a[i] = 496.0
    elif i == 497:
        a[i] = 497.0
    elif i == 498:
        a[i] = 498.0
    elif i == 499:
        a[i] = 499.0
    elif i == 500:
        a[i] = 500.0
    elif i == 501:
        a[i] = 501.0
    elif i == 502:
        a[i] = 502.0
    elif i == 503:
        a[i] = 503.0
    elif i == 504:
        a[i] = 504.0
    elif i == 505:
        a[i] = 505.0
    elif i == 506:
        a[i] = 506.0
    elif i == 507:
        a[i] = 507.0
    elif i == 508:
        a[i] = 508.0
    elif i == 509:
        a[i] = 509.0
    elif i == 510:
        a[i] = 510.0
    elif i == 511:
        a[i] = 511.0
    elif i == 512:
        a[i] = 512.0
    elif i == 513:
        a[i] = 513.0
    elif i == 514:
        a[i] = 514.0
    elif i == 515:
        a[i] = 515.0
    elif i == 516:
        a[i] = 516.0
    elif i == 517:
        a[i] = 517.0
    elif i == 518:
        a[i] = 518.0
    elif i == 519:
        a[i] = 519.0
    elif i == 520:
        a[i] = 520.0
    elif i == 521:
        a[i] = 521.0
    elif i == 522:
        a[i] = 522.0
    elif i == 523:
        a[i] = 523.0
    elif i == 524:
        a[i] = 524.0
    elif i == 525:
        a[i] = 525.0
    elif i == 526:
        a[i] = 526.0
    elif i == 527:
        a[i] = 527.0
    elif i == 528:
        a[i] = 528.0
    elif i == 529:
        a[i] = 529.0
    elif i == 530:
        a[i] = 530.0
    elif i == 531:
        a[i] = 531.0
    elif i == 532:
        a[i] = 532.0
    elif i == 533:
        a[i] = 533.0
    elif i == 534:
        a[i] = 534.0
    elif i == 535:
        a[i] = 535.0
    elif i == 536:
        a[i] = 536.0
    elif i == 537:
        a[i] = 537.0
    elif i == 538:
        a[i] = 538.0
    elif i == 539:
        a[i] = 539.0
    elif i == 540:
        a[i] = 540.0
    elif i == 541:
        a[i] = 541.0
    elif i == 542:
        a[i] = 542.0
    elif i == 543:
        a[i] = 543.0
    elif i == 544:
        a[i] = 544.0
    elif i == 545:
        a[i] = 545.0
    elif i == 546:
        a[i] = 546.0
    elif i == 547:
        a[i] = 547.0
    elif i == 548:
        a[i] = 548.0
    elif i == 549:
        a[i] = 549.0
    elif i == 550:
        a[i] = 550.0
    elif i == 551:
        a[i] = 551.0
    elif i == 552:
        a[i] = 552.0
    elif i == 553:
        a[i] = 553.0
    elif i == 554:
        a[i] = 554.0
    elif i == 555:
        a[i] = 555.0
    elif i == 556:
        a[i] = 556.0
    elif i == 557:
        a[i] = 557.0
    elif i == 558:
        a[i] = 558.0
    elif i == 559:
        a[i] = 559.0
    elif i == 560:
        a[i] = 560.0
    elif i == 561:
        a[i] = 561.0
    elif i == 562:
        a[i] = 562.0
    elif i == 563:
        a[i] = 563.0
    elif i == 564:
        a[i] = 564.0
    elif i == 565:
        a[i] = 565.0
    elif i == 566:
        a[i] = 566.0
    elif i == 567:
        a[i] = 567.0
    elif i == 568:
        a[i] = 568.0
    elif i == 569:
        a[i] = 569.0
    elif i == 570:
        a[i] = 570.0
    elif i == 571:
        a[i] = 571.0
    elif i == 572:
        a[i] = 572.0
    elif i == 573:
        a[i] = 573.0
    elif i == 574:
        a[i] = 574.0
    elif i == 575:
        a[i] = 575.0
    elif i == 576:
        a[i] = 576.0
    elif i == 577:
        a[i] = 577.0
    elif i == 578:
        a[i] = 578.0
    elif i == 579:
        a[i] = 579.0
    elif i == 580:
        a[i] = 580.0
    elif i == 581:
        a[i] = 581.0
    elif i == 582:
        a[i] = 582.0
    elif i == 583:
        a[i] = 583.0
    elif i == 584:
        a[i] = 584.0
    elif i == 585:
        a[i] = 585.0
    elif i == 586:
        a[i] = 586.0
    elif i == 587:
        a[i] = 587.0
    elif i == 588:
        a[i] = 588.0
    elif i == 589:
        a[i] = 589.0
    elif i == 590:
        a[i] = 590.0
    elif i == 591:
        a[i] = 591.0
    elif i == 592:
        a[i] = 592.0
    elif i == 593:
        a[i] = 593.0
    elif i == 594:
        a[i] = 594.0
    elif i == 595:
        a[i] = 595.0
    elif i == 596:
        a[i] = 596.0
    elif i == 597:
        a[i] = 597.0
    elif i == 598:
        a[i] = 598.0
    elif i == 599:
        a[i] = 599.0
    elif i == 600:
        a[i] = 600.0
    elif i == 601:
        a[i] = 601.0
    elif i == 602:
        a[i] = 602.0
    elif i == 603:
        a[i] = 603.0
    elif i == 604:
        a[i] = 604.0
    elif i == 605:
        a[i] = 605.0
    elif i == 606:
        a[i] = 606.0
    elif i == 607:
        a[i] = 607.0
    elif i == 608:
        a[i] = 608.0
    elif i == 609:
        a[i] = 609.0
    elif i == 610:
        a[i] = 610.0
    elif i == 611:
        a[i] = 611.0
    elif i == 612:
        a[i] = 612.0
    elif i == 613:
        a[i] = 613.0
    elif i == 614:
        a[i] = 614.0
    elif i == 615:
        a[i] = 615.0
    elif i == 616:
        a[i] = 616.0
    elif i == 617:
        a[i] = 617.0
    elif i == 618:
        a[i] = 618.0
    elif i == 619:
        a[i] = 619.0
    elif i == 620:
        a[i] = 620.0
    elif i == 621:
        a[i] = 621.0
    elif i == 622:
        a[i] = 622.0
    elif i == 623:
        a[i] = 623.0
    elif i == 624:
        a[i] = 624.0
    elif i == 625:
        a[i] = 625.0
    elif i == 626:
        a[i] = 626.0
    elif i == 627:
        a[i] = 627.0
    elif i == 628:
        a[i] = 628.0
    elif i == 629:
        a[i] = 629.0
    elif i == 630:
        a[i] = 630.0
    elif i == 631:
        a[i] = 631.0
    elif i == 632:
        a[i] = 632.0
    elif i == 633:
        a[i] = 633.0
    elif i == 634:
        a[i] = 634.0
    elif i == 635:
        a[i] = 635.0
    elif i == 636:
        a[i] = 636.0
    elif i == 637:
        a[i] = 637.0
    elif i == 638:
        a[i] = 638.0
    elif i == 639:
        a[i] = 639.0
    elif i == 640:
        a[i] = 640.0
    elif i == 641:
        a[i] = 641.0
    elif i == 642:
        a[i] = 642.0
    elif i == 643:
        a[i] = 643.0
    elif i == 644:
        a[i] = 644.0
    elif i == 645:
        a[i] = 645.0
    elif i == 646:
        a[i] = 646.0
    elif i == 647:
        a[i] = 647.0
    elif i == 648:
        a[i] = 648.0
    elif i == 649:
        a[i] = 649.0
    elif i == 650:
        a[i] = 650.0
    elif i == 651:
        a[i] = 651.0
    elif i == 652:
        a[i] = 652.0
    elif i == 653:
        a[i] = 653.0
    elif i == 654:
        a[i] = 654.0
    elif i == 655:
        a[i] = 655.0
    elif i == 656:
        a[i] = 656.0
    elif i == 657:
        a[i] = 657.0
    elif i == 658:
        a[i] = 658.0
    elif i == 659:
        a[i] = 659.0
    elif i == 660:
        a[i] = 660.0
    elif i == 661:
        a[i] = 661.0
    elif i == 662:
        a[i] = 662.0
    elif i == 663:
        a[i] = 663.0
    elif i == 664:
        a[i] = 664.0
    elif i == 665:
        a[i] = 665.0
    elif i == 666:
        a[i] = 666.0
    elif i == 667:
        a[i] = 667.0
    elif i == 668:
        a[i] = 668.0
    elif i == 669:
        a[i] = 669.0
    elif i == 670:
        a[i] = 670.0
    elif i == 671:
        a[i] = 671.0
    elif i == 672:
        a[i] = 672.0
    elif i == 673:
        a[i] = 673.0
    elif i == 674:
        a[i] = 674.0
    elif i == 675:
        a[i] = 675.0
    elif i == 676:
        a[i] = 676.0
    elif i == 677:
        a[i] = 677.0
    elif i == 678:
        a[i] = 678.0
    elif i == 679:
        a[i] = 679.0
    elif i == 680:
        a[i] = 680.0
    elif i == 681:
        a[i] = 681.0
    elif i == 682:
        a[i] = 682.0
    elif i == 683:
        a[i] = 683.0
    elif i == 684:
        a[i] = 684.0
    elif i == 685:
        a[i] = 685.0
    elif i == 686:
        a[i] = 686.0
    elif i == 687:
        a[i] = 687.0
    elif i == 688:
        a[i] = 688.0
    elif i == 689:
        a[i] = 689.0
    elif i == 690:
        a[i] = 690.0
    elif i == 691:
        a[i] = 691.0
    elif i == 692:
        a[i] = 692.0
    elif i == 693:
        a[i] = 693.0
    elif i == 694:
        a[i] = 694.0
    elif i == 695:
        a[i] = 695.0
    elif i == 696:
        a[i] = 696.0
    elif i == 697:
        a[i] = 697.0
    elif i == 698:
        a[i] = 698.0
    elif i == 699:
        a[i] = 699.0
    elif i == 700:
        a[i] = 700.0
    elif i == 701:
        a[i] = 701.0
    elif i == 702:
        a[i] = 702.0
    elif i == 703:
        a[i] = 703.0
    elif i == 704:
        a[i] = 704.0
    elif i == 705:
        a[i] = 705.0
    elif i == 706:
        a[i] = 706.0
    elif i == 707:
        a[i] = 707.0
    elif i == 708:
        a[i] = 708.0
    elif i == 709:
        a[i] = 709.0
    elif i == 710:
        a[i] = 710.0
    elif i == 711:
        a[i] = 711.0
    elif i == 712:
        a[i] = 712.0
    elif i == 713:
        a[i] = 713.0
    elif i == 714:
        a[i] = 714.0
    elif i == 715:
        a[i] = 715.0
    elif i == 716:
        a[i] = 716.0
    elif i == 717:
        a[i] = 717.0
    elif i == 718:
        a[i] = 718.0
    elif i == 719:
        a[i] = 719.0
    elif i == 720:
        a[i] = 720.0
    elif i == 721:
        a[i] = 721.0
    elif i == 722:
        a[i] = 722.0
    elif i == 723:
        a[i] = 723.0
    elif i == 724:
        a[i] = 724.0
    elif i == 725:
        a[i] = 725.0
    elif i == 726:
        a[i] = 726.0
    elif i == 727:
        a[i] = 727.0
    elif i == 728:
        a[i] = 728.0
    elif i == 729:
        a[i] = 729.0
    elif i == 730:
        a[i] = 730.0
    elif i == 731:
        a[i] = 731.0
    elif i == 732:
        a[i] = 732.0
    elif i == 733:
        a[i] = 733.0
    elif i == 734:
        a[i] = 734.0
    elif i == 735:
        a[i] = 735.0
    elif i == 736:
        a[i] = 736.0
    elif i == 737:
        a[i] = 737.0
    elif i == 738:
        a[i] = 738.0
    elif i == 739:
        a[i] = 739.0
    elif i == 740:
        a[i] = 740.0
    elif i == 741:
        a[i] = 741.0
    elif i == 742:
        a[i] = 742.0
    elif i == 743:
        a[i] = 743.0
    elif i == 744:
        a[i] = 744.0
    elif i == 745:
        a[i] = 745.0
    elif i == 746:
        a[i] = 746.0
    elif i == 747:
        a[i] = 747.0
    elif i == 748:
        a[i] = 748.0
    elif i == 749:
        a[i] = 749.0
    elif i == 750:
        a[i] = 750.0
    elif i == 751:
        a[i] = 751.0
    elif i == 752:
        a[i] = 752.0
    elif i == 753:
        a[i] = 753.0
    elif i == 754:
        a[i] = 754.0
    elif i == 755:
        a[i] = 755.0
    elif i == 756:
        a[i] = 756.0
    elif i == 757:
        a[i] = 757.0
    elif i == 758:
        a[i] = 758.0
    elif i == 759:
        a[i] = 759.0
    elif i == 760:
        a[i] = 760.0
    elif i == 761:
        a[i] = 761.0
    elif i == 762:
        a[i] = 762.0
    elif i == 763:
        a[i] = 763.0
    elif i == 764:
        a[i] = 764.0
    elif i == 765:
        a[i] = 765.0
    elif i == 766:
        a[i] = 766.0
    elif i == 767:
        a[i] = 767.0
    elif i == 768:
        a[i] = 768.0
    elif i == 769:
        a[i] = 769.0
    elif i == 770:
        a[i] = 770.0
    elif i == 771:
        a[i] = 771.0
    elif i == 772:
        a[i] = 772.0
    elif i == 773:
        a[i] = 773.0
    elif i == 774:
        a[i] = 774.0
    elif i == 775:
        a[i] = 775.0
    elif i == 776:
        a[i] = 776.0
    elif i == 777:
        a[i] = 777.0
    elif i == 778:
        a[i] = 778.0
    elif i == 779:
        a[i] = 779.0
    elif i == 780:
        a[i] = 780.0
    elif i == 781:
        a[i] = 781.0
    elif i == 782:
        a[i] = 782.0
    elif i == 783:
        a[i] = 783.0
    elif i == 784:
        a[i] = 784.0
    elif i == 785:
        a[i] = 785.0
    elif i == 786:
        a[i] = 786.0
    elif i == 787:
        a[i] = 787.0
    elif i == 788:
        a[i] = 788.0
    elif i == 789:
        a[i] = 789.0
    elif i == 790:
        a[i] = 790.0
    elif i == 791:
        a[i] = 791.0
    elif i == 792:
        a[i] = 792.0
    elif i == 793:
        a[i] = 793.0
    elif i == 794:
        a[i] = 794.0
    elif i == 795:
        a[i] = 795.0
    elif i == 796:
        a[i] = 796.0
    elif i == 797:
        a[i] = 797.0
    elif i == 798:
        a[i] = 798.0
    elif i == 799:
        a[i] = 799.0
    elif i == 800:
        a[i] = 800.0
    elif i == 801:
        a[i] = 801.0
    elif i == 802:
        a[i] = 802.0
    elif i == 803:
        a[i] = 803.0
    elif i == 804:
        a[i] = 804.0
    elif i == 805:
        a[i] = 805.0
    elif i == 806:
        a[i] = 806.0
    elif i == 807:
        a[i] = 807.0
    elif i == 808:
        a[i] = 808.0
    elif i == 809:
        a[i] = 809.0
    elif i == 810:
        a[i] = 810.0
    elif i == 811:
        a[i] = 811.0
    elif i == 812:
        a[i] = 812.0
    elif i == 813:
        a[i] = 813.0
    elif i == 814:
        a[i] = 814.0
    elif i == 815:
        a[i] = 815.0
    elif i == 816:
        a[i] = 816.0
    elif i == 817:
        a[i] = 817.0
    elif i == 818:
        a[i] = 818.0
    elif i == 819:
        a[i] = 819.0
    elif i == 820:
        a[i] = 820.0
    elif i == 821:
        a[i] = 821.0
    elif i == 822:
        a[i] = 822.0
    elif i == 823:
        a[i] = 823.0
    elif i == 824:
        a[i] = 824.0
    elif i == 825:
        a[i] = 825.0
    elif i == 826:
        a[i] = 826.0
    elif i == 827:
        a[i] = 827.0
    elif i == 828:
        a[i] = 828.0
    elif i == 829:
        a[i] = 829.0
    elif i == 830:
        a[i] = 830.0
    elif i == 831:
        a[i] = 831.0
    elif i == 832:
        a[i] = 832.0
    elif i == 833:
        a[i] = 833.0
    elif i == 834:
        a[i] = 834.0
    elif i == 835:
        a[i] = 835.0
    elif i == 836:
        a[i] = 836.0
    elif i == 837:
        a[i] = 837.0
    elif i == 838:
        a[i] = 838.0
    elif i == 839:
        a[i] = 839.0
    elif i == 840:
        a[i] = 840.0
    elif i == 841:
        a[i] = 841.0
    elif i == 842:
        a[i] = 842.0
    elif i == 843:
        a[i] = 843.0
    elif i == 844:
        a[i] = 844.0
    elif i == 845:
        a[i] = 845.0
    elif i == 846:
        a[i] = 846.0
    elif i == 847:
        a[i] = 847.0
    elif i == 848:
        a[i] = 848.0
    elif i == 849:
        a[i] = 849.0
    elif i == 850:
        a[i] = 850.0
    elif i == 851:
        a[i] = 851.0
    elif i == 852:
        a[i] = 852.0
    elif i == 853:
        a[i] = 853.0
    elif i == 854:
        a[i] = 854.0
    elif i == 855:
        a[i] = 855.0
    elif i == 856:
        a[i] = 856.0
    elif i == 857:
        a[i] = 857.0
    elif i == 858:
        a[i] = 858.0
    elif i == 859:
        a[i] = 859.0
    elif i == 860:
        a[i] = 860.0
    elif i == 861:
        a[i] = 861.0
    elif i == 862:
        a[i] = 862.0
    elif i == 863:
        a[i] = 863.0
    elif i == 864:
        a[i] = 864.0
    elif i == 865:
        a[i] = 865.0
    elif i == 866:
        a[i] = 866.0
    elif i == 867:
        a[i] = 867.0
    elif i == 868:
        a[i] = 868.0
    elif i == 869:
        a[i] = 869.0
    elif i == 870:
        a[i] = 870.0
    elif i == 871:
        a[i] = 871.0
    elif i == 872:
        a[i] = 872.0
    elif i == 873:
        a[i] = 873.0
    elif i == 874:
        a[i] = 874.0
    elif i == 875:
        a[i] = 875.0
    elif i == 876:
        a[i] = 876.0
    elif i == 877:
        a[i] = 877.0
    elif i == 878:
        a[i] = 878.0
    elif i == 879:
        a[i] = 879.0
    elif i == 880:
        a[i] = 880.0
    elif i == 881:
        a[i] = 881.0
    elif i == 882:
        a[i] = 882.0
    elif i == 883:
        a[i] = 883.0
    elif i == 884:
        a[i] = 884.0
    elif i == 885:
        a[i] = 885.0
    elif i == 886:
        a[i] = 886.0
    elif i == 887:
        a[i] = 887.0
    elif i == 888:
        a[i] = 888.0
    elif i == 889:
        a[i] = 889.0
    elif i == 890:
        a[i] = 890.0
    elif i == 891:
        a[i] = 891.0
    elif i == 892:
        a[i] = 892.0
    elif i == 893:
        a[i] = 893.0
    elif i == 894:
        a[i] = 894.0
    elif i == 895:
        a[i] = 895.0
    elif i == 896:
        a[i] = 896.0
    elif i == 897:
        a[i] = 897.0
    elif i == 898:
        a[i] = 898.0
    elif i == 899:
        a[i] = 899.0
    elif i == 900:
        a[i] = 900.0
    elif i == 901:
        a[i] = 901.0
    elif i == 902:
        a[i] = 902.0
    elif i == 903:
        a[i] = 903.0
    elif i == 904:
        a[i] = 904.0
    elif i == 905:
        a[i] = 905.0
    elif i == 906:
        a[i] = 906.0
    elif i == 907:
        a[i] = 907.0
    elif i == 908:
        a[i] = 908.0
    elif i == 909:
        a[i] = 909.0
    elif i == 910:
        a[i] = 910.0
    elif i == 911:
        a[i] = 911.0
    elif i == 912:
        a[i] = 912.0
    elif i == 913:
        a[i] = 913.0
    elif i == 914:
        a[i] = 914.0
    elif i == 915:
        a[i] = 915.0
    elif i == 916:
        a[i] = 916.0
    elif i == 917:
        a[i] = 917.0
    elif i == 918:
        a[i] = 918.0
    elif i == 919:
        a[i] = 919.0
    elif i == 920:
        a[i] = 920.0
    elif i == 921:
        a[i] = 921.0
    elif i == 922:
        a[i] = 922.0
    elif i == 923:
        a[i] = 923.0
    elif i == 924:
        a[i] = 924.0
    elif i == 925:
        a[i] = 925.0
    elif i == 926:
        a[i] = 926.0
    elif i == 927:
        a[i] = 927.0
    elif i == 928:
        a[i] = 928.0
    elif i == 929:
        a[i] = 929.0
    elif i == 930:
        a[i] = 930.0
    elif i == 931:
        a[i] = 931.0
    elif i == 932:
        a[i] = 932.0
    elif i == 933:
        a[i] = 933.0
    elif i == 934:
        a[i] = 934.0
    elif i == 935:
        a[i] = 935.0
    elif i == 936:
        a[i] = 936.0
    elif i == 937:
        a[i] = 937.0
    elif i == 938:
        a[i] = 938.0
    elif i == 939:
        a[i] = 939.0
    elif i == 940:
        a[i] = 940.0
    elif i == 941:
        a[i] = 941.0
    elif i == 942:
        a[i] = 942.0
    elif i == 943:
        a[i] = 943.0
    elif i == 944:
        a[i] = 944.0
    elif i == 945:
        a[i] = 945.0
    elif i == 946:
        a[i] = 946.0
    elif i == 947:
        a[i] = 947.0
    elif i == 948:
        a[i] = 948.0
    elif i == 949:
        a[i] = 949.0
    elif i == 950:
        a[i] = 950.0
    elif i == 951:
        a[i] = 951.0
    elif i == 952:
        a[i] = 952.0
    elif i == 953:
        a[i] = 953.0
    elif i == 954:
        a[i] = 954.0
    elif i == 955:
        a[i] = 955.0
    elif i == 956:
        a[i] = 956.0
    elif i == 957:
        a[i] = 957.0
    elif i == 958:
        a[i] = 958.0
    elif i == 959:
        a[i] = 959.0
    elif i == 960:
        a[i] = 960.0
    elif i == 961:
        a[i] = 961.0
    elif i == 962:
        a[i] = 962.0
    elif i == 963:
        a[i] = 963.0
    elif i == 964:
        a[i] = 964.0
    elif i == 965:
        a[i] = 965.0
    elif i == 966:
        a[i] = 966.0
    elif i == 967:
        a[i] = 967.0
    elif i == 968:
        a[i] = 968.0
    elif i == 969:
        a[i] = 969.0
    elif i == 970:
        a[i] = 970.0
    elif i == 971:
        a[i] = 971.0
    elif i == 972:
        a[i] = 972.0
    elif i == 973:
        a[i] = 973.0
    elif i == 974:
        a[i] = 974.0
    elif i == 975:
        a[i] = 975.0
    elif i == 976:
        a[i] = 976.0
    elif i == 977:
        a[i] = 977.0
    elif i == 978:
        a[i] = 978.0
    elif i == 979:
        a[i] = 979.0
    elif i == 980:
        a[i] = 980.0
    elif i == 981:
        a[i] = 981.0
    elif i == 982:
        a[i] = 982.0
    elif i == 983:
        a[i] = 983.0
    elif i == 984:
        a[i] = 984.0
    elif i == 985:
        a[i] = 985.0
    elif i == 986:
        a[i] = 986.0
    elif i == 987:
        a[i] = 987.0
    elif i == 988:
        a[i] = 988.0
    elif i == 989:
        a[i] = 989.0
    elif i == 990:
        a[i] = 990.0
    elif i == 991:
        a[i] = 991.0
    elif i == 992:
        a[i] = 992.0
    elif i == 993:
        a[i] = 993.0
    elif i == 994:
        a[i] = 994.0
    elif i == 995:
        a[i] = 995.0
    elif i == 996:
        a[i] = 996.0
    elif i == 997:
        a[i] = 997.0
    elif i == 998:
        a[i] = 998.0
    elif i == 999:
        a[i] = 999.0
    elif i == 1000:
        a[i] = 1000.0
    elif i == 1001:
        a[i] = 1001.0
    elif i == 1002:
        a[i] = 1002.0
    elif i == 1003:
        a[i] = 1003.0
    elif i == 1004:
        a[i] = 1004.0
    elif i == 1005:
        a[i] = 1005.0
    elif i == 1006:
        a[i] = 1006.0
    elif i == 1007:
        a[i] = 1007.0
    elif i == 1008:
        a[i] = 1008.0
    elif i == 1009:
        a[i] = 1009.0
    elif i == 1010:
        a[i] = 1010.0
    elif i == 1011:
        a[i] = 1011.0
    elif i == 1012:
        a[i] = 1012.0
    elif i == 1013:
        a[i] = 1013.0
    elif i == 1014:
        a[i] = 1014.0
    elif i == 1015:
        a[i] = 1015.0
    elif i == 1016:
        a[i] = 1016.0
    elif i == 1017:
        a[i] = 1017.0
    elif i == 1018:
        a[i] = 1018.0
    elif i == 1019:
        a[i] = 1019.0
    elif i == 1020:
        a[i] = 1020.0
    elif i == 1021:
        a[i] = 1021.0
    elif i == 1022:
        a[i] = 1022.0
    elif i == 1023:
        a[i] = 1023.0
    elif i == 1024:
        a[i] = 1024.0
    elif i == 1025:
        a[i] = 1025.0
    elif i == 1026:
        a[i] = 1026.0
    elif i == 1027:
        a[i] = 1027.0
    elif i == 1028:
        a[i] = 1028.0
    elif i == 1029:
        a[i] = 1029.0
    elif i == 1030:
        a[i] = 1030.0
    elif i == 1031:
        a[i] = 1031.0
    elif i == 1032:
        a[i] = 1032.0
    elif i == 1033:
        a[i] = 1033.0
    elif i == 1034:
        a[i] = 1034.0
    elif i == 1035:
        a[i] = 1035.0
    elif i == 1036:
        a[i] = 1036.0
    elif i == 1037:
        a[i] = 1037.0
    elif i == 1038:
        a[i] = 1038.0
    elif i == 1039:
        a[i] = 1039.0
    elif i == 1040:
        a[i] = 1040.0
    elif i == 1041:
        a[i] = 1041.0
    elif i == 1042:
        a[i] = 1042.0
    elif i == 1043:
        a[i] = 1043.0
    elif i == 1044:
        a[i] = 1044.0
    elif i == 1045:
        a[i] = 1045.0
    elif i == 1046:
        a[i] = 1046.0
    elif i == 1047:
        a[i] = 1047.0
    elif i == 1048:
        a[i] = 1048.0
    elif i == 1049:
        a[i] = 1049.0
    elif i == 1050:
        a[i] = 1050.0
    elif i == 1051:
        a[i] = 1051.0
    elif i == 1052:
        a[i] = 1052.0
    elif i == 1053:
        a[i] = 1053.0
    elif i == 1054:
        a[i] = 1054.0
    elif i == 1055:
        a[i] = 1055.0
    elif i == 1056:
        a[i] = 1056.0
    elif i == 1057:
        a[i] = 1057.0
    elif i == 1058:
        a[i] = 1058.0
    elif i == 1059:
        a[i] = 1059.0
    elif i == 1060:
        a[i] = 1060.0
    elif i == 1061:
        a[i] = 1061.0
    elif i == 1062:
        a[i] = 1062.0
    elif i == 1063:
        a[i] = 1063.0
    elif i == 1064:
        a[i] = 1064.0
    elif i == 1065:
        a[i] = 1065.0
    elif i == 1066:
        a[i] = 1066.0
    elif i == 1067:
        a[i] = 1067.0
    elif i == 1068:
        a[i] = 1068.0
    elif i == 1069:
        a[i] = 1069.0
    elif i == 1070:
        a[i] = 1070.0
    elif i == 1071:
        a[i] = 1071.0
    elif i == 1072:
        a[i] = 1072.0
    elif i == 1073:
        a[i] = 1073.0
    elif i == 1074:
        a[i] = 1074.0
    elif i == 1075:
        a[i] = 1075.0
    elif i == 1076:
        a[i] = 1076.0
    elif i == 1077:
        a[i] = 1077.0
    elif i == 1078:
        a[i] = 1078.0
    elif i == 1079:
        a[i] = 1079.0
    elif i == 1080:
        a[i] = 1080.0
    elif i == 1081:
        a[i] = 1081.0
    elif i == 1082:
        a[i] = 1082.0
    elif i == 1083:
        a[i] = 1083.0
    elif i == 1084:
        a[i] = 1084.0
    elif i == 1085:
        a[i] = 1085.0
    elif i == 1086:
        a[i] = 1086.0
    elif i == 1087:
        a[i] = 1087.0
    elif i == 1088:
        a[i] = 1088.0
    elif i == 1089:
        a[i] = 1089.0
    elif i == 1090:
        a[i] = 1090.0
    elif i == 1091:
        a[i] = 1091.0
    elif i == 1092:
        a[i] = 1092.0
    elif i == 1093:
        a[i] = 1093.0
    elif i == 1094:
        a[i] = 1094.0
    elif i == 1095:
        a[i] = 1095.0
    elif i == 1096:
        a[i] = 1096.0
    elif i == 1097:
        a[i] = 1097.0
    elif i == 1098:
        a[i] = 1098.0
    elif i == 1099:
        a[i] = 1099.0
    elif i == 1100:
        a[i] = 1100.0
    elif i == 1101:
        a[i] = 1101.0
    elif i == 1102:
        a[i] = 1102.0
    elif i == 1103:
        a[i] = 1103.0
    elif i == 1104:
        a[i] = 1104.0
    elif i == 1105:
        a[i] = 1105.0
    elif i == 1106:
        a[i] = 1106.0
    elif i == 1107:
        a[i] = 1107.0
    elif i == 1108:
        a[i] = 1108.0
    elif i == 1109:
        a[i] = 1109.0
    elif i == 1110:
        a[i] = 1110.0
    elif i == 1111:
        a[i] = 1111.0
    elif i == 1112:
        a[i] = 1112.0
    elif i == 1113:
        a[i] = 1113.0
    elif i == 1114:
        a[i] = 1114.0
    elif i == 1115:
        a[i] = 1115.0
    elif i == 1116:
        a[i] = 1116.0
    elif i == 1117:
        a[i] = 1117.0
    elif i == 1118:
        a[i] = 1118.0
    elif i == 1119:
        a[i] = 1119.0
    elif i == 1120:
        a[i] = 1120.0
    elif i == 1121:
        a[i] = 1121.0
    elif i == 1122:
        a[i] = 1122.0
    elif i == 1123:
        a[i] = 1123.0
    elif i == 1124:
        a[i] = 1124.0
    elif i == 1125:
        a[i] = 1125.0
    elif i == 1126:
        a[i] = 1126.0
    elif i == 1127:
        a[i] = 1127.0
    elif i == 1128:
        a[i] = 1128.0
    elif i == 1129:
        a[i] = 1129.0
    elif i == 1130:
        a[i] = 1130.0
    elif i == 1131:
        a[i] = 1131.0
    elif i == 1132:
        a[i] = 1132.0
    elif i == 1133:
        a[i] = 1133.0
    elif i == 1134:
        a[i] = 1134.0
    elif i == 1135:
        a[i] = 1135.0
    elif i == 1136:
        a[i] = 1136.0
    elif i == 1137:
        a[i] = 1137.0
    elif i == 1138:
        a[i] = 1138.0
    elif i == 1139:
        a[i] = 1139.0
    elif i == 1140:
        a[i] = 1140.0
    elif i == 1141:
        a[i] = 1141.0
    elif i == 1142:
        a[i] = 1142.0
    elif i == 1143:
        a[i] = 1143.0
    elif i == 1144:
        a[i] = 1144.0
    elif i == 1145:
        a[i] = 1145.0
    elif i == 1146:
        a[i] = 1146.0
    elif i == 1147:
        a[i] = 1147.0
    elif i == 1148:
        a[i] = 1148.0
    elif i == 1149:
        a[i] = 1149.0
    elif i == 1150:
        a[i] = 1150.0
    elif i == 1151:
        a[i] = 1151.0
    elif i == 1152:
        a[i] = 1152.0
    elif i == 1153:
        a[i] = 1153.0
    elif i == 1154:
        a[i] = 1154.0
    elif i == 1155:
        a[i] = 1155.0
    elif i == 1156:
        a[i] = 1156.0
    elif i == 1157:
        a[i] = 1157.0
    elif i == 1158:
        a[i] = 1158.0
    elif i == 1159:
        a[i] = 1159.0
    elif i == 1160:
        a[i] = 1160.0
    elif i == 1161:
        a[i] = 1161.0
    elif i == 1162:
        a[i] = 1162.0
    elif i == 1163:
        a[i] = 1163.0
    elif i == 1164:
        a[i] = 1164.0
    elif i == 1165:
        a[i] = 1165.0
    elif i == 1166:
        a[i] = 1166.0
    elif i == 1167:
        a[i] = 1167.0
    elif i == 1168:
        a[i] = 1168.0
    elif i == 1169:
        a[i] = 1169.0
    elif i == 1170:
        a[i] = 1170.0
    elif i == 1171:
        a[i] = 1171.0
    elif i == 1172:
        a[i] = 1172.0
    elif i == 1173:
        a[i] = 1173.0
    elif i == 1174:
        a[i] = 1174.0
    elif i == 1175:
        a[i] = 1175.0
    elif i == 1176:
        a[i] = 1176.0
    elif i == 1177:
        a[i] = 1177.0
    elif i == 1178:
        a[i] = 1178.0
    elif i == 1179:
        a[i] = 1179.0
    elif i == 1180:
        a[i] = 1180.0
    elif i == 1181:
        a[i] = 1181.0
    elif i == 1182:
        a[i] = 1182.0
    elif i == 1183:
        a[i] = 1183.0
    elif i == 1184:
        a[i] = 1184.0
    elif i == 1185:
        a[i] = 1185.0
    elif i == 1186:
        a[i] = 1186.0
    elif i == 1187:
        a[i] = 1187.0
    elif i == 1188:
        a[i] = 1188.0
    elif i == 1189:
        a[i] = 1189.0
    elif i == 1190:
        a[i] = 1190.0
    elif i == 1191:
        a[i] = 1191.0
    elif i == 1192:
        a[i] = 1192.0
    elif i == 1193:
        a[i] = 1193.0
    elif i == 1194:
        a[i] = 1194.0
    elif i == 1195:
        a[i] = 1195.0
    elif i == 1196:
        a[i] = 1196.0
    elif i == 1197:
        a[i] = 1197.0
    elif i == 1198:
        a[i] = 1198.0
    elif i == 1199:
        a[i] = 1199.0
    elif i == 1200:
        a[i] = 1200.0
    elif i == 1201:
        a[i] = 1201.0
    elif i == 1202:
        a[i] = 1202.0
    elif i == 1203:
        a[i] = 1203.0
    elif i == 1204:
        a[i] = 1204.0
    elif i == 1205:
        a[i] = 1205.0
    elif i == 1206:
        a[i] = 1206.0
    elif i == 1207:
        a[i] = 1207.0
    elif i == 1208:
        a[i] = 1208.0
    elif i == 1209:
        a[i] = 1209.0
    elif i == 1210:
        a[i] = 1210.0
    elif i == 1211:
        a[i] = 1211.0
    elif i == 1212:
        a[i] = 1212.0
    elif i == 1213:
        a[i] = 1213.0
    elif i == 1214:
        a[i] = 1214.0
    elif i == 1215:
        a[i] = 1215.0
    elif i == 1216:
        a[i] = 1216.0
    elif i == 1217:
        a[i] = 1217.0
    elif i == 1218:
        a[i] = 1218.0
    elif i == 1219:
        a[i] = 1219.0
    elif i == 1220:
        a[i] = 1220.0
    elif i == 1221:
        a[i] = 1221.0
    elif i == 1222:
        a[i] = 1222.0
    elif i == 1223:
        a[i] = 1223.0
    elif i == 1224:
        a[i] = 1224.0
    elif i == 1225:
        a[i] = 1225.0
    elif i == 1226:
        a[i] = 1226.0
    elif i == 1227:
        a[i] = 1227.0
    elif i == 1228:
        a[i] = 1228.0
    elif i == 1229:
        a[i] = 1229.0
    elif i == 1230:
        a[i] = 1230.0
    elif i == 1231:
        a[i] = 1231.0
    elif i == 1232:
        a[i] = 1232.0
    elif i == 1233:
        a[i] = 1233.0
    elif i == 1234:
        a[i] = 1234.0
    elif i == 1235:
        a[i] = 1235.0
    elif i == 1236:
        a[i] = 1236.0
    elif i == 1237:
        a[i] = 1237.0
    elif i == 1238:
        a[i] = 1238.0
    elif i == 1239:
        a[i] = 1239.0
    elif i == 1240:
        a[i] = 1240.0
    elif i == 1241:
        a[i] = 1241.0
    elif i == 1242:
        a[i] = 1242.0
    elif i == 1243:
        a[i] = 1243.0
    elif i == 1244:
        a[i] = 1244.0
    elif i == 1245:
        a[i] = 1245.0
    elif i == 1246:
        a[i] = 1246.0
    elif i == 1247:
        a[i] = 1247.0
    elif i == 1248:
        a[i] = 1248.0
    elif i == 1249:
        a[i] = 1249.0
    elif i == 1250:
        a[i] = 1250.0
    elif i == 1251:
        a[i] = 1251.0
    elif i == 1252:
        a[i] = 1252.0
    elif i == 1253:
        a[i] = 1253.0
    elif i == 1254:
        a[i] = 1254.0
    elif i == 1255:
        a[i] = 1255.0
    elif i == 1256:
        a[i] = 1256.0
    elif i == 1257:
        a[i] = 1257.0
    elif i == 1258:
        a[i] = 1258.0
    elif i == 1259:
        a[i] = 1259.0
    elif i == 1260:
        a[i] = 1260.0
    elif i == 1261:
        a[i] = 1261.0
    elif i == 1262:
        a[i] = 1262.0
    elif i == 1263:
        a[i] = 1263.0
    elif i == 1264:
        a[i] = 1264.0
    elif i == 1265:
        a[i] = 1265.0
    elif i == 1266:
        a[i] = 1266.0
    elif i == 1267:
        a[i] = 1267.0
    elif i == 1268:
        a[i] = 1268.0
    elif i == 1269:
        a[i] = 1269.0
    elif i == 1270:
        a[i] = 1270.0
    elif i == 1271:
        a[i] = 1271.0
    elif i == 1272:
        a[i] = 1272.0
    elif i == 1273:
        a[i] = 1273.0
    elif i == 1274:
        a[i] = 1274.0
    elif i == 1275:
        a[i] = 1275.0
    elif i == 1276:
        a[i] = 1276.0
    elif i == 1277:
        a[i] = 1277.0
    elif i == 1278:
        a[i] = 1278.0
    elif i == 1279:
        a[i] = 1279.0
    elif i == 1280:
        a[i] = 1280.0
    elif i == 1281:
        a[i] = 1281.0
    elif i == 1282:
        a[i] = 1282.0
    elif i == 1283:
        a[i] = 1283.0
    elif i == 1284:
        a[i] = 1284.0
    elif i == 1285:
        a[i] = 1285.0
    elif i == 1286:
        a[i] = 1286.0
    elif i == 1287:
        a[i] = 1287.0
    elif i == 1288:
        a[i] = 1288.0
    elif i == 1289:
        a[i] = 1289.0
    elif i == 1290:
        a[i] = 1290.0
    elif i == 1291:
        a[i] = 1291.0
    elif i == 1292:
        a[i] = 1292.0
    elif i == 1293:
        a[i] = 1293.0
    elif i == 1294:
        a[i] = 1294.0
    elif i == 1295:
        a[i] = 1295.0
    elif i == 1296:
        a[i] = 1296.0
    elif i == 1297:
        a[i] = 1297.0
    elif i == 1298:
        a[i] = 1298.0
    elif i == 1299:
        a[i] = 1299.0
    elif i == 1300:
        a[i] = 1300.0
    elif i == 1301:
        a[i] = 1301.0
    elif i == 1302:
        a[i] = 1302.0
    elif i == 1303:
        a[i] = 1303.0
    elif i == 1304:
        a[i] = 1304.0
    elif i == 1305:
        a[i] = 1305.0
    elif i == 1306:
        a[i] = 1306.0
    elif i == 1307:
        a[i] = 1307.0
    elif i == 1308:
        a[i] = 1308.0
    elif i == 1309:
        a[i] = 1309.0
    elif i == 1310:
        a[i] = 1310.0
    elif i == 1311:
        a[i] = 1311.0
    elif i == 1312:
        a[i] = 1312.0
    elif i == 1313:
        a[i] = 1313.0
    elif i == 1314:
        a[i] = 1314.0
    elif i == 1315:
        a[i] = 1315.0
    elif i == 1316:
        a[i] = 1316.0
    elif i == 1317:
        a[i] = 1317.0
    elif i == 1318:
        a[i] = 1318.0
    elif i == 1319:
        a[i] = 1319.0
    elif i == 1320:
        a[i] = 1320.0
    elif i == 1321:
        a[i] = 1321.0
    elif i == 1322:
        a[i] = 1322.0
    elif i == 1323:
        a[i] = 1323.0
    elif i == 1324:
        a[i] = 1324.0
    elif i == 1325:
        a[i] = 1325.0
    elif i == 1326:
        a[i] = 1326.0
    elif i == 1327:
        a[i] = 1327.0
    elif i == 1328:
        a[i] = 1328.0
    elif i == 1329:
        a[i] = 1329.0
    elif i == 1330:
        a[i] = 1330.0
    elif i == 1331:
        a[i] = 1331.0
    elif i == 1332:
        a[i] = 1332.0
    elif i == 1333:
        a[i] = 1333.0
    elif i == 1334:
        a[i] = 1334.0
    elif i == 1335:
        a[i] = 1335.0
    elif i == 1336:
        a[i] = 1336.0
    elif i == 1337:
        a[i] = 1337.0
    elif i == 1338:
        a[i] = 1338.0
    elif i == 1339:
        a[i] = 1339.0
    elif i == 1340:
        a[i] = 1340.0
    elif i == 1341:
        a[i] = 1341.0
    elif i == 1342:
        a[i] = 1342.0
    elif i == 1343:
        a[i] = 1343.0
    elif i == 1344:
        a[i] = 1344.0
    elif i == 1345:
        a[i] = 1345.0
    elif i == 1346:
        a[i] = 1346.0
    elif i == 1347:
        a[i] = 1347.0
    elif i == 1348:
        a[i] = 1348.0
    elif i == 1349:
        a[i] = 1349.0
    elif i == 1350:
        a[i] = 1350.0
    elif i == 1351:
        a[i] = 1351.0
    elif i == 1352:
        a[i] = 1352.0
    elif i == 1353:
        a[i] = 1353.0
    elif i == 1354:
        a[i] = 1354.0
    elif i == 1355:
        a[i] = 1355.0
    elif i == 1356:
        a[i] = 1356.0
    elif i == 1357:
        a[i] = 1357.0
    elif i == 1358:
        a[i] = 1358.0
    elif i == 1359:
        a[i] = 1359.0
    elif i == 1360:
        a[i] = 1360.0
    elif i == 1361:
        a[i] = 1361.0
    elif i == 1362:
        a[i] = 1362.0
    elif i == 1363:
        a[i] = 1363.0
    elif i == 1364:
        a[i] = 1364.0
    elif i == 1365:
        a[i] = 1365.0
    elif i == 1366:
        a[i] = 1366.0
    elif i == 1367:
        a[i] = 1367.0
    elif i == 1368:
        a[i] = 1368.0
    elif i == 1369:
        a[i] = 1369.0
    elif i == 1370:
        a[i] = 1370.0
    elif i == 1371:
        a[i] = 1371.0
    elif i == 1372:
        a[i] = 1372.0
    elif i == 1373:
        a[i] = 1373.0
    elif i == 1374:
        a[i] = 1374.0
    elif i == 1375:
        a[i] = 1375.0
    elif i == 1376:
        a[i] = 1376.0
    elif i == 1377:
        a[i] = 1377.0
    elif i == 1378:
        a[i] = 1378.0
    elif i == 1379:
        a[i] = 1379.0
    elif i == 1380:
        a[i] = 1380.0
    elif i == 1381:
        a[i] = 1381.0
    elif i == 1382:
        a[i] = 1382.0
    elif i == 1383:
        a[i] = 1383.0
    elif i == 1384:
        a[i] = 1384.0
    elif i == 1385:
        a[i] = 1385.0
    elif i == 1386:
        a[i] = 1386.0
    elif i == 1387:
        a[i] = 1387.0
    elif i == 1388:
        a[i] = 1388.0
    elif i == 1389:
        a[i] = 1389.0
    elif i == 1390:
        a[i] = 1390.0
    elif i == 1391:
        a[i] = 1391.0
    elif i == 1392:
        a[i] = 1392.0
    elif i == 1393:
        a[i] = 1393.0
    elif i == 1394:
        a[i] = 1394.0
    elif i == 1395:
        a[i] = 1395.0
    elif i == 1396:
        a[i] = 1396.0
    elif i == 1397:
        a[i] = 1397.0
    elif i == 1398:
        a[i] = 1398.0
    elif i == 1399:
        a[i] = 1399.0
    elif i == 1400:
        a[i] = 1400.0
    elif i == 1401:
        a[i] = 1401.0
    elif i == 1402:
        a[i] = 1402.0
    elif i == 1403:
        a[i] = 1403.0
    elif i == 1404:
        a[i] = 1404.0
    elif i == 1405:
        a[i] = 1405.0
    elif i == 1406:
        a[i] = 1406.0
    elif i == 1407:
        a[i] = 1407.0
    elif i == 1408:
        a[i] = 1408.0
    elif i == 1409:
        a[i] = 1409.0
    elif i == 1410:
        a[i] = 1410.0
    elif i == 1411:
        a[i] = 1411.0
    elif i == 1412:
        a[i] = 1412.0
    elif i == 1413:
        a[i] = 1413.0
    elif i == 1414:
        a[i] = 1414.0
    elif i == 1415:
        a[i] = 1415.0
    elif i == 1416:
        a[i] = 1416.0
    elif i == 1417:
        a[i] = 1417.0
    elif i == 1418:
        a[i] = 1418.0
    elif i == 1419:
        a[i] = 1419.0
    elif i == 1420:
        a[i] = 1420.0
    elif i == 1421:
        a[i] = 1421.0
    elif i == 1422:
        a[i] = 1422.0
    elif i == 1423:
        a[i] = 1423.0
    elif i == 1424:
        a[i] = 1424.0
    elif i == 1425:
        a[i] = 1425.0
    elif i == 1426:
        a[i] = 1426.0
    elif i == 1427:
        a[i] = 1427.0
    elif i == 1428:
        a[i] = 1428.0
    elif i == 1429:
        a[i] = 1429.0
    elif i == 1430:
        a[i] = 1430.0
    elif i == 1431:
        a[i] = 1431.0
    elif i == 1432:
        a[i] = 1432.0
    elif i == 1433:
        a[i] = 1433.0
    elif i == 1434:
        a[i] = 1434.0
    elif i == 1435:
        a[i] = 1435.0
    elif i == 1436:
        a[i] = 1436.0
    elif i == 1437:
        a[i] = 1437.0
    elif i == 1438:
        a[i] = 1438.0
    elif i == 1439:
        a[i] = 1439.0
    elif i == 1440:
        a[i] = 1440.0
    elif i == 1441:
        a[i] = 1441.0
    elif i == 1442:
        a[i] = 1442.0
    elif i == 1443:
        a[i] = 1443.0
    elif i == 1444:
        a[i] = 1444.0
    elif i == 1445:
        a[i] = 1445.0
    elif i == 1446:
        a[i] = 1446.0
    elif i == 1447:
        a[i] = 1447.0
    elif i == 1448:
        a[i] = 1448.0
    elif i == 1449:
        a[i] = 1449.0
    elif i == 1450:
        a[i] = 1450.0
    elif i == 1451:
        a[i] = 1451.0
    elif i == 1452:
        a[i] = 1452.0
    elif i == 1453:
        a[i] = 1453.0
    elif i == 1454:
        a[i] = 1454.0
    elif i == 1455:
        a[i] = 1455.0
    elif i == 1456:
        a[i] = 1456.0
    elif i == 1457:
        a[i] = 1457.0
    elif i == 1458:
        a[i] = 1458.0
    elif i == 1459:
        a[i] = 1459.0
    elif i == 1460:
        a[i] = 1460.0
    elif i == 1461:
        a[i] = 1461.0
    elif i == 1462:
        a[i] = 1462.0
    elif i == 1463:
        a[i] = 1463.0
    elif i == 1464:
        a[i] = 1464.0
    elif i == 1465:
        a[i] = 1465.0
    elif i == 1466:
        a[i] = 1466.0
    elif i == 1467:
        a[i] = 1467.0
    elif i == 1468:
        a[i] = 1468.0
    elif i == 1469:
        a[i] = 1469.0
    elif i == 1470:
        a[i] = 1470.0
    elif i == 1471:
        a[i] = 1471.0
    elif i == 1472:
        a[i] = 1472.0
    elif i == 1473:
        a[i] = 1473.0
    elif i == 1474:
        a[i] = 1474.0
    elif i == 1475:
        a[i] = 1475.0
    elif i == 1476:
        a[i] = 1476.0
    elif i == 1477:
        a[i] = 1477.0
    elif i == 1478:
        a[i] = 1478.0
    elif i == 1479:
        a[i] = 1479.0
    elif i == 1480:
        a[i] = 1480.0
    elif i == 1481:
        a[i] = 1481.0
    elif i == 1482:
        a[i] = 1482.0
    elif i == 1483:
        a[i] = 1483.0
    elif i == 1484:
        a[i] = 1484.0
    elif i == 1485:
        a[i] = 1485.0
    elif i == 1486:
        a[i] = 1486.0
    elif i == 1487:
        a[i] = 1487.0
    elif i == 1488:
        a[i] = 1488.0
    elif i == 1489:
        a[i] = 1489.0
    elif i == 1490:
        a[i] = 1490.0
    elif i == 1491:
        a[i] = 1491.0
    elif i == 1492:
        a[i] = 1492.0
    elif i == 1493:
        a[i] = 1493.0
    elif i == 1494:
        a[i] = 1494.0
    elif i == 1495:
        a[i] = 1495.0
    elif i == 1496:
        a[i] = 1496.0
    elif i == 1497:
        a[i] = 1497.0
    elif i == 1498:
        a[i] = 1498.0
    elif i == 1499:
        a[i] = 1499.0
    elif i == 1500:
        a[i] = 1500.0
    elif i == 1501:
        a[i] = 1501.0
    elif i == 1502:
        a[i] = 1502.0
    elif i == 1503:
        a[i] = 1503.0
    elif i == 1504:
        a[i] = 1504.0
    elif i == 1505:
        a[i] = 1505.0
    elif i == 1506:
        a[i] = 1506.0
    elif i == 1507:
        a[i] = 1507.0
    elif i == 1508:
        a[i] = 1508.0
    elif i == 1509:
        a[i] = 1509.0
    elif i == 1510:
        a[i] = 1510.0
    elif i == 1511:
        a[i] = 1511.0
    elif i == 1512:
        a[i] = 1512.0
    elif i == 1513:
        a[i] = 1513.0
    elif i == 1514:
        a[i] = 1514.0
    elif i == 1515:
        a[i] = 1515.0
    elif i == 1516:
        a[i] = 1516.0
    elif i == 1517:
        a[i] = 1517.0
    elif i == 1518:
        a[i] = 1518.0
    elif i == 1519:
        a[i] = 1519.0
    elif i == 1520:
        a[i] = 1520.0
    elif i == 1521:
        a[i] = 1521.0
    elif i == 1522:
        a[i] = 1522.0
    elif i == 1523:
        a[i] = 1523.0
    elif i == 1524:
        a[i] = 1524.0
    elif i == 1525:
        a[i] = 1525.0
    elif i == 1526:
        a[i] = 1526.0
    elif i == 1527:
        a[i] = 1527.0
    elif i == 1528:
        a[i] = 1528.0
    elif i == 1529:
        a[i] = 1529.0
    elif i == 1530:
        a[i] = 1530.0
    elif i == 1531:
        a[i] = 1531.0
    elif i == 1532:
        a[i] = 1532.0
    elif i == 1533:
        a[i] = 1533.0
    elif i == 1534:
        a[i] = 1534.0
    elif i == 1535:
        a[i] = 1535.0
    elif i == 1536:
        a[i] = 1536.0
    elif i == 1537:
        a[i] = 1537.0
    elif i == 1538:
        a[i] = 1538.0
    elif i == 1539:
        a[i] = 1539.0
    elif i == 1540:
        a[i] = 1540.0
    elif i == 1541:
        a[i] = 1541.0
    elif i == 1542:
        a[i] = 1542.0
    elif i == 1543:
        a[i] = 1543.0
    elif i == 1544:
        a[i] = 1544.0
    elif i == 1545:
        a[i] = 1545.0
    elif i == 1546:
        a[i] = 1546.0
    elif i == 1547:
        a[i] = 1547.0
    elif i == 1548:
        a[i] = 1548.0
    elif i == 1549:
        a[i] = 1549.0
    elif i == 1550:
        a[i] = 1550.0
    elif i == 1551:
        a[i] = 1551.0
    elif i == 1552:
        a[i] = 1552.0
    elif i == 1553:
        a[i] = 1553.0
    elif i == 1554:
        a[i] = 1554.0
    elif i == 1555:
        a[i] = 1555.0
    elif i == 1556:
        a[i] = 1556.0
    elif i == 1557:
        a[i] = 1557.0
    elif i == 1558:
        a[i] = 1558.0
    elif i == 1559:
        a[i] = 1559.0
    elif i == 1560:
        a[i] = 1560.0
    elif i == 1561:
        a[i] = 1561.0
    elif i == 1562:
        a[i] = 1562.0
    elif i == 1563:
        a[i] = 1563.0
    elif i == 1564:
        a[i] = 1564.0
    elif i == 1565:
        a[i] = 1565.0
    elif i == 1566:
        a[i] = 1566.0
    elif i == 1567:
        a[i] = 1567.0
    elif i == 1568:
        a[i] = 1568.0
    elif i == 1569:
        a[i] = 1569.0
    elif i == 1570:
        a[i] = 1570.0
    elif i == 1571:
        a[i] = 1571.0
    elif i == 1572:
        a[i] = 1572.0
    elif i == 1573:
        a[i] = 1573.0
    elif i == 1574:
        a[i] = 1574.0
    elif i == 1575:
        a[i] = 1575.0
    elif i == 1576:
        a[i] = 1576.0
    elif i == 1577:
        a[i] = 1577.0
    elif i == 1578:
        a[i] = 1578.0
    elif i == 1579:
        a[i] = 1579.0
    elif i == 1580:
        a[i] = 1580.0
    elif i == 1581:
        a[i] = 1581.0
    elif i == 1582:
        a[i] = 1582.0
    elif i == 1583:
        a[i] = 1583.0
    elif i == 1584:
        a[i] = 1584.0
    elif i == 1585:
        a[i] = 1585.0
    elif i == 1586:
        a[i] = 1586.0
    elif i == 1587:
        a[i] = 1587.0
    elif i == 1588:
        a[i] = 1588.0
    elif i == 1589:
        a[i] = 1589.0
    elif i == 1590:
        a[i] = 1590.0
    elif i == 1591:
        a[i] = 1591.0
    elif i == 1592:
        a[i] = 1592.0
    elif i == 1593:
        a[i] = 1593.0
    elif i == 1594:
        a[i] = 1594.0
    elif i == 1595:
        a[i] = 1595.0
    elif i == 1596:
        a[i] = 1596.0
    elif i == 1597:
        a[i] = 1597.0
    elif i == 1598:
        a[i] = 1598.0
    elif i == 1599:
        a[i] = 1599.0
    elif i == 1600:
        a[i] = 1600.0
    elif i == 1601:
        a[i] = 1601.0
    elif i == 1602:
        a[i] = 1602.0
    elif i == 1603:
        a[i] = 1603.0
    elif i == 1604:
        a[i] = 1604.0
    elif i == 1605:
        a[i] = 1605.0
    elif i == 1606:
        a[i] = 1606.0
    elif i == 1607:
        a[i] = 1607.0
    elif i == 1608:
        a[i] = 1608.0
    elif i == 1609:
        a[i] = 1609.0
    elif i == 1610:
        a[i] = 1610.0
    elif i == 1611:
        a[i] = 1611.0
    elif i == 1612:
        a[i] = 1612.0
    elif i == 1613:
        a[i] = 1613.0
    elif i == 1614:
        a[i] = 1614.0
    elif i == 1615:
        a[i] = 1615.0
    elif i == 1616:
        a[i] = 1616.0
    elif i == 1617:
        a[i] = 1617.0
    elif i == 1618:
        a[i] = 1618.0
    elif i == 1619:
        a[i] = 1619.0
    elif i == 1620:
        a[i] = 1620.0
    elif i == 1621:
        a[i] = 1621.0
    elif i == 1622:
        a[i] = 1622.0
    elif i == 1623:
        a[i] = 1623.0
    elif i == 1624:
        a[i] = 1624.0
    elif i == 1625:
        a[i] = 1625.0
    elif i == 1626:
        a[i] = 1626.0
    elif i == 1627:
        a[i] = 1627.0
    elif i == 1628:
        a[i] = 1628.0
    elif i == 1629:
        a[i] = 1629.0
    elif i == 1630:
        a[i] = 1630.0
    elif i == 1631:
        a[i] = 1631.0
    elif i == 1632:
        a[i] = 1632.0
    elif i == 1633:
        a[i] = 1633.0
    elif i == 1634:
        a[i] = 1634.0
    elif i == 1635:
        a[i] = 1635.0
    elif i == 1636:
        a[i] = 1636.0
    elif i == 1637:
        a[i] = 1637.0
    elif i == 1638:
        a[i] = 1638.0
    elif i == 1639:
        a[i] = 1639.0
    elif i == 1640:
        a[i] = 1640.0
    elif i == 1641:
        a[i] = 1641.0
    elif i == 1642:
        a[i] = 1642.0
    elif i == 1643:
        a[i] = 1643.0
    elif i == 1644:
        a[i] = 1644.0
    elif i == 1645:
        a[i] = 1645.0
    elif i == 1646:
        a[i] = 1646.0
    elif i == 1647:
        a[i] = 1647.0
    elif i == 1648:
        a[i] = 1648.0
    elif i == 1649:
        a[i] = 1649.0
    elif i == 1650:
        a[i] = 1650.0
    elif i == 1651:
        a[i] = 1651.0
    elif i == 1652:
        a[i] = 1652.0
    elif i == 1653:
        a[i] = 1653.0
    elif i == 1654:
        a[i] = 1654.0
    elif i == 1655:
        a[i] = 1655.0
    elif i == 1656:
        a[i] = 1656.0
    elif i == 1657:
        a[i] = 1657.0
    elif i == 1658:
        a[i] = 1658.0
    elif i == 1659:
        a[i] = 1659.0
    elif i == 1660:
        a[i] = 1660.0
    elif i == 1661:
        a[i] = 1661.0
    elif i == 1662:
        a[i] = 1662.0
    elif i == 1663:
        a[i] = 1663.0
    elif i == 1664:
        a[i] = 1664.0
    elif i == 1665:
        a[i] = 1665.0
    elif i == 1666:
        a[i] = 1666.0
    elif i == 1667:
        a[i] = 1667.0
    elif i == 1668:
        a[i] = 1668.0
    elif i == 1669:
        a[i] = 1669.0
    elif i == 1670:
        a[i] = 1670.0
    elif i == 1671:
        a[i] = 1671.0
    elif i == 1672:
        a[i] = 1672.0
    elif i == 1673:
        a[i] = 1673.0
    elif i == 1674:
        a[i] = 1674.0
    elif i == 1675:
        a[i] = 1675.0
    elif i == 1676:
        a[i] = 1676.0
    elif i == 1677:
        a[i] = 1677.0
    elif i == 1678:
        a[i] = 1678.0
    elif i == 1679:
        a[i] = 1679.0
    elif i == 1680:
        a[i] = 1680.0
    elif i == 1681:
        a[i] = 1681.0
    elif i == 1682:
        a[i] = 1682.0
    elif i == 1683:
        a[i] = 1683.0
    elif i == 1684:
        a[i] = 1684.0
    elif i == 1685:
        a[i] = 1685.0
    elif i == 1686:
        a[i] = 1686.0
    elif i == 1687:
        a[i] = 1687.0
    elif i == 1688:
        a[i] = 1688.0
    elif i == 1689:
        a[i] = 1689.0
    elif i == 1690:
        a[i] = 1690.0
    elif i == 1691:
        a[i] = 1691.0
    elif i == 1692:
        a[i] = 1692.0
    elif i == 1693:
        a[i] = 1693.0
    elif i == 1694:
        a[i] = 1694.0
    elif i == 1695:
        a[i] = 1695.0
    elif i == 1696:
        a[i] = 1696.0
    elif i == 1697:
        a[i] = 1697.0
    elif i == 1698:
        a[i] = 1698.0
    elif i == 1699:
        a[i] = 1699.0
    elif i == 1700:
        a[i] = 1700.0
    elif i == 1701:
        a[i] = 1701.0
    elif i == 1702:
        a[i] = 1702.0
    elif i == 1703:
        a[i] = 1703.0
    elif i == 1704:
        a[i] = 1704.0
    elif i == 1705:
        a[i] = 1705.0
    elif i == 1706:
        a[i] = 1706.0
    elif i == 1707:
        a[i] = 1707.0
    elif i == 1708:
        a[i] = 1708.0
    elif i == 1709:
        a[i] = 1709.0
    elif i == 1710:
        a[i] = 1710.0
    elif i == 1711:
        a[i] = 1711.0
    elif i == 1712:
        a[i] = 1712.0
    elif i == 1713:
        a[i] = 1713.0
    elif i == 1714:
        a[i] = 1714.0
    elif i == 1715:
        a[i] = 1715.0
    elif i == 1716:
        a[i] = 1716.0
    elif i == 1717:
        a[i] = 1717.0
    elif i == 1718:
        a[i] = 1718.0
    elif i == 1719:
        a[i] = 1719.0
    elif i == 1720:
        a[i] = 1720.0
    elif i == 1721:
        a[i] = 1721.0
    elif i == 1722:
        a[i] = 1722.0
    elif i == 1723:
        a[i] = 1723.0
    elif i == 1724:
        a[i] = 1724.0
    elif i == 1725:
        a[i] = 1725.0
    elif i == 1726:
        a[i] = 1726.0
    elif i == 1727:
        a[i] = 1727.0
    elif i == 1728:
        a[i] = 1728.0
    elif i == 1729:
        a[i] = 1729.0
    elif i == 1730:
        a[i] = 1730.0
    elif i == 1731:
        a[i] = 1731.0
    elif i == 1732:
        a[i] = 1732.0
    elif i == 1733:
        a[i] = 1733.0
    elif i == 1734:
        a[i] = 1734.0
    elif i == 1735:
        a[i] = 1735.0
    elif i == 1736:
        a[i] = 1736.0
    elif i == 1737:
        a[i] = 1737.0
    elif i == 1738:
        a[i] = 1738.0
    elif i == 1739:
        a[i] = 1739.0
    elif i == 1740:
        a[i] = 1740.0
    elif i == 1741:
        a[i] = 1741.0
    elif i == 1742:
        a[i] = 1742.0
    elif i == 1743:
        a[i] = 1743.0
    elif i == 1744:
        a[i] = 1744.0
    elif i == 1745:
        a[i] = 1745.0
    elif i == 1746:
        a[i] = 1746.0
    elif i == 1747:
        a[i] = 1747.0
    elif i == 1748:
        a[i] = 1748.0
    elif i == 1749:
        a[i] = 1749.0
    elif i == 1750:
        a[i] = 1750.0
    elif i == 1751:
        a[i] = 1751.0
    elif i == 1752:
        a[i] = 1752.0
    elif i == 1753:
        a[i] = 1753.0
    elif i == 1754:
        a[i] = 1754.0
    elif i == 1755:
        a[i] = 1755.0
    elif i == 1756:
        a[i] = 1756.0
    elif i == 1757:
        a[i] = 1757.0
    elif i == 1758:
        a[i] = 1758.0
    elif i == 1759:
        a[i] = 1759.0
    elif i == 1760:
        a[i] = 1760.0
    elif i == 1761:
        a[i] = 1761.0
    elif i == 1762:
        a[i] = 1762.0
    elif i == 1763:
        a[i] = 1763.0
    elif i == 1764:
        a[i] = 1764.0
    elif i == 1765:
        a[i] = 1765.0
    elif i == 1766:
        a[i] = 1766.0
    elif i == 1767:
        a[i] = 1767.0
    elif i == 1768:
        a[i] = 1768.0
    elif i == 1769:
        a[i] = 1769.0
    elif i == 1770:
        a[i] = 1770.0
    elif i == 1771:
        a[i] = 1771.0
    elif i == 1772:
        a[i] = 1772.0
    elif i == 1773:
        a[i] = 1773.0
    elif i == 1774:
        a[i] = 1774.0
    elif i == 1775:
        a[i] = 1775.0
    elif i == 1776:
        a[i] = 1776.0
    elif i == 1777:
        a[i] = 1777.0
    elif i == 1778:
        a[i] = 1778.0
    elif i == 1779:
        a[i] = 1779.0
    elif i == 1780:
        a[i] = 1780.0
    elif i == 1781:
        a[i] = 1781.0
    elif i == 1782:
        a[i] = 1782.0
    elif i == 1783:
        a[i] = 1783.0
    elif i == 1784:
        a[i] = 1784.0
    elif i == 1785:
        a[i] = 1785.0
    elif i == 1786:
        a[i] = 1786.0
    elif i == 1787:
        a[i] = 1787.0
    elif i == 1788:
        a[i] = 1788.0
    elif i == 1789:
        a[i] = 1789.0
    elif i == 1790:
        a[i] = 1790.0
    elif i == 1791:
        a[i] = 1791.0
    elif i == 1792:
        a[i] = 1792.0
    elif i == 1793:
        a[i] = 1793.0
    elif i == 1794:
        a[i] = 1794.0
    elif i == 1795:
        a[i] = 1795.0
    elif i == 1796:
        a[i] = 1796.0
    elif i == 1797:
        a[i] = 1797.0
    elif i == 1798:
        a[i] = 1798.0
    elif i == 1799:
        a[i] = 1799.0
    elif i == 1800:
        a[i] = 1800.0
    elif i == 1801:
        a[i] = 1801.0
    elif i == 1802:
        a[i] = 1802.0
    elif i == 1803:
        a[i] = 1803.0
    elif i == 1804:
        a[i] = 1804.0
    elif i == 1805:
        a[i] = 1805.0
    elif i == 1806:
        a[i] = 1806.0
    elif i == 1807:
        a[i] = 1807.0
    elif i == 1808:
        a[i] = 1808.0
    elif i == 1809:
        a[i] = 1809.0
    elif i == 1810:
        a[i] = 1810.0
    elif i == 1811:
        a[i] = 1811.0
    elif i == 1812:
        a[i] = 1812.0
    elif i == 1813:
        a[i] = 1813.0
    elif i == 1814:
        a[i] = 1814.0
    elif i == 1815:
        a[i] = 1815.0
    elif i == 1816:
        a[i] = 1816.0
    elif i == 1817:
        a[i] = 1817.0
    elif i == 1818:
        a[i] = 1818.0
    elif i == 1819:
        a[i] = 1819.0
    elif i == 1820:
        a[i] = 1820.0
    elif i == 1821:
        a[i] = 1821.0
    elif i == 1822:
        a[i] = 1822.0
    elif i == 1823:
        a[i] = 1823.0
    elif i == 1824:
        a[i] = 1824.0
    elif i == 1825:
        a[i] = 1825.0
    elif i == 1826:
        a[i] = 1826.0
    elif i == 1827:
        a[i] = 1827.0
    elif i == 1828:
        a[i] = 1828.0
    elif i == 1829:
        a[i] = 1829.0
    elif i == 1830:
        a[i] = 1830.0
    elif i == 1831:
        a[i] = 1831.0
    elif i == 1832:
        a[i] = 1832.0
    elif i == 1833:
        a[i] = 1833.0
    elif i == 1834:
        a[i] = 1834.0
    elif i == 1835:
        a[i] = 1835.0
    elif i == 1836:
        a[i] = 1836.0
    elif i == 1837:
        a[i] = 1837.0
    elif i == 1838:
        a[i] = 1838.0
    elif i == 1839:
        a[i] = 1839.0
    elif i == 1840:
        a[i] = 1840.0
    elif i == 1841:
        a[i] = 1841.0
    elif i == 1842:
        a[i] = 1842.0
    elif i == 1843:
        a[i] = 1843.0
    elif i == 1844:
        a[i] = 1844.0
    elif i == 1845:
        a[i] = 1845.0
    elif i == 1846:
        a[i] = 1846.0
    elif i == 1847:
        a[i] = 1847.0
    elif i == 1848:
        a[i] = 1848.0
    elif i == 1849:
        a[i] = 1849.0
    elif i == 1850:
        a[i] = 1850.0
    elif i == 1851:
        a[i] = 1851.0
    elif i == 1852:
        a[i] = 1852.0
    elif i == 1853:
        a[i] = 1853.0
    elif i == 1854:
        a[i] = 1854.0
    elif i == 1855:
        a[i] = 1855.0
    elif i == 1856:
        a[i] = 1856.0
    elif i == 1857:
        a[i] = 1857.0
    elif i == 1858:
        a[i] = 1858.0
    elif i == 1859:
        a[i] = 1859.0
    elif i == 1860:
        a[i] = 1860.0
    elif i == 1861:
        a[i] = 1861.0
    elif i == 1862:
        a[i] = 1862.0
    elif i == 1863:
        a[i] = 1863.0
    elif i == 1864:
        a[i] = 1864.0
    elif i == 1865:
        a[i] = 1865.0
    elif i == 1866:
        a[i] = 1866.0
    elif i == 1867:
        a[i] = 1867.0
    elif i == 1868:
        a[i] = 1868.0
    elif i == 1869:
        a[i] = 1869.0
    elif i == 1870:
        a[i] = 1870.0
    elif i == 1871:
        a[i] = 1871.0
    elif i == 1872:
        a[i] = 1872.0
    elif i == 1873:
        a[i] = 1873.0
    elif i == 1874:
        a[i] = 1874.0
    elif i == 1875:
        a[i] = 1875.0
    elif i == 1876:
        a[i] = 1876.0
    elif i == 1877:
        a[i] = 1877.0
    elif i == 1878:
        a[i] = 1878.0
    elif i == 1879:
        a[i] = 1879.0
    elif i == 1880:
        a[i] = 1880.0
    elif i == 1881:
        a[i] = 1881.0
    elif i == 1882:
        a[i] = 1882.0
    elif i == 1883:
        a[i] = 1883.0
    elif i == 1884:
        a[i] = 1884.0
    elif i == 1885:
        a[i] = 1885.0
    elif i == 1886:
        a[i] = 1886.0
    elif i == 1887:
        a[i] = 1887.0
    elif i == 1888:
        a[i] = 1888.0
    elif i == 1889:
        a[i] = 1889.0
    elif i == 1890:
        a[i] = 1890.0
    elif i == 1891:
        a[i] = 1891.0
    elif i == 1892:
        a[i] = 1892.0
    elif i == 1893:
        a[i] = 1893.0
    elif i == 1894:
        a[i] = 1894.0
    elif i == 1895:
        a[i] = 1895.0
    elif i == 1896:
        a[i] = 1896.0
    elif i == 1897:
        a[i] = 1897.0
    elif i == 1898:
        a[i] = 1898.0
    elif i == 1899:
        a[i] = 1899.0
    elif i == 1900:
        a[i] = 1900.0
    elif i == 1901:
        a[i] = 1901.0
    elif i == 1902:
        a[i] = 1902.0
    elif i == 1903:
        a[i] = 1903.0
    elif i == 1904:
        a[i] = 1904.0
    elif i == 1905:
        a[i] = 1905.0
    elif i == 1906:
        a[i] = 1906.0
    elif i == 1907:
        a[i] = 1907.0
    elif i == 1908:
        a[i] = 1908.0
    elif i == 1909:
        a[i] = 1909.0
    elif i == 1910:
        a[i] = 1910.0
    elif i == 1911:
        a[i] = 1911.0
    elif i == 1912:
        a[i] = 1912.0
    elif i == 1913:
        a[i] = 1913.0
    elif i == 1914:
        a[i] = 1914.0
    elif i == 1915:
        a[i] = 1915.0
    elif i == 1916:
        a[i] = 1916.0
    elif i == 1917:
        a[i] = 1917.0
    elif i == 1918:
        a[i] = 1918.0
    elif i == 1919:
        a[i] = 1919.0
    elif i == 1920:
        a[i] = 1920.0
    elif i == 1921:
        a[i] = 1921.0
    elif i == 1922:
        a[i] = 1922.0
    elif i == 1923:
        a[i] = 1923.0
    elif i == 1924:
        a[i] = 1924.0
    elif i == 1925:
        a[i] = 1925.0
    elif i == 1926:
        a[i] = 1926.0
    elif i == 1927:
        a[i] = 1927.0
    elif i == 1928:
        a[i] = 1928.0
    elif i == 1929:
        a[i] = 1929.0
    elif i == 1930:
        a[i] = 1930.0
    elif i == 1931:
        a[i] = 1931.0
    elif i == 1932:
        a[i] = 1932.0
    elif i == 1933:
        a[i] = 1933.0
    elif i == 1934:
        a[i] = 1934.0
    elif i == 1935:
        a[i] = 1935.0
    elif i == 1936:
        a[i] = 1936.0
    elif i == 1937:
        a[i] = 1937.0
    elif i == 1938:
        a[i] = 1938.0
    elif i == 1939:
        a[i] = 1939.0
    elif i == 1940:
        a[i] = 1940.0
    elif i == 1941:
        a[i] = 1941.0
    elif i == 1942:
        a[i] = 1942.0
    elif i == 1943:
        a[i] = 1943.0
    elif i == 1944:
        a[i] = 1944.0
    elif i == 1945:
        a[i] = 1945.0
    elif i == 1946:
        a[i] = 1946.0
    elif i == 1947:
        a[i] = 1947.0
    elif i == 1948:
        a[i] = 1948.0
    elif i == 1949:
        a[i] = 1949.0
    elif i == 1950:
        a[i] = 1950.0
    elif i == 1951:
        a[i] = 1951.0
    elif i == 1952:
        a[i] = 1952.0
    elif i == 1953:
        a[i] = 1953.0
    elif i == 1954:
        a[i] = 1954.0
    elif i == 1955:
        a[i] = 1955.0
    elif i == 1956:
        a[i] = 1956.0
    elif i == 1957:
        a[i] = 1957.0
    elif i == 1958:
        a[i] = 1958.0
    elif i == 1959:
        a[i] = 1959.0
    elif i == 1960:
        a[i] = 1960.0
    elif i == 1961:
        a[i] = 1961.0
    elif i == 1962:
        a[i] = 1962.0
    elif i == 1963:
        a[i] = 1963.0
    elif i == 1964:
        a[i] = 1964.0
    elif i == 1965:
        a[i] = 1965.0
    elif i == 1966:
        a[i] = 1966.0
    elif i == 1967:
        a[i] = 1967.0
    elif i == 1968:
        a[i] = 1968.0
    elif i == 1969:
        a[i] = 1969.0
    elif i == 1970:
        a[i] = 1970.0
    elif i == 1971:
        a[i] = 1971.0
    elif i == 1972:
        a[i] = 1972.0
    elif i == 1973:
        a[i] = 1973.0
    elif i == 1974:
        a[i] = 1974.0
    elif i == 1975:
        a[i] = 1975.0
    elif i == 1976:
        a[i] = 1976.0
    elif i == 1977:
        a[i] = 1977.0
    elif i == 1978:
        a[i] = 1978.0
    elif i == 1979:
        a[i] = 1979.0
    elif i == 1980:
        a[i] = 1980.0
    elif i == 1981:
        a[i] = 1981.0
    elif i == 1982:
        a[i] = 1982.0
    elif i == 1983:
        a[i] = 1983.0
    elif i == 1984:
        a[i] = 1984.0
    elif i == 1985:
        a[i] = 1985.0
    elif i == 1986:
        a[i] = 1986.0
    elif i == 1987:
        a[i] = 1987.0
    elif i == 1988:
        a[i] = 1988.0
    elif i == 1989:
        a[i] = 1989.0
    elif i == 1990:
        a[i] = 1990.0
    elif i == 1991:
        a[i] = 1991.0
    elif i == 1992:
        a[i] = 1992.0
    elif i == 1993:
        a[i] = 1993.0
    elif i == 1994:
        a[i] = 1994.0
    elif i == 1995:
        a[i] = 1995.0
    elif i == 1996:
        a[i] = 1996.0
    elif i == 1997:
        a[i] = 1997.0
    elif i == 1998:
        a[i] = 1998.0
    elif i == 1999:
        a[i] = 1999.0
    elif i == 2000:
        a[i] = 2000.0
    elif i == 2001:
        a[i] = 2001.0
    elif i == 2002:
        a[i] = 2002.0
    elif i == 2003:
        a[i] = 2003.0
    elif i == 2004:
        a[i] = 2004.0
    elif i == 2005:
        a[i] = 2005.0
    elif i == 2006:
        a[i] = 2006.0
    elif i == 2007:
        a[i] = 2007.0
    elif i == 2008:
        a[i] = 2008.0
    elif i == 2009:
        a[i] = 2009.0
    elif i == 2010:
        a[i] = 2010.0
    elif i == 2011:
        a[i] = 2011.0
    elif i == 2012:
        a[i] = 2012.0
    elif i == 2013:
        a[i] = 2013.0
    elif i == 2014:
        a[i] = 2014.0
    elif i == 2015:
        a[i] = 2015.0
    elif i == 2016:
        a[i] = 2016.0
    elif i == 2017:
        a[i] = 2017.0
    elif i == 2018:
        a[i] = 2018.0
    elif i == 2019:
        a[i] = 2019.0
    elif i == 2020:
        a[i] = 2020.0
    elif i == 2021:
        a[i] = 2021.0
    elif i == 2022:
        a[i] = 2022.0
    elif i == 2023:
        a[i] = 2023.0
    elif i == 2024:
        a[i] = 2024.0
    elif i == 2025:
        a[i] = 2025.0
    elif i == 2026:
        a[i] = 2026.0
    elif i == 2027:
        a[i] = 2027.0
    elif i == 2028:
        a[i] = 2028.0
    elif i == 2029:
        a[i] = 2029.0
    elif i == 2030:
        a[i] = 2030.0
    elif i == 2031:
        a[i] = 2031.0
    elif i == 2032:
        a[i] = 2032.0
    elif i == 2033:
        a[i] = 2033.0
    elif i == 2034:
        a[i] = 2034.0
    elif i == 2035:
        a[i] = 2035.0
    elif i == 2036:
        a[i] = 2036.0
    elif i == 2037:
        a[i] = 2037.0
    elif i == 2038:
        a[i] = 2038.0
    elif i == 2039:
        a[i] = 2039.0
    elif i == 2040:
        a[i] = 2040.0
    elif i == 2041:
        a[i] = 2041.0
    elif i == 2042:
        a[i] = 2042.0
    elif i == 2043:
        a[i] = 2043.0
    elif i == 2044:
        a[i] = 2044.0
    elif i == 2045:
        a[i] = 2045.0
    elif i == 2046:
        a[i] = 2046.0
    elif i == 2047:
        a[i] = 2047.0
    elif i == 2048:
        a[i] = 2048.0
    elif i == 2049:
        a[i] = 2049.0
    elif i == 2050:
        a[i] = 2050.0
    elif i == 2051:
        a[i] = 2051.0
    elif i == 2052:
        a[i] = 2052.0
    elif i == 2053:
        a[i] = 2053.0
    elif i == 2054:
        a[i] = 2054.0
    elif i == 2055:
        a[i] = 2055.0
    elif i == 2056:
        a[i] = 2056.0
    elif i == 2057:
        a[i] = 2057.0
    elif i == 2058:
        a[i] = 2058.0
    elif i == 2059:
        a[i] = 2059.0
    elif i == 2060:
        a[i] = 2060.0
    elif i == 2061:
        a[i] = 2061.0
    elif i == 2062:
        a[i] = 2062.0
    elif i == 2063:
        a[i] = 2063.0
    elif i == 2064:
        a[i] = 2064.0
    elif i == 2065:
        a[i] = 2065.0
    elif i == 2066:
        a[i] = 2066.0
    elif i == 2067:
        a[i] = 2067.0
    elif i == 2068:
        a[i] = 2068.0
    elif i == 2069:
        a[i] = 2069.0
    elif i == 2070:
        a[i] = 2070.0
    elif i == 2071:
        a[i] = 2071.0
    elif i == 2072:
        a[i] = 2072.0
    elif i == 2073:
        a[i] = 2073.0
    elif i == 2074:
        a[i] = 2074.0
    elif i == 2075:
        a[i] = 2075.0
    elif i == 2076:
        a[i] = 2076.0
    elif i == 2077:
        a[i] = 2077.0
    elif i == 2078:
        a[i] = 2078.0
    elif i == 2079:
        a[i] = 2079.0
    elif i == 2080:
        a[i] = 2080.0
    elif i == 2081:
        a[i] = 2081.0
    elif i == 2082:
        a[i] = 2082.0
    elif i == 2083:
        a[i] = 2083.0
    elif i == 2084:
        a[i] = 2084.0
    elif i == 2085:
        a[i] = 2085.0
    elif i == 2086:
        a[i] = 2086.0
    elif i == 2087:
        a[i] = 2087.0
    elif i == 2088:
        a[i] = 2088.0
    elif i == 2089:
        a[i] = 2089.0
    elif i == 2090:
        a[i] = 2090.0
    elif i == 2091:
        a[i] = 2091.0
    elif i == 2092:
        a[i] = 2092.0
    elif i == 2093:
        a[i] = 2093.0
    elif i == 2094:
        a[i] = 2094.0
    elif i == 2095:
        a[i] = 2095.0
    elif i == 2096:
        a[i] = 2096.0
    elif i == 2097:
        a[i] = 2097.0
    elif i == 2098:
        a[i] = 2098.0
    elif i == 2099:
        a[i] = 2099.0
    elif i == 2100:
        a[i] = 2100.0
    elif i == 2101:
        a[i] = 2101.0
    elif i == 2102:
        a[i] = 2102.0
    elif i == 2103:
        a[i] = 2103.0
    elif i == 2104:
        a[i] = 2104.0
    elif i == 2105:
        a[i] = 2105.0
    elif i == 2106:
        a[i] = 2106.0
    elif i == 2107:
        a[i] = 2107.0
    elif i == 2108:
        a[i] = 2108.0
    elif i == 2109:
        a[i] = 2109.0
    elif i == 2110:
        a[i] = 2110.0
    elif i == 2111:
        a[i] = 2111.0
    elif i == 2112:
        a[i] = 2112.0
    elif i == 2113:
        a[i] = 2113.0
    elif i == 2114:
        a[i] = 2114.0
    elif i == 2115:
        a[i] = 2115.0
    elif i == 2116:
        a[i] = 2116.0
    elif i == 2117:
        a[i] = 2117.0
    elif i == 2118:
        a[i] = 2118.0
    elif i == 2119:
        a[i] = 2119.0
    elif i == 2120:
        a[i] = 2120.0
    elif i == 2121:
        a[i] = 2121.0
    elif i == 2122:
        a[i] = 2122.0
    elif i == 2123:
        a[i] = 2123.0
    elif i == 2124:
        a[i] = 2124.0
    elif i == 2125:
        a[i] = 2125.0
    elif i == 2126:
        a[i] = 2126.0
    elif i == 2127:
        a[i] = 2127.0
    elif i == 2128:
        a[i] = 2128.0
    elif i == 2129:
        a[i] = 2129.0
    elif i == 2130:
        a[i] = 2130.0
    elif i == 2131:
        a[i] = 2131.0
    elif i == 2132:
        a[i] = 2132.0
    elif i == 2133:
        a[i] = 2133.0
    elif i == 2134:
        a[i] = 2134.0
    elif i == 2135:
        a[i] = 2135.0
    elif i == 2136:
        a[i] = 2136.0
    elif i == 2137:
        a[i] = 2137.0
    elif i == 2138:
        a[i] = 2138.0
    elif i == 2139:
        a[i] = 2139.0
    elif i == 2140:
        a[i] = 2140.0
    elif i == 2141:
        a[i] = 2141.0
    elif i == 2142:
        a[i] = 2142.0
    elif i == 2143:
        a[i] = 2143.0
    elif i == 2144:
        a[i] = 2144.0
    elif i == 2145:
        a[i] = 2145.0
    elif i == 2146:
        a[i] = 2146.0
    elif i == 2147:
        a[i] = 2147.0
    elif i == 2148:
        a[i] = 2148.0
    elif i == 2149:
        a[i] = 2149.0
    elif i == 2150:
        a[i] = 2150.0
    elif i == 2151:
        a[i] = 2151.0
    elif i == 2152:
        a[i] = 2152.0
    elif i == 2153:
        a[i] = 2153.0
    elif i == 2154:
        a[i] = 2154.0
    elif i == 2155:
        a[i] = 2155.0
    elif i == 2156:
        a[i] = 2156.0
    elif i == 2157:
        a[i] = 2157.0
    elif i == 2158:
        a[i] = 2158.0
    elif i == 2159:
        a[i] = 2159.0
    elif i == 2160:
        a[i] = 2160.0
    elif i == 2161:
        a[i] = 2161.0
    elif i == 2162:
        a[i] = 2162.0
    elif i == 2163:
        a[i] = 2163.0
    elif i == 2164:
        a[i] = 2164.0
    elif i == 2165:
        a[i] = 2165.0
    elif i == 2166:
        a[i] = 2166.0
    elif i == 2167:
        a[i] = 2167.0
    elif i == 2168:
        a[i] = 2168.0
    elif i == 2169:
        a[i] = 2169.0
    elif i == 2170:
        a[i] = 2170.0
    elif i == 2171:
        a[i] = 2171.0
    elif i == 2172:
        a[i] = 2172.0
    elif i == 2173:
        a[i] = 2173.0
    elif i == 2174:
        a[i] = 2174.0
    elif i == 2175:
        a[i] = 2175.0
    elif i == 2176:
        a[i] = 2176.0
    elif i == 2177:
        a[i] = 2177.0
    elif i == 2178:
        a[i] = 2178.0
    elif i == 2179:
        a[i] = 2179.0
    elif i == 2180:
        a[i] = 2180.0
    elif i == 2181:
        a[i] = 2181.0
    elif i == 2182:
        a[i] = 2182.0
    elif i == 2183:
        a[i] = 2183.0
    elif i == 2184:
        a[i] = 2184.0
    elif i == 2185:
        a[i] = 2185.0
    elif i == 2186:
        a[i] = 2186.0
    elif i == 2187:
        a[i] = 2187.0
    elif i == 2188:
        a[i] = 2188.0
    elif i == 2189:
        a[i] = 2189.0
    elif i == 2190:
        a[i] = 2190.0
    elif i == 2191:
        a[i] = 2191.0
    elif i == 2192:
        a[i] = 2192.0
    elif i == 2193:
        a[i] = 2193.0
    elif i == 2194:
        a[i] = 2194.0
    elif i == 2195:
        a[i] = 2195.0
    elif i == 2196:
        a[i] = 2196.0
    elif i == 2197:
        a[i] = 2197.0
    elif i == 2198:
        a[i] = 2198.0
    elif i == 2199:
        a[i] = 2199.0
    elif i == 2200:
        a[i] = 2200.0
    elif i == 2201:
        a[i] = 2201.0
    elif i == 2202:
        a[i] = 2202.0
    elif i == 2203:
        a[i] = 2203.0
    elif i == 2204:
        a[i] = 2204.0
    elif i == 2205:
        a[i] = 2205.0
    elif i == 2206:
        a[i] = 2206.0
    elif i == 2207:
        a[i] = 2207.0
    elif i == 2208:
        a[i] = 2208.0
    elif i == 2209:
        a[i] = 2209.0
    elif i == 2210:
        a[i] = 2210.0
    elif i == 2211:
        a[i] = 2211.0
    elif i == 2212:
        a[i] = 2212.0
    elif i == 2213:
        a[i] = 2213.0
    elif i == 2214:
        a[i] = 2214.0
    elif i == 2215:
        a[i] = 2215.0
    elif i == 2216:
        a[i] = 2216.0
    elif i == 2217:
        a[i] = 2217.0
    elif i == 2218:
        a[i] = 2218.0
    elif i == 2219:
        a[i] = 2219.0
    elif i == 2220:
        a[i] = 2220.0
    elif i == 2221:
        a[i] = 2221.0
    elif i == 2222:
        a[i] = 2222.0
    elif i == 2223:
        a[i] = 2223.0
    elif i == 2224:
        a[i] = 2224.0
    elif i == 2225:
        a[i] = 2225.0
    elif i == 2226:
        a[i] = 2226.0
    elif i == 2227:
        a[i] = 2227.0
    elif i == 2228:
        a[i] = 2228.0
    elif i == 2229:
        a[i] = 2229.0
    elif i == 2230:
        a[i] = 2230.0
    elif i == 2231:
        a[i] = 2231.0
    elif i == 2232:
        a[i] = 2232.0
    elif i == 2233:
        a[i] = 2233.0
    elif i == 2234:
        a[i] = 2234.0
    elif i == 2235:
        a[i] = 2235.0
    elif i == 2236:
        a[i] = 2236.0
    elif i == 2237:
        a[i] = 2237.0
    elif i == 2238:
        a[i] = 2238.0
    elif i == 2239:
        a[i] = 2239.0
    elif i == 2240:
        a[i] = 2240.0
    elif i == 2241:
        a[i] = 2241.0
    elif i == 2242:
        a[i] = 2242.0
    elif i == 2243:
        a[i] = 2243.0
    elif i == 2244:
        a[i] = 2244.0
    elif i == 2245:
        a[i] = 2245.0
    elif i == 2246:
        a[i] = 2246.0
    elif i == 2247:
        a[i] = 2247.0
    elif i == 2248:
        a[i] = 2248.0
    elif i == 2249:
        a[i] = 2249.0
    elif i == 2250:
        a[i] = 2250.0
    elif i == 2251:
        a[i] = 2251.0
    elif i == 2252:
        a[i] = 2252.0
    elif i == 2253:
        a[i] = 2253.0
    elif i == 2254:
        a[i] = 2254.0
    elif i == 2255:
        a[i] = 2255.0
    elif i == 2256:
        a[i] = 2256.0
    elif i == 2257:
        a[i] = 2257.0
    elif i == 2258:
        a[i] = 2258.0
    elif i == 2259:
        a[i] = 2259.0
    elif i == 2260:
        a[i] = 2260.0
    elif i == 2261:
        a[i] = 2261.0
    elif i == 2262:
        a[i] = 2262.0
    elif i == 2263:
        a[i] = 2263.0
    elif i == 2264:
        a[i] = 2264.0
    elif i == 2265:
        a[i] = 2265.0
    elif i == 2266:
        a[i] = 2266.0
    elif i == 2267:
        a[i] = 2267.0
    elif i == 2268:
        a[i] = 2268.0
    elif i == 2269:
        a[i] = 2269.0
    elif i == 2270:
        a[i] = 2270.0
    elif i == 2271:
        a[i] = 2271.0
    elif i == 2272:
        a[i] = 2272.0
    elif i == 2273:
        a[i] = 2273.0
    elif i == 2274:
        a[i] = 2274.0
    elif i == 2275:
        a[i] = 2275.0
    elif i == 2276:
        a[i] = 2276.0
    elif i == 2277:
        a[i] = 2277.0
    elif i == 2278:
        a[i] = 2278.0
    elif i == 2279:
        a[i] = 2279.0
    elif i == 2280:
        a[i] = 2280.0
    elif i == 2281:
        a[i] = 2281.0
    elif i == 2282:
        a[i] = 2282.0
    elif i == 2283:
        a[i] = 2283.0
    elif i == 2284:
        a[i] = 2284.0
    elif i == 2285:
        a[i] = 2285.0
    elif i == 2286:
        a[i] = 2286.0
    elif i == 2287:
        a[i] = 2287.0
    elif i == 2288:
        a[i] = 2288.0
    elif i == 2289:
        a[i] = 2289.0
    elif i == 2290:
        a[i] = 2290.0
    elif i == 2291:
        a[i] = 2291.0
    elif i == 2292:
        a[i] = 2292.0
    elif i == 2293:
        a[i] = 2293.0
    elif i == 2294:
        a[i] = 2294.0
    elif i == 2295:
        a[i] = 2295.0
    elif i == 2296:
        a[i] = 2296.0
    elif i == 2297:
        a[i] = 2297.0
    elif i == 2298:
        a[i] = 2298.0
    elif i == 2299:
        a[i] = 2299.0
    elif i == 2300:
        a[i] = 2300.0
    elif i == 2301:
        a[i] = 2301.0
    elif i == 2302:
        a[i] = 2302.0
    elif i == 2303:
        a[i] = 2303.0
    elif i == 2304:
        a[i] = 2304.0
    elif i == 2305:
        a[i] = 2305.0
    elif i == 2306:
        a[i] = 2306.0
    elif i == 2307:
        a[i] = 2307.0
    elif i == 2308:
        a[i] = 2308.0
    elif i == 2309:
        a[i] = 2309.0
    elif i == 2310:
        a[i] = 2310.0
    elif i == 2311:
        a[i] = 2311.0
    elif i == 2312:
        a[i] = 2312.0
    elif i == 2313:
        a[i] = 2313.0
    elif i == 2314:
        a[i] = 2314.0
    elif i == 2315:
        a[i] = 2315.0
    elif i == 2316:
        a[i] = 2316.0
    elif i == 2317:
        a[i] = 2317.0
    elif i == 2318:
        a[i] = 2318.0
    elif i == 2319:
        a[i] = 2319.0
    elif i == 2320:
        a[i] = 2320.0
    elif i == 2321:
        a[i] = 2321.0
    elif i == 2322:
        a[i] = 2322.0
    elif i == 2323:
        a[i] = 2323.0
    elif i == 2324:
        a[i] = 2324.0
    elif i == 2325:
        a[i] = 2325.0
    elif i == 2326:
        a[i] = 2326.0
    elif i == 2327:
        a[i] = 2327.0
    elif i == 2328:
        a[i] = 2328.0
    elif i == 2329:
        a[i] = 2329.0
    elif i == 2330:
        a[i] = 2330.0
    elif i == 2331:
        a[i] = 2331.0
    elif i == 2332:
        a[i] = 2332.0
    elif i == 2333:
        a[i] = 2333.0
    elif i == 2334:
        a[i] = 2334.0
    elif i == 2335:
        a[i] = 2335.0
    elif i == 2336:
        a[i] = 2336.0
    elif i == 2337:
        a[i] = 2337.0
    elif i == 2338:
        a[i] = 2338.0
    elif i == 2339:
        a[i] = 2339.0
    elif i == 2340:
        a[i] = 2340.0
    elif i == 2341:
        a[i] = 2341.0
    elif i == 2342:
        a[i] = 2342.0
    elif i == 2343:
        a[i] = 2343.0
    elif i == 2344:
        a[i] = 2344.0
    elif i == 2345:
        a[i] = 2345.0
    elif i == 2346:
        a[i] = 2346.0
    elif i == 2347:
        a[i] = 2347.0
    elif i == 2348:
        a[i] = 2348.0
    elif i == 2349:
        a[i] = 2349.0
    elif i == 2350:
        a[i] = 2350.0
    elif i == 2351:
        a[i] = 2351.0
    elif i == 2352:
        a[i] = 2352.0
    elif i == 2353:
        a[i] = 2353.0
    elif i == 2354:
        a[i] = 2354.0
    elif i == 2355:
        a[i] = 2355.0
    elif i == 2356:
        a[i] = 2356.0
    elif i == 2357:
        a[i] = 2357.0
    elif i == 2358:
        a[i] = 2358.0
    elif i == 2359:
        a[i] = 2359.0
    elif i == 2360:
        a[i] = 2360.0
    elif i == 2361:
        a[i] = 2361.0
    elif i == 2362:
        a[i] = 2362.0
    elif i == 2363:
        a[i] = 2363.0
    elif i == 2364:
        a[i] = 2364.0
    elif i == 2365:
        a[i] = 2365.0
    elif i == 2366:
        a[i] = 2366.0
    elif i == 2367:
        a[i] = 2367.0
    elif i == 2368:
        a[i] = 2368.0
    elif i == 2369:
        a[i] = 2369.0
    elif i == 2370:
        a[i] = 2370.0
    elif i == 2371:
        a[i] = 2371.0
    elif i == 2372:
        a[i] = 2372.0
    elif i == 2373:
        a[i] = 2373.0
    elif i == 2374:
        a[i] = 2374.0
    elif i == 2375:
        a[i] = 2375.0
    elif i == 2376:
        a[i] = 2376.0
    elif i == 2377:
        a[i] = 2377.0
    elif i == 2378:
        a[i] = 2378.0
    elif i == 2379:
        a[i] = 2379.0
    elif i == 2380:
        a[i] = 2380.0
    elif i == 2381:
        a[i] = 2381.0
    elif i == 2382:
        a[i] = 2382.0
    elif i == 2383:
        a[i] = 2383.0
    elif i == 2384:
        a[i] = 2384.0
    elif i == 2385:
        a[i] = 2385.0
    elif i == 2386:
        a[i] = 2386.0
    elif i == 2387:
        a[i] = 2387.0
    elif i == 2388:
        a[i] = 2388.0
    elif i == 2389:
        a[i] = 2389.0
    elif i == 2390:
        a[i] = 2390.0
    elif i == 2391:
        a[i] = 2391.0
    elif i == 2392:
        a[i] = 2392.0
    elif i == 2393:
        a[i] = 2393.0
    elif i == 2394:
        a[i] = 2394.0
    elif i == 2395:
        a[i] = 2395.0
    elif i == 2396:
        a[i] = 2396.0
    elif i == 2397:
        a[i] = 2397.0
    elif i == 2398:
        a[i] = 2398.0
    elif i == 2399:
        a[i] = 2399.0
    elif i == 2400:
        a[i] = 2400.0
    elif i == 2401:
        a[i] = 2401.0
    elif i == 2402:
        a[i] = 2402.0
    elif i == 2403:
        a[i] = 2403.0
    elif i == 2404:
        a[i] = 2404.0
    elif i == 2405:
        a[i] = 2405.0
    elif i == 2406:
        a[i] = 2406.0
    elif i == 2407:
        a[i] = 2407.0
    elif i == 2408:
        a[i] = 2408.0
    elif i == 2409:
        a[i] = 2409.0
    elif i == 2410:
        a[i] = 2410.0
    elif i == 2411:
        a[i] = 2411.0
    elif i == 2412:
        a[i] = 2412.0
    elif i == 2413:
        a[i] = 2413.0
    elif i == 2414:
        a[i] = 2414.0
    elif i == 2415:
        a[i] = 2415.0
    elif i == 2416:
        a[i] = 2416.0
    elif i == 2417:
        a[i] = 2417.0
    elif i == 2418:
        a[i] = 2418.0
    elif i == 2419:
        a[i] = 2419.0
    elif i == 2420:
        a[i] = 2420.0
    elif i == 2421:
        a[i] = 2421.0
    elif i == 2422:
        a[i] = 2422.0
    elif i == 2423:
        a[i] = 2423.0
    elif i == 2424:
        a[i] = 2424.0
    elif i == 2425:
        a[i] = 2425.0
    elif i == 2426:
        a[i] = 2426.0
    elif i == 2427:
        a[i] = 2427.0
    elif i == 2428:
        a[i] = 2428.0
    elif i == 2429:
        a[i] = 2429.0
    elif i == 2430:
        a[i] = 2430.0
    elif i == 2431:
        a[i] = 2431.0
    elif i == 2432:
        a[i] = 2432.0
    elif i == 2433:
        a[i] = 2433.0
    elif i == 2434:
        a[i] = 2434.0
    elif i == 2435:
        a[i] = 2435.0
    elif i == 2436:
        a[i] = 2436.0
    elif i == 2437:
        a[i] = 2437.0
    elif i == 2438:
        a[i] = 2438.0
    elif i == 2439:
        a[i] = 2439.0
    elif i == 2440:
        a[i] = 2440.0
    elif i == 2441:
        a[i] = 2441.0
    elif i == 2442:
        a[i] = 2442.0
    elif i == 2443:
        a[i] = 2443.0
    elif i == 2444:
        a[i] = 2444.0
    elif i == 2445:
        a[i] = 2445.0
    elif i == 2446:
        a[i] = 2446.0
    elif i == 2447:
        a[i] = 2447.0
    elif i == 2448:
        a[i] = 2448.0
    elif i == 2449:
        a[i] = 2449.0
    elif i == 2450:
        a[i] = 2450.0
    elif i == 2451:
        a[i] = 2451.0
    elif i == 2452:
        a[i] = 2452.0
    elif i == 2453:
        a[i] = 2453.0
    elif i == 2454:
        a[i] = 2454.0
    elif i == 2455:
        a[i] = 2455.0
    elif i == 2456:
        a[i] = 2456.0
    elif i == 2457:
        a[i] = 2457.0
    elif i == 2458:
        a[i] = 2458.0
    elif i == 2459:
        a[i] = 2459.0
    elif i == 2460:
        a[i] = 2460.0
    elif i == 2461:
        a[i] = 2461.0
    elif i == 2462:
        a[i] = 2462.0
    elif i == 2463:
        a[i] = 2463.0
    elif i == 2464:
        a[i] = 2464.0
    elif i == 2465:
        a[i] = 2465.0
    elif i == 2466:
        a[i] = 2466.0
    elif i == 2467:
        a[i] = 2467.0
    elif i == 2468:
        a[i] = 2468.0
    elif i == 2469:
        a[i] = 2469.0
    elif i == 2470:
        a[i] = 2470.0
    elif i == 2471:
        a[i] = 2471.0
    elif i == 2472:
        a[i] = 2472.0
    elif i == 2473:
        a[i] = 2473.0
    elif i == 2474:
        a[i] = 2474.0
    elif i == 2475:
        a[i] = 2475.0
    elif i == 2476:
        a[i] = 2476.0
    elif i == 2477:
        a[i] = 2477.0
    elif i == 2478:
        a[i] = 2478.0
    elif i == 2479:
        a[i] = 2479.0
    elif i == 2480:
        a[i] = 2480.0
    elif i == 2481:
        a[i] = 2481.0
    elif i == 2482:
        a[i] = 2482.0
    elif i == 2483:
        a[i] = 2483.0
    elif i == 2484:
        a[i] = 2484.0
    elif i == 2485:
        a[i] = 2485.0
    elif i == 2486:
        a[i] = 2486.0
    elif i == 2487:
        a[i] = 2487.0
    elif i == 2488:
        a[i] = 2488.0
    elif i == 2489:
        a[i] = 2489.0
    elif i == 2490:
        a[i] = 2490.0
    elif i == 2491:
        a[i] = 2491.0
    elif i == 2492:
        a[i] = 2492.0
    elif i == 2493:
        a[i] = 2493.0
    elif i == 2494:
        a[i] = 2494.0
    elif i == 2495:
        a[i] = 2495.0
    elif i == 2496:
        a[i] = 2496.0
    elif i == 2497:
        a[i] = 2497.0
    elif i == 2498:
        a[i] = 2498.0
    elif i == 2499:
        a[i] = 2499.0
    elif i == 2500:
        a[i] = 2500.0
    elif i == 2501:
        a[i] = 2501.0
    elif i == 2502:
        a[i] = 2502.0
    elif i == 2503:
        a[i] = 2503.0
    elif i == 2504:
        a[i] = 2504.0
    elif i == 2505:
        a[i] = 2505.0
    elif i == 2506:
        a[i] = 2506.0
    elif i == 2507:
        a[i] = 2507.0
    elif i == 2508:
        a[i] = 2508.0
    elif i == 2509:
        a[i] = 2509.0
    elif i == 2510:
        a[i] = 2510.0
    elif i == 2511:
        a[i] = 2511.0
    elif i == 2512:
        a[i] = 2512.0
    elif i == 2513:
        a[i] = 2513.0
    elif i == 2514:
        a[i] = 2514.0
    elif i == 2515:
        a[i] = 2515.0
    elif i == 2516:
        a[i] = 2516.0
    elif i == 2517:
        a[i] = 2517.0
    elif i == 2518:
        a[i] = 2518.0
    elif i == 2519:
        a[i] = 2519.0
    elif i == 2520:
        a[i] = 2520.0
    elif i == 2521:
        a[i] = 2521.0
    elif i == 2522:
        a[i] = 2522.0
    elif i == 2523:
        a[i] = 2523.0
    elif i == 2524:
        a[i] = 2524.0
    elif i == 2525:
        a[i] = 2525.0
    elif i == 2526:
        a[i] = 2526.0
    elif i == 2527:
        a[i] = 2527.0
    elif i == 2528:
        a[i] = 2528.0
    elif i == 2529:
        a[i] = 2529.0
    elif i == 2530:
        a[i] = 2530.0
    elif i == 2531:
        a[i] = 2531.0
    elif i == 2532:
        a[i] = 2532.0
    elif i == 2533:
        a[i] = 2533.0
    elif i == 2534:
        a[i] = 2534.0
    elif i == 2535:
        a[i] = 2535.0
    elif i == 2536:
        a[i] = 2536.0
    elif i == 2537:
        a[i] = 2537.0
    elif i == 2538:
        a[i] = 2538.0
    elif i == 2539:
        a[i] = 2539.0
    elif i == 2540:
        a[i] = 2540.0
    elif i == 2541:
        a[i] = 2541.0
    elif i == 2542:
        a[i] = 2542.0
    elif i == 2543:
        a[i] = 2543.0
    elif i == 2544:
        a[i] = 2544.0
    elif i == 2545:
        a[i] = 2545.0
    elif i == 2546:
        a[i] = 2546.0
    elif i == 2547:
        a[i] = 2547.0
    elif i == 2548:
        a[i] = 2548.0
    elif i == 2549:
        a[i] = 2549.0
    elif i == 2550:
        a[i] = 2550.0
    elif i == 2551:
        a[i] = 2551.0
    elif i == 2552:
        a[i] = 2552.0
    elif i == 2553:
        a[i] = 2553.0
    elif i == 2554:
        a[i] = 2554.0
    elif i == 2555:
        a[i] = 2555.0
    elif i == 2556:
        a[i] = 2556.0
    elif i == 2557:
        a[i] = 2557.0
    elif i == 2558:
        a[i] = 2558.0
    elif i == 2559:
        a[i] = 2559.0
    elif i == 2560:
        a[i] = 2560.0
    elif i == 2561:
        a[i] = 2561.0
    elif i == 2562:
        a[i] = 2562.0
    elif i == 2563:
        a[i] = 2563.0
    elif i == 2564:
        a[i] = 2564.0
    elif i == 2565:
        a[i] = 2565.0
    elif i == 2566:
        a[i] = 2566.0
    elif i == 2567:
        a[i] = 2567.0
    elif i == 2568:
        a[i] = 2568.0
    elif i == 2569:
        a[i] = 2569.0
    elif i == 2570:
        a[i] = 2570.0
    elif i == 2571:
        a[i] = 2571.0
    elif i == 2572:
        a[i] = 2572.0
    elif i == 2573:
        a[i] = 2573.0
    elif i == 2574:
        a[i] = 2574.0
    elif i == 2575:
        a[i] = 2575.0
    elif i == 2576:
        a[i] = 2576.0
    elif i == 2577:
        a[i] = 2577.0
    elif i == 2578:
        a[i] = 2578.0
    elif i == 2579:
        a[i] = 2579.0
    elif i == 2580:
        a[i] = 2580.0
    elif i == 2581:
        a[i] = 2581.0
    elif i == 2582:
        a[i] = 2582.0
    elif i == 2583:
        a[i] = 2583.0
    elif i == 2584:
        a[i] = 2584.0
    elif i == 2585:
        a[i] = 2585.0
    elif i == 2586:
        a[i] = 2586.0
    elif i == 2587:
        a[i] = 2587.0
    elif i == 2588:
        a[i] = 2588.0
    elif i == 2589:
        a[i] = 2589.0
    elif i == 2590:
        a[i] = 2590.0
    elif i == 2591:
        a[i] = 2591.0
    elif i == 2592:
        a[i] = 2592.0
    elif i == 2593:
        a[i] = 2593.0
    elif i == 2594:
        a[i] = 2594.0
    elif i == 2595:
        a[i] = 2595.0
    elif i == 2596:
        a[i] = 2596.0
    elif i == 2597:
        a[i] = 2597.0
    elif i == 2598:
        a[i] = 2598.0
    elif i == 2599:
        a[i] = 2599.0
    elif i == 2600:
        a[i] = 2600.0
    elif i == 2601:
        a[i] = 2601.0
    elif i == 2602:
        a[i] = 2602.0
    elif i == 2603:
        a[i] = 2603.0
    elif i == 2604:
        a[i] = 2604.0
    elif i == 2605:
        a[i] = 2605.0
    elif i == 2606:
        a[i] = 2606.0
    elif i == 2607:
        a[i] = 2607.0
    elif i == 2608:
        a[i] = 2608.0
    elif i == 2609:
        a[i] = 2609.0
    elif i == 2610:
        a[i] = 2610.0
    elif i == 2611:
        a[i] = 2611.0
    elif i == 2612:
        a[i] = 2612.0
    elif i == 2613:
        a[i] = 2613.0
    elif i == 2614:
        a[i] = 2614.0
    elif i == 2615:
        a[i] = 2615.0
    elif i == 2616:
        a[i] = 2616.0
    elif i == 2617:
        a[i] = 2617.0
    elif i == 2618:
        a[i] = 2618.0
    elif i == 2619:
        a[i] = 2619.0
    elif i == 2620:
        a[i] = 2620.0
    elif i == 2621:
        a[i] = 2621.0
    elif i == 2622:
        a[i] = 2622.0
    elif i == 2623:
        a[i] = 2623.0
    elif i == 2624:
        a[i] = 2624.0
    elif i == 2625:
        a[i] = 2625.0
    elif i == 2626:
        a[i] = 2626.0
    elif i == 2627:
        a[i] = 2627.0
    elif i == 2628:
        a[i] = 2628.0
    elif i == 2629:
        a[i] = 2629.0
    elif i == 2630:
        a[i] = 2630.0
    elif i == 2631:
        a[i] = 2631.0
    elif i == 2632:
        a[i] = 2632.0
    elif i == 2633:
        a[i] = 2633.0
    elif i == 2634:
        a[i] = 2634.0
    elif i == 2635:
        a[i] = 2635.0
    elif i == 2636:
        a[i] = 2636.0
    elif i == 2637:
        a[i] = 2637.0
    elif i == 2638:
        a[i] = 2638.0
    elif i == 2639:
        a[i] = 2639.0
    elif i == 2640:
        a[i] = 2640.0
    elif i == 2641:
        a[i] = 2641.0
    elif i == 2642:
        a[i] = 2642.0
    elif i == 2643:
        a[i] = 2643.0
    elif i == 2644:
        a[i] = 2644.0
    elif i == 2645:
        a[i] = 2645.0
    elif i == 2646:
        a[i] = 2646.0
    elif i == 2647:
        a[i] = 2647.0
    elif i == 2648:
        a[i] = 2648.0
    elif i == 2649:
        a[i] = 2649.0
    elif i == 2650:
        a[i] = 2650.0
    elif i == 2651:
        a[i] = 2651.0
    elif i == 2652:
        a[i] = 2652.0
    elif i == 2653:
        a[i] = 2653.0
    elif i == 2654:
        a[i] = 2654.0
    elif i == 2655:
        a[i] = 2655.0
    elif i == 2656:
        a[i] = 2656.0
    elif i == 2657:
        a[i] = 2657.0
    elif i == 2658:
        a[i] = 2658.0
    elif i == 2659:
        a[i] = 2659.0
    elif i == 2660:
        a[i] = 2660.0
    elif i == 2661:
        a[i] = 2661.0
    elif i == 2662:
        a[i] = 2662.0
    elif i == 2663:
        a[i] = 2663.0
    elif i == 2664:
        a[i] = 2664.0
    elif i == 2665:
        a[i] = 2665.0
    elif i == 2666:
        a[i] = 2666.0
    elif i == 2667:
        a[i] = 2667.0
    elif i == 2668:
        a[i] = 2668.0
    elif i == 2669:
        a[i] = 2669.0
    elif i == 2670:
        a[i] = 2670.0
    elif i == 2671:
        a[i] = 2671.0
    elif i == 2672:
        a[i] = 2672.0
    elif i == 2673:
        a[i] = 2673.0
    elif i == 2674:
        a[i] = 2674.0
    elif i == 2675:
        a[i] = 2675.0
    elif i == 2676:
        a[i] = 2676.0
    elif i == 2677:
        a[i] = 2677.0
    elif i == 2678:
        a[i] = 2678.0
    elif i == 2679:
        a[i] = 2679.0
    elif i == 2680:
        a[i] = 2680.0
    elif i == 2681:
        a[i] = 2681.0
    elif i == 2682:
        a[i] = 2682.0
    elif i == 2683:
        a[i] = 2683.0
    elif i == 2684:
        a[i] = 2684.0
    elif i == 2685:
        a[i] = 2685.0
    elif i == 2686:
        a[i] = 2686.0
    elif i == 2687:
        a[i] = 2687.0
    elif i == 2688:
        a[i] = 2688.0
    elif i == 2689:
        a[i] = 2689.0
    elif i == 2690:
        a[i] = 2690.0
    elif i == 2691:
        a[i] = 2691.0
    elif i == 2692:
        a[i] = 2692.0
    elif i == 2693:
        a[i] = 2693.0
    elif i == 2694:
        a[i] = 2694.0
    elif i == 2695:
        a[i] = 2695.0
    elif i == 2696:
        a[i] = 2696.0
    elif i == 2697:
        a[i] = 2697.0
    elif i == 2698:
        a[i] = 2698.0
    elif i == 2699:
        a[i] = 2699.0
    elif i == 2700:
        a[i] = 2700.0
    elif i == 2701:
        a[i] = 2701.0
    elif i == 2702:
        a[i] = 2702.0
    elif i == 2703:
        a[i] = 2703.0
    elif i == 2704:
        a[i] = 2704.0
    elif i == 2705:
        a[i] = 2705.0
    elif i == 2706:
        a[i] = 2706.0
    elif i == 2707:
        a[i] = 2707.0
    elif i == 2708:
        a[i] = 2708.0
    elif i == 2709:
        a[i] = 2709.0
    elif i == 2710:
        a[i] = 2710.0
    elif i == 2711:
        a[i] = 2711.0
    elif i == 2712:
        a[i] = 2712.0
    elif i == 2713:
        a[i] = 2713.0
    elif i == 2714:
        a[i] = 2714.0
    elif i == 2715:
        a[i] = 2715.0
    elif i == 2716:
        a[i] = 2716.0
    elif i == 2717:
        a[i] = 2717.0
    elif i == 2718:
        a[i] = 2718.0
    elif i == 2719:
        a[i] = 2719.0
    elif i == 2720:
        a[i] = 2720.0
    elif i == 2721:
        a[i] = 2721.0
    elif i == 2722:
        a[i] = 2722.0
    elif i == 2723:
        a[i] = 2723.0
    elif i == 2724:
        a[i] = 2724.0
    elif i == 2725:
        a[i] = 2725.0
    elif i == 2726:
        a[i] = 2726.0
    elif i == 2727:
        a[i] = 2727.0
    elif i == 2728:
        a[i] = 2728.0
    elif i == 2729:
        a[i] = 2729.0
    elif i == 2730:
        a[i] = 2730.0
    elif i == 2731:
        a[i] = 2731.0
    elif i == 2732:
        a[i] = 2732.0
    elif i == 2733:
        a[i] = 2733.0
    elif i == 2734:
        a[i] = 2734.0
    elif i == 2735:
        a[i] = 2735.0
    elif i == 2736:
        a[i] = 2736.0
    elif i == 2737:
        a[i] = 2737.0
    elif i == 2738:
        a[i] = 2738.0
    elif i == 2739:
        a[i] = 2739.0
    elif i == 2740:
        a[i] = 2740.0
    elif i == 2741:
        a[i] = 2741.0
    elif i == 2742:
        a[i] = 2742.0
    elif i == 2743:
        a[i] = 2743.0
    elif i == 2744:
        a[i] = 2744.0
    elif i == 2745:
        a[i] = 2745.0
    elif i == 2746:
        a[i] = 2746.0
    elif i == 2747:
        a[i] = 2747.0
    elif i == 2748:
        a[i] = 2748.0
    elif i == 2749:
        a[i] = 2749.0
    elif i == 2750:
        a[i] = 2750.0
    elif i == 2751:
        a[i] = 2751.0
    elif i == 2752:
        a[i] = 2752.0
    elif i == 2753:
        a[i] = 2753.0
    elif i == 2754:
        a[i] = 2754.0
    elif i == 2755:
        a[i] = 2755.0
    elif i == 2756:
        a[i] = 2756.0
    elif i == 2757:
        a[i] = 2757.0
    elif i == 2758:
        a[i] = 2758.0
    elif i == 2759:
        a[i] = 2759.0
    elif i == 2760:
        a[i] = 2760.0
    elif i == 2761:
        a[i] = 2761.0
    elif i == 2762:
        a[i] = 2762.0
    elif i == 2763:
        a[i] = 2763.0
    elif i == 2764:
        a[i] = 2764.0
    elif i == 2765:
        a[i] = 2765.0
    elif i == 2766:
        a[i] = 2766.0
    elif i == 2767:
        a[i] = 2767.0
    elif i == 2768:
        a[i] = 2768.0
    elif i == 2769:
        a[i] = 2769.0
    elif i == 2770:
        a[i] = 2770.0
    elif i == 2771:
        a[i] = 2771.0
    elif i == 2772:
        a[i] = 2772.0
    elif i == 2773:
        a[i] = 2773.0
    elif i == 2774:
        a[i] = 2774.0
    elif i == 2775:
        a[i] = 2775.0
    elif i == 2776:
        a[i] = 2776.0
    elif i == 2777:
        a[i] = 2777.0
    elif i == 2778:
        a[i] = 2778.0
    elif i == 2779:
        a[i] = 2779.0
    elif i == 2780:
        a[i] = 2780.0
    elif i == 2781:
        a[i] = 2781.0
    elif i == 2782:
        a[i] = 2782.0
    elif i == 2783:
        a[i] = 2783.0
    elif i == 2784:
        a[i] = 2784.0
    elif i == 2785:
        a[i] = 2785.0
    elif i == 2786:
        a[i] = 2786.0
    elif i == 2787:
        a[i] = 2787.0
    elif i == 2788:
        a[i] = 2788.0
    elif i == 2789:
        a[i] = 2789.0
    elif i == 2790:
        a[i] = 2790.0
    elif i == 2791:
        a[i] = 2791.0
    elif i == 2792:
        a[i] = 2792.0
    elif i == 2793:
        a[i] = 2793.0
    elif i == 2794:
        a[i] = 2794.0
    elif i == 2795:
        a[i] = 2795.0
    elif i == 2796:
        a[i] = 2796.0
    elif i == 2797:
        a[i] = 2797.0
    elif i == 2798:
        a[i] = 2798.0
    elif i == 2799:
        a[i] = 2799.0
    elif i == 2800:
        a[i] = 2800.0
    elif i == 2801:
        a[i] = 2801.0
    elif i == 2802:
        a[i] = 2802.0
    elif i == 2803:
        a[i] = 2803.0
    elif i == 2804:
        a[i] = 2804.0
    elif i == 2805:
        a[i] = 2805.0
    elif i == 2806:
        a[i] = 2806.0
    elif i == 2807:
        a[i] = 2807.0
    elif i == 2808:
        a[i] = 2808.0
    elif i == 2809:
        a[i] = 2809.0
    elif i == 2810:
        a[i] = 2810.0
    elif i == 2811:
        a[i] = 2811.0
    elif i == 2812:
        a[i] = 2812.0
    elif i == 2813:
        a[i] = 2813.0
    elif i == 2814:
        a[i] = 2814.0
    elif i == 2815:
        a[i] = 2815.0
    elif i == 2816:
        a[i] = 2816.0
    elif i == 2817:
        a[i] = 2817.0
    elif i == 2818:
        a[i] = 2818.0
    elif i == 2819:
        a[i] = 2819.0
    elif i == 2820:
        a[i] = 2820.0
    elif i == 2821:
        a[i] = 2821.0
    elif i == 2822:
        a[i] = 2822.0
    elif i == 2823:
        a[i] = 2823.0
    elif i == 2824:
        a[i] = 2824.0
    elif i == 2825:
        a[i] = 2825.0
    elif i == 2826:
        a[i] = 2826.0
    elif i == 2827:
        a[i] = 2827.0
    elif i == 2828:
        a[i] = 2828.0
    elif i == 2829:
        a[i] = 2829.0
    elif i == 2830:
        a[i] = 2830.0
    elif i == 2831:
        a[i] = 2831.0
    elif i == 2832:
        a[i] = 2832.0
    elif i == 2833:
        a[i] = 2833.0
    elif i == 2834:
        a[i] = 2834.0
    elif i == 2835:
        a[i] = 2835.0
    elif i == 2836:
        a[i] = 2836.0
    elif i == 2837:
        a[i] = 2837.0
    elif i == 2838:
        a[i] = 2838.0
    elif i == 2839:
        a[i] = 2839.0
    elif i == 2840:
        a[i] = 2840.0
    elif i == 2841:
        a[i] = 2841.0
    elif i == 2842:
        a[i] = 2842.0
    elif i == 2843:
        a[i] = 2843.0
    elif i == 2844:
        a[i] = 2844.0
    elif i == 2845:
        a[i] = 2845.0
    elif i == 2846:
        a[i] = 2846.0
    elif i == 2847:
        a[i] = 2847.0
    elif i == 2848:
        a[i] = 2848.0
    elif i == 2849:
        a[i] = 2849.0
    elif i == 2850:
        a[i] = 2850.0
    elif i == 2851:
        a[i] = 2851.0
    elif i == 2852:
        a[i] = 2852.0
    elif i == 2853:
        a[i] = 2853.0
    elif i == 2854:
        a[i] = 2854.0
    elif i == 2855:
        a[i] = 2855.0
    elif i == 2856:
        a[i] = 2856.0
    elif i == 2857:
        a[i] = 2857.0
    elif i == 2858:
        a[i] = 2858.0
    elif i == 2859:
        a[i] = 2859.0
    elif i == 2860:
        a[i] = 2860.0
    elif i == 2861:
        a[i] = 2861.0
    elif i == 2862:
        a[i] = 2862.0
    elif i == 2863:
        a[i] = 2863.0
    elif i == 2864:
        a[i] = 2864.0
    elif i == 2865:
        a[i] = 2865.0
    elif i == 2866:
        a[i] = 2866.0
    elif i == 2867:
        a[i] = 2867.0
    elif i == 2868:
        a[i] = 2868.0
    elif i == 2869:
        a[i] = 2869.0
    elif i == 2870:
        a[i] = 2870.0
    elif i == 2871:
        a[i] = 2871.0
    elif i == 2872:
        a[i] = 2872.0
    elif i == 2873:
        a[i] = 2873.0
    elif i == 2874:
        a[i] = 2874.0
    elif i == 2875:
        a[i] = 2875.0
    elif i == 2876:
        a[i] = 2876.0
    elif i == 2877:
        a[i] = 2877.0
    elif i == 2878:
        a[i] = 2878.0
    elif i == 2879:
        a[i] = 2879.0
    elif i == 2880:
        a[i] = 2880.0
    elif i == 2881:
        a[i] = 2881.0
    elif i == 2882:
        a[i] = 2882.0
    elif i == 2883:
        a[i] = 2883.0
    elif i == 2884:
        a[i] = 2884.0
    elif i == 2885:
        a[i] = 2885.0
    elif i == 2886:
        a[i] = 2886.0
    elif i == 2887:
        a[i] = 2887.0
    elif i == 2888:
        a[i] = 2888.0
    elif i == 2889:
        a[i] = 2889.0
    elif i == 2890:
        a[i] = 2890.0
    elif i == 2891:
        a[i] = 2891.0
    elif i == 2892:
        a[i] = 2892.0
    elif i == 2893:
        a[i] = 2893.0
    elif i == 2894:
        a[i] = 2894.0
    elif i == 2895:
        a[i] = 2895.0
    elif i == 2896:
        a[i] = 2896.0
    elif i == 2897:
        a[i] = 2897.0
    elif i == 2898:
        a[i] = 2898.0
    elif i == 2899:
        a[i] = 2899.0
    elif i == 2900:
        a[i] = 2900.0
    elif i == 2901:
        a[i] = 2901.0
    elif i == 2902:
        a[i] = 2902.0
    elif i == 2903:
        a[i] = 2903.0
    elif i == 2904:
        a[i] = 2904.0
    elif i == 2905:
        a[i] = 2905.0
    elif i == 2906:
        a[i] = 2906.0
    elif i == 2907:
        a[i] = 2907.0
    elif i == 2908:
        a[i] = 2908.0
    elif i == 2909:
        a[i] = 2909.0
    elif i == 2910:
        a[i] = 2910.0
    elif i == 2911:
        a[i] = 2911.0
    elif i == 2912:
        a[i] = 2912.0
    elif i == 2913:
        a[i] = 2913.0
    elif i == 2914:
        a[i] = 2914.0
    elif i == 2915:
        a[i] = 2915.0
    elif i == 2916:
        a[i] = 2916.0
    elif i == 2917:
        a[i] = 2917.0
    elif i == 2918:
        a[i] = 2918.0
    elif i == 2919:
        a[i] = 2919.0
    elif i == 2920:
        a[i] = 2920.0
    elif i == 2921:
        a[i] = 2921.0
    elif i == 2922:
        a[i] = 2922.0
    elif i == 2923:
        a[i] = 2923.0
    elif i == 2924:
        a[i] = 2924.0
    elif i == 2925:
        a[i] = 2925.0
    elif i == 2926:
        a[i] = 2926.0
    elif i == 2927:
        a[i] = 2927.0
    elif i == 2928:
        a[i] = 2928.0
    elif i == 2929:
        a[i] = 2929.0
    elif i == 2930:
        a[i] = 2930.0
    elif i == 2931:
        a[i] = 2931.0
    elif i == 2932:
        a[i] = 2932.0
    elif i == 2933:
        a[i] = 2933.0
    elif i == 2934:
        a[i] = 2934.0
    elif i == 2935:
        a[i] = 2935.0
    elif i == 2936:
        a[i] = 2936.0
    elif i == 2937:
        a[i] = 2937.0
    elif i == 2938:
        a[i] = 2938.0
    elif i == 2939:
        a[i] = 2939.0
    elif i == 2940:
        a[i] = 2940.0
    elif i == 2941:
        a[i] = 2941.0
    elif i == 2942:
        a[i] = 2942.0
    elif i == 2943:
        a[i] = 2943.0
    elif i == 2944:
        a[i] = 2944.0
    elif i == 2945:
        a[i] = 2945.0
    elif i == 2946:
        a[i] = 2946.0
    elif i == 2947:
        a[i] = 2947.0
    elif i == 2948:
        a[i] = 2948.0
    elif i == 2949:
        a[i] = 2949.0
    elif i == 2950:
        a[i] = 2950.0
    elif i == 2951:
        a[i] = 2951.0
    elif i == 2952:
        a[i] = 2952.0
    elif i == 2953:
        a[i] = 2953.0
    elif i == 2954:
        a[i] = 2954.0
    elif i == 2955:
        a[i] = 2955.0
    elif i == 2956:
        a[i] = 2956.0
    elif i == 2957:
        a[i] = 2957.0
    elif i == 2958:
        a[i] = 2958.0
    elif i == 2959:
        a[i] = 2959.0
    elif i == 2960:
        a[i] = 2960.0
    elif i == 2961:
        a[i] = 2961.0
    elif i == 2962:
        a[i] = 2962.0
    elif i == 2963:
        a[i] = 2963.0
    elif i == 2964:
        a[i] = 2964.0
    elif i == 2965:
        a[i] = 2965.0
    elif i == 2966:
        a[i] = 2966.0
    elif i == 2967:
        a[i] = 2967.0
    elif i == 2968:
        a[i] = 2968.0
    elif i == 2969:
        a[i] = 2969.0
    elif i == 2970:
        a[i] = 2970.0
    elif i == 2971:
        a[i] = 2971.0
    elif i == 2972:
        a[i] = 2972.0
    elif i == 2973:
        a[i] = 2973.0
    elif i == 2974:
        a[i] = 2974.0
    elif i == 2975:
        a[i] = 2975.0
    elif i == 2976:
        a[i] = 2976.0
    elif i == 2977:
        a[i] = 2977.0
    elif i == 2978:
        a[i] = 2978.0
    elif i == 2979:
        a[i] = 2979.0
    elif i == 2980:
        a[i] = 2980.0
    elif i == 2981:
        a[i] = 2981.0
    elif i == 2982:
        a[i] = 2982.0
    elif i == 2983:
        a[i] = 2983.0
    elif i == 2984:
        a[i] = 2984.0
    elif i == 2985:
        a[i] = 2985.0
    elif i == 2986:
        a[i] = 2986.0
    elif i == 2987:
        a[i] = 2987.0
    elif i == 2988:
        a[i] = 2988.0
    elif i == 2989:
        a[i] = 2989.0
    elif i == 2990:
        a[i] = 2990.0
    elif i == 2991:
        a[i] = 2991.0
    elif i == 2992:
        a[i] = 2992.0
    elif i == 2993:
        a[i] = 2993.0
    elif i == 2994:
        a[i] = 2994.0
    elif i == 2995:
        a[i] = 2995.0
    elif i == 2996:
        a[i] = 2996.0
    elif i == 2997:
        a[i] = 2997.0
    elif i == 2998:
        a[i] = 2998.0
    elif i == 2999:
        a[i] = 2999.0
    elif i == 3000:
        a[i] = 3000.0
    elif i == 3001:
        a[i] = 3001.0
    elif i == 3002:
        a[i] = 3002.0
    elif i == 3003:
        a[i] = 3003.0
    elif i == 3004:
        a[i] = 3004.0
    elif i == 3005:
        a[i] = 3005.0
    elif i == 3006:
        a[i] = 3006.0
    elif i == 3007:
        a[i] = 3007.0
    elif i == 3008:
        a[i] = 3008.0
    elif i == 3009:
        a[i] = 3009.0
    elif i == 3010:
        a[i] = 3010.0
    elif i == 3011:
        a[i] = 3011.0
    elif i == 3012:
        a[i] = 3012.0
    elif i == 3013:
        a[i] = 3013.0
    elif i == 3014:
        a[i] = 3014.0
    elif i == 3015:
        a[i] = 3015.0
    elif i == 3016:
        a[i] = 3016.0
    elif i == 3017:
        a[i] = 3017.0
    elif i == 3018:
        a[i] = 3018.0
    elif i == 3019:
        a[i] = 3019.0
    elif i == 3020:
        a[i] = 3020.0
    elif i == 3021:
        a[i] = 3021.0
    elif i == 3022:
        a[i] = 3022.0
    elif i == 3023:
        a[i] = 3023.0
    elif i == 3024:
        a[i] = 3024.0
    elif i == 3025:
        a[i] = 3025.0
    elif i == 3026:
        a[i] = 3026.0
    elif i == 3027:
        a[i] = 3027.0
    elif i == 3028:
        a[i] = 3028.0
    elif i == 3029:
        a[i] = 3029.0
    elif i == 3030:
        a[i] = 3030.0
    elif i == 3031:
        a[i] = 3031.0
    elif i == 3032:
        a[i] = 3032.0
    elif i == 3033:
        a[i] = 3033.0
    elif i == 3034:
        a[i] = 3034.0
    elif i == 3035:
        a[i] = 3035.0
    elif i == 3036:
        a[i] = 3036.0
    elif i == 3037:
        a[i] = 3037.0
    elif i == 3038:
        a[i] = 3038.0
    elif i == 3039:
        a[i] = 3039.0
    elif i == 3040:
        a[i] = 3040.0
    elif i == 3041:
        a[i] = 3041.0
    elif i == 3042:
        a[i] = 3042.0
    elif i == 3043:
        a[i] = 3043.0
    elif i == 3044:
        a[i] = 3044.0
    elif i == 3045:
        a[i] = 3045.0
    elif i == 3046:
        a[i] = 3046.0
    elif i == 3047:
        a[i] = 3047.0
    elif i == 3048:
        a[i] = 3048.0
    elif i == 3049:
        a[i] = 3049.0
    elif i == 3050:
        a[i] = 3050.0
    elif i == 3051:
        a[i] = 3051.0
    elif i == 3052:
        a[i] = 3052.0
    elif i == 3053:
        a[i] = 3053.0
    elif i == 3054:
        a[i] = 3054.0
    elif i == 3055:
        a[i] = 3055.0
    elif i == 3056:
        a[i] = 3056.0
    elif i == 3057:
        a[i] = 3057.0
    elif i == 3058:
        a[i] = 3058.0
    elif i == 3059:
        a[i] = 3059.0
    elif i == 3060:
        a[i] = 3060.0
    elif i == 3061:
        a[i] = 3061.0
    elif i == 3062:
        a[i] = 3062.0
    elif i == 3063:
        a[i] = 3063.0
    elif i == 3064:
        a[i] = 3064.0
    elif i == 3065:
        a[i] = 3065.0
    elif i == 3066:
        a[i] = 3066.0
    elif i == 3067:
        a[i] = 3067.0
    elif i == 3068:
        a[i] = 3068.0
    elif i == 3069:
        a[i] = 3069.0
    elif i == 3070:
        a[i] = 3070.0
    elif i == 3071:
        a[i] = 3071.0
    elif i == 3072:
        a[i] = 3072.0
    elif i == 3073:
        a[i] = 3073.0
    elif i == 3074:
        a[i] = 3074.0
    elif i == 3075:
        a[i] = 3075.0
    elif i == 3076:
        a[i] = 3076.0
    elif i == 3077:
        a[i] = 3077.0
    elif i == 3078:
        a[i] = 3078.0
    elif i == 3079:
        a[i] = 3079.0
    elif i == 3080:
        a[i] = 3080.0
    elif i == 3081:
        a[i] = 3081.0
    elif i == 3082:
        a[i] = 3082.0
    elif i == 3083:
        a[i] = 3083.0
    elif i == 3084:
        a[i] = 3084.0
    elif i == 3085:
        a[i] = 3085.0
    elif i == 3086:
        a[i] = 3086.0
    elif i == 3087:
        a[i] = 3087.0
    elif i == 3088:
        a[i] = 3088.0
    elif i == 3089:
        a[i] = 3089.0
    elif i == 3090:
        a[i] = 3090.0
    elif i == 3091:
        a[i] = 3091.0
    elif i == 3092:
        a[i] = 3092.0
    elif i == 3093:
        a[i] = 3093.0
    elif i == 3094:
        a[i] = 3094.0
    elif i == 3095:
        a[i] = 3095.0
    elif i == 3096:
        a[i] = 3096.0
    elif i == 3097:
        a[i] = 3097.0
    elif i == 3098:
        a[i] = 3098.0
    elif i == 3099:
        a[i] = 3099.0
    elif i == 3100:
        a[i] = 3100.0
    elif i == 3101:
        a[i] = 3101.0
    elif i == 3102:
        a[i] = 3102.0
    elif i == 3103:
        a[i] = 3103.0
    elif i == 3104:
        a[i] = 3104.0
    elif i == 3105:
        a[i] = 3105.0
    elif i == 3106:
        a[i] = 3106.0
    elif i == 3107:
        a[i] = 3107.0
    elif i == 3108:
        a[i] = 3108.0
    elif i == 3109:
        a[i] = 3109.0
    elif i == 3110:
        a[i] = 3110.0
    elif i == 3111:
        a[i] = 3111.0
    elif i == 3112:
        a[i] = 3112.0
    elif i == 3113:
        a[i] = 3113.0
    elif i == 3114:
        a[i] = 3114.0
    elif i == 3115:
        a[i] = 3115.0
    elif i == 3116:
        a[i] = 3116.0
    elif i == 3117:
        a[i] = 3117.0
    elif i == 3118:
        a[i] = 3118.0
    elif i == 3119:
        a[i] = 3119.0
    elif i == 3120:
        a[i] = 3120.0
    elif i == 3121:
        a[i] = 3121.0
    elif i == 3122:
        a[i] = 3122.0
    elif i == 3123:
        a[i] = 3123.0
    elif i == 3124:
        a[i] = 3124.0
    elif i == 3125:
        a[i] = 3125.0
    elif i == 3126:
        a[i] = 3126.0
    elif i == 3127:
        a[i] = 3127.0
    elif i == 3128:
        a[i] = 3128.0
    elif i == 3129:
        a[i] = 3129.0
    elif i == 3130:
        a[i] = 3130.0
    elif i == 3131:
        a[i] = 3131.0
    elif i == 3132:
        a[i] = 3132.0
    elif i == 3133:
        a[i] = 3133.0
    elif i == 3134:
        a[i] = 3134.0
    elif i == 3135:
        a[i] = 3135.0
    elif i == 3136:
        a[i] = 3136.0
    elif i == 3137:
        a[i] = 3137.0
    elif i == 3138:
        a[i] = 3138.0
    elif i == 3139:
        a[i] = 3139.0
    elif i == 3140:
        a[i] = 3140.0
    elif i == 3141:
        a[i] = 3141.0
    elif i == 3142:
        a[i] = 3142.0
    elif i == 3143:
        a[i] = 3143.0
    elif i == 3144:
        a[i] = 3144.0
    elif i == 3145:
        a[i] = 3145.0
    elif i == 3146:
        a[i] = 3146.0
    elif i == 3147:
        a[i] = 3147.0
    elif i == 3148:
        a[i] = 3148.0
    elif i == 3149:
        a[i] = 3149.0
    elif i == 3150:
        a[i] = 3150.0
    elif i == 3151:
        a[i] = 3151.0
    elif i == 3152:
        a[i] = 3152.0
    elif i == 3153:
        a[i] = 3153.0
    elif i == 3154:
        a[i] = 3154.0
    elif i == 3155:
        a[i] = 3155.0
    elif i == 3156:
        a[i] = 3156.0
    elif i == 3157:
        a[i] = 3157.0
    elif i == 3158:
        a[i] = 3158.0
    elif i == 3159:
        a[i] = 3159.0
    elif i == 3160:
        a[i] = 3160.0
    elif i == 3161:
        a[i] = 3161.0
    elif i == 3162:
        a[i] = 3162.0
    elif i == 3163:
        a[i] = 3163.0
    elif i == 3164:
        a[i] = 3164.0
    elif i == 3165:
        a[i] = 3165.0
    elif i == 3166:
        a[i] = 3166.0
    elif i == 3167:
        a[i] = 3167.0
    elif i == 3168:
        a[i] = 3168.0
    elif i == 3169:
        a[i] = 3169.0
    elif i == 3170:
        a[i] = 3170.0
    elif i == 3171:
        a[i] = 3171.0
    elif i == 3172:
        a[i] = 3172.0
    elif i == 3173:
        a[i] = 3173.0
    elif i == 3174:
        a[i] = 3174.0
    elif i == 3175:
        a[i] = 3175.0
    elif i == 3176:
        a[i] = 3176.0
    elif i == 3177:
        a[i] = 3177.0
    elif i == 3178:
        a[i] = 3178.0
    elif i == 3179:
        a[i] = 3179.0
    elif i == 3180:
        a[i] = 3180.0
    elif i == 3181:
        a[i] = 3181.0
    elif i == 3182:
        a[i] = 3182.0
    elif i == 3183:
        a[i] = 3183.0
    elif i == 3184:
        a[i] = 3184.0
    elif i == 3185:
        a[i] = 3185.0
    elif i == 3186:
        a[i] = 3186.0
    elif i == 3187:
        a[i] = 3187.0
    elif i == 3188:
        a[i] = 3188.0
    elif i == 3189:
        a[i] = 3189.0
    elif i == 3190:
        a[i] = 3190.0
    elif i == 3191:
        a[i] = 3191.0
    elif i == 3192:
        a[i] = 3192.0
    elif i == 3193:
        a[i] = 3193.0
    elif i == 3194:
        a[i] = 3194.0
    elif i == 3195:
        a[i] = 3195.0
    elif i == 3196:
        a[i] = 3196.0
    elif i == 3197:
        a[i] = 3197.0
    elif i == 3198:
        a[i] = 3198.0
    elif i == 3199:
        a[i] = 3199.0
    elif i == 3200:
        a[i] = 3200.0
    elif i == 3201:
        a[i] = 3201.0
    elif i == 3202:
        a[i] = 3202.0
    elif i == 3203:
        a[i] = 3203.0
    elif i == 3204:
        a[i] = 3204.0
    elif i == 3205:
        a[i] = 3205.0
    elif i == 3206:
        a[i] = 3206.0
    elif i == 3207:
        a[i] = 3207.0
    elif i == 3208:
        a[i] = 3208.0
    elif i == 3209:
        a[i] = 3209.0
    elif i == 3210:
        a[i] = 3210.0
    elif i == 3211:
        a[i] = 3211.0
    elif i == 3212:
        a[i] = 3212.0
    elif i == 3213:
        a[i] = 3213.0
    elif i == 3214:
        a[i] = 3214.0
    elif i == 3215:
        a[i] = 3215.0
    elif i == 3216:
        a[i] = 3216.0
    elif i == 3217:
        a[i] = 3217.0
    elif i == 3218:
        a[i] = 3218.0
    elif i == 3219:
        a[i] = 3219.0
    elif i == 3220:
        a[i] = 3220.0
    elif i == 3221:
        a[i] = 3221.0
    elif i == 3222:
        a[i] = 3222.0
    elif i == 3223:
        a[i] = 3223.0
    elif i == 3224:
        a[i] = 3224.0
    elif i == 3225:
        a[i] = 3225.0
    elif i == 3226:
        a[i] = 3226.0
    elif i == 3227:
        a[i] = 3227.0
    elif i == 3228:
        a[i] = 3228.0
    elif i == 3229:
        a[i] = 3229.0
    elif i == 3230:
        a[i] = 3230.0
    elif i == 3231:
        a[i] = 3231.0
    elif i == 3232:
        a[i] = 3232.0
    elif i == 3233:
        a[i] = 3233.0
    elif i == 3234:
        a[i] = 3234.0
    elif i == 3235:
        a[i] = 3235.0
    elif i == 3236:
        a[i] = 3236.0
    elif i == 3237:
        a[i] = 3237.0
    elif i == 3238:
        a[i] = 3238.0
    elif i == 3239:
        a[i] = 3239.0
    elif i == 3240:
        a[i] = 3240.0
    elif i == 3241:
        a[i] = 3241.0
    elif i == 3242:
        a[i] = 3242.0
    elif i == 3243:
        a[i] = 3243.0
    elif i == 3244:
        a[i] = 3244.0
    elif i == 3245:
        a[i] = 3245.0
    elif i == 3246:
        a[i] = 3246.0
    elif i == 3247:
        a[i] = 3247.0
    elif i == 3248:
        a[i] = 3248.0
    elif i == 3249:
        a[i] = 3249.0
    elif i == 3250:
        a[i] = 3250.0
    elif i == 3251:
        a[i] = 3251.0
    elif i == 3252:
        a[i] = 3252.0
    elif i == 3253:
        a[i] = 3253.0
    elif i == 3254:
        a[i] = 3254.0
    elif i == 3255:
        a[i] = 3255.0
    elif i == 3256:
        a[i] = 3256.0
    elif i == 3257:
        a[i] = 3257.0
    elif i == 3258:
        a[i] = 3258.0
    elif i == 3259:
        a[i] = 3259.0
    elif i == 3260:
        a[i] = 3260.0
    elif i == 3261:
        a[i] = 3261.0
    elif i == 3262:
        a[i] = 3262.0
    elif i == 3263:
        a[i] = 3263.0
    elif i == 3264:
        a[i] = 3264.0
    elif i == 3265:
        a[i] = 3265.0
    elif i == 3266:
        a[i] = 3266.0
    elif i == 3267:
        a[i] = 3267.0
    elif i == 3268:
        a[i] = 3268.0
    elif i == 3269:
        a[i] = 3269.0
    elif i == 3270:
        a[i] = 3270.0
    elif i == 3271:
        a[i] = 3271.0
    elif i == 3272:
        a[i] = 3272.0
    elif i == 3273:
        a[i] = 3273.0
    elif i == 3274:
        a[i] = 3274.0
    elif i == 3275:
        a[i] = 3275.0
    elif i == 3276:
        a[i] = 3276.0
    elif i == 3277:
        a[i] = 3277.0
    elif i == 3278:
        a[i] = 3278.0
    elif i == 3279:
        a[i] = 3279.0
    elif i == 3280:
        a[i] = 3280.0
    elif i == 3281:
        a[i] = 3281.0
    elif i == 3282:
        a[i] = 3282.0
    elif i == 3283:
        a[i] = 3283.0
    elif i == 3284:
        a[i] = 3284.0
    elif i == 3285:
        a[i] = 3285.0
    elif i == 3286:
        a[i] = 3286.0
    elif i == 3287:
        a[i] = 3287.0
    elif i == 3288:
        a[i] = 3288.0
    elif i == 3289:
        a[i] = 3289.0
    elif i == 3290:
        a[i] = 3290.0
    elif i == 3291:
        a[i] = 3291.0
    elif i == 3292:
        a[i] = 3292.0
    elif i == 3293:
        a[i] = 3293.0
    elif i == 3294:
        a[i] = 3294.0
    elif i == 3295:
        a[i] = 3295.0
    elif i == 3296:
        a[i] = 3296.0
    elif i == 3297:
        a[i] = 3297.0
    elif i == 3298:
        a[i] = 3298.0
    elif i == 3299:
        a[i] = 3299.0
    elif i == 3300:
        a[i] = 3300.0
    elif i == 3301:
        a[i] = 3301.0
    elif i == 3302:
        a[i] = 3302.0
    elif i == 3303:
        a[i] = 3303.0
    elif i == 3304:
        a[i] = 3304.0
    elif i == 3305:
        a[i] = 3305.0
    elif i == 3306:
        a[i] = 3306.0
    elif i == 3307:
        a[i] = 3307.0
    elif i == 3308:
        a[i] = 3308.0
    elif i == 3309:
        a[i] = 3309.0
    elif i == 3310:
        a[i] = 3310.0
    elif i == 3311:
        a[i] = 3311.0
    elif i == 3312:
        a[i] = 3312.0
    elif i == 3313:
        a[i] = 3313.0
    elif i == 3314:
        a[i] = 3314.0
    elif i == 3315:
        a[i] = 3315.0
    elif i == 3316:
        a[i] = 3316.0
    elif i == 3317:
        a[i] = 3317.0
    elif i == 3318:
        a[i] = 3318.0
    elif i == 3319:
        a[i] = 3319.0
    elif i == 3320:
        a[i] = 3320.0
    elif i == 3321:
        a[i] = 3321.0
    elif i == 3322:
        a[i] = 3322.0
    elif i == 3323:
        a[i] = 3323.0
    elif i == 3324:
        a[i] = 3324.0
    elif i == 3325:
        a[i] = 3325.0
    elif i == 3326:
        a[i] = 3326.0
    elif i == 3327:
        a[i] = 3327.0
    elif i == 3328:
        a[i] = 3328.0
    elif i == 3329:
        a[i] = 3329.0
    elif i == 3330:
        a[i] = 3330.0
    elif i == 3331:
        a[i] = 3331.0
    elif i == 3332:
        a[i] = 3332.0
    elif i == 3333:
        a[i] = 3333.0
    elif i == 3334:
        a[i] = 3334.0
    elif i == 3335:
        a[i] = 3335.0
    elif i == 3336:
        a[i] = 3336.0
    elif i == 3337:
        a[i] = 3337.0
    elif i == 3338:
        a[i] = 3338.0
    elif i == 3339:
        a[i] = 3339.0
    elif i == 3340:
        a[i] = 3340.0
    elif i == 3341:
        a[i] = 3341.0
    elif i == 3342:
        a[i] = 3342.0
    elif i == 3343:
        a[i] = 3343.0
    elif i == 3344:
        a[i] = 3344.0
    elif i == 3345:
        a[i] = 3345.0
    elif i == 3346:
        a[i] = 3346.0
    elif i == 3347:
        a[i] = 3347.0
    elif i == 3348:
        a[i] = 3348.0
    elif i == 3349:
        a[i] = 3349.0
    elif i == 3350:
        a[i] = 3350.0
    elif i == 3351:
        a[i] = 3351.0
    elif i == 3352:
        a[i] = 3352.0
    elif i == 3353:
        a[i] = 3353.0
    elif i == 3354:
        a[i] = 3354.0
    elif i == 3355:
        a[i] = 3355.0
    elif i == 3356:
        a[i] = 3356.0
    elif i == 3357:
        a[i] = 3357.0
    elif i == 3358:
        a[i] = 3358.0
    elif i == 3359:
        a[i] = 3359.0
    elif i == 3360:
        a[i] = 3360.0
    elif i == 3361:
        a[i] = 3361.0
    elif i == 3362:
        a[i] = 3362.0
    elif i == 3363:
        a[i] = 3363.0
    elif i == 3364:
        a[i] = 3364.0
    elif i == 3365:
        a[i] = 3365.0
    elif i == 3366:
        a[i] = 3366.0
    elif i == 3367:
        a[i] = 3367.0
    elif i == 3368:
        a[i] = 3368.0
    elif i == 3369:
        a[i] = 3369.0
    elif i == 3370:
        a[i] = 3370.0
    elif i == 3371:
        a[i] = 3371.0
    elif i == 3372:
        a[i] = 3372.0
    elif i == 3373:
        a[i] = 3373.0
    elif i == 3374:
        a[i] = 3374.0
    elif i == 3375:
        a[i] = 3375.0
    elif i == 3376:
        a[i] = 3376.0
    elif i == 3377:
        a[i] = 3377.0
    elif i == 3378:
        a[i] = 3378.0
    elif i == 3379:
        a[i] = 3379.0
    elif i == 3380:
        a[i] = 3380.0
    elif i == 3381:
        a[i] = 3381.0
    elif i == 3382:
        a[i] = 3382.0
    elif i == 3383:
        a[i] = 3383.0
    elif i == 3384:
        a[i] = 3384.0
    elif i == 3385:
        a[i] = 3385.0
    elif i == 3386:
        a[i] = 3386.0
    elif i == 3387:
        a[i] = 3387.0
    elif i == 3388:
        a[i] = 3388.0
    elif i == 3389:
        a[i] = 3389.0
    elif i == 3390:
        a[i] = 3390.0
    elif i == 3391:
        a[i] = 3391.0
    elif i == 3392:
        a[i] = 3392.0
    elif i == 3393:
        a[i] = 3393.0
    elif i == 3394:
        a[i] = 3394.0
    elif i == 3395:
        a[i] = 3395.0
    elif i == 3396:
        a[i] = 3396.0
    elif i == 3397:
        a[i] = 3397.0
    elif i == 3398:
        a[i] = 3398.0
    elif i == 3399:
        a[i] = 3399.0
    elif i == 3400:
        a[i] = 3400.0
    elif i == 3401:
        a[i] = 3401.0
    elif i == 3402:
        a[i] = 3402.0
    elif i == 3403:
        a[i] = 3403.0
    elif i == 3404:
        a[i] = 3404.0
    elif i == 3405:
        a[i] = 3405.0
    elif i == 3406:
        a[i] = 3406.0
    elif i == 3407:
        a[i] = 3407.0
    elif i == 3408:
        a[i] = 3408.0
    elif i == 3409:
        a[i] = 3409.0
    elif i == 3410:
        a[i] = 3410.0
    elif i == 3411:
        a[i] = 3411.0
    elif i == 3412:
        a[i] = 3412.0
    elif i == 3413:
        a[i] = 3413.0
    elif i == 3414:
        a[i] = 3414.0
    elif i == 3415:
        a[i] = 3415.0
    elif i == 3416:
        a[i] = 3416.0
    elif i == 3417:
        a[i] = 3417.0
    elif i == 3418:
        a[i] = 3418.0
    elif i == 3419:
        a[i] = 3419.0
    elif i == 3420:
        a[i] = 3420.0
    elif i == 3421:
        a[i] = 3421.0
    elif i == 3422:
        a[i] = 3422.0
    elif i == 3423:
        a[i] = 3423.0
    elif i == 3424:
        a[i] = 3424.0
    elif i == 3425:
        a[i] = 3425.0
    elif i == 3426:
        a[i] = 3426.0
    elif i == 3427:
        a[i] = 3427.0
    elif i == 3428:
        a[i] = 3428.0
    elif i == 3429:
        a[i] = 3429.0
    elif i == 3430:
        a[i] = 3430.0
    elif i == 3431:
        a[i] = 3431.0
    elif i == 3432:
        a[i] = 3432.0
    elif i == 3433:
        a[i] = 3433.0
    elif i == 3434:
        a[i] = 3434.0
    elif i == 3435:
        a[i] = 3435.0
    elif i == 3436:
        a[i] = 3436.0
    elif i == 3437:
        a[i] = 3437.0
    elif i == 3438:
        a[i] = 3438.0
    elif i == 3439:
        a[i] = 3439.0
    elif i == 3440:
        a[i] = 3440.0
    elif i == 3441:
        a[i] = 3441.0
    elif i == 3442:
        a[i] = 3442.0
    elif i == 3443:
        a[i] = 3443.0
    elif i == 3444:
        a[i] = 3444.0
    elif i == 3445:
        a[i] = 3445.0
    elif i == 3446:
        a[i] = 3446.0
    elif i == 3447:
        a[i] = 3447.0
    elif i == 3448:
        a[i] = 3448.0
    elif i == 3449:
        a[i] = 3449.0
    elif i == 3450:
        a[i] = 3450.0
    elif i == 3451:
        a[i] = 3451.0
    elif i == 3452:
        a[i] = 3452.0
    elif i == 3453:
        a[i] = 3453.0
    elif i == 3454:
        a[i] = 3454.0
    elif i == 3455:
        a[i] = 3455.0
    elif i == 3456:
        a[i] = 3456.0
    elif i == 3457:
        a[i] = 3457.0
    elif i == 3458:
        a[i] = 3458.0
    elif i == 3459:
        a[i] = 3459.0
    elif i == 3460:
        a[i] = 3460.0
    elif i == 3461:
        a[i] = 3461.0
    elif i == 3462:
        a[i] = 3462.0
    elif i == 3463:
        a[i] = 3463.0
    elif i == 3464:
        a[i] = 3464.0
    elif i == 3465:
        a[i] = 3465.0
    elif i == 3466:
        a[i] = 3466.0
    elif i == 3467:
        a[i] = 3467.0
    elif i == 3468:
        a[i] = 3468.0
    elif i == 3469:
        a[i] = 3469.0
    elif i == 3470:
        a[i] = 3470.0
    elif i == 3471:
        a[i] = 3471.0
    elif i == 3472:
        a[i] = 3472.0
    elif i == 3473:
        a[i] = 3473.0
    elif i == 3474:
        a[i] = 3474.0
    elif i == 3475:
        a[i] = 3475.0
    elif i == 3476:
        a[i] = 3476.0
    elif i == 3477:
        a[i] = 3477.0
    elif i == 3478:
        a[i] = 3478.0
    elif i == 3479:
        a[i] = 3479.0
    elif i == 3480:
        a[i] = 3480.0
    elif i == 3481:
        a[i] = 3481.0
    elif i == 3482:
        a[i] = 3482.0
    elif i == 3483:
        a[i] = 3483.0
    elif i == 3484:
        a[i] = 3484.0
    elif i == 3485:
        a[i] = 3485.0
    elif i == 3486:
        a[i] = 3486.0
    elif i == 3487:
        a[i] = 3487.0
    elif i == 3488:
        a[i] = 3488.0
    elif i == 3489:
        a[i] = 3489.0
    elif i == 3490:
        a[i] = 3490.0
    elif i == 3491:
        a[i] = 3491.0
    elif i == 3492:
        a[i] = 3492.0
    elif i == 3493:
        a[i] = 3493.0
    elif i == 3494:
        a[i] = 3494.0
    elif i == 3495:
        a[i] = 3495.0
    elif i == 3496:
        a[i] = 3496.0
    elif i == 3497:
        a[i] = 3497.0
    elif i == 3498:
        a[i] = 3498.0
    elif i == 3499:
        a[i] = 3499.0
    elif i == 3500:
        a[i] = 3500.0
    elif i == 3501:
        a[i] = 3501.0
    elif i == 3502:
        a[i] = 3502.0
    elif i == 3503:
        a[i] = 3503.0
    elif i == 3504:
        a[i] = 3504.0
    elif i == 3505:
        a[i] = 3505.0
    elif i == 3506:
        a[i] = 3506.0
    elif i == 3507:
        a[i] = 3507.0
    elif i == 3508:
        a[i] = 3508.0
    elif i == 3509:
        a[i] = 3509.0
    elif i == 3510:
        a[i] = 3510.0
    elif i == 3511:
        a[i] = 3511.0
    elif i == 3512:
        a[i] = 3512.0
    elif i == 3513:
        a[i] = 3513.0
    elif i == 3514:
        a[i] = 3514.0
    elif i == 3515:
        a[i] = 3515.0
    elif i == 3516:
        a[i] = 3516.0
    elif i == 3517:
        a[i] = 3517.0
    elif i == 3518:
        a[i] = 3518.0
    elif i == 3519:
        a[i] = 3519.0
    elif i == 3520:
        a[i] = 3520.0
    elif i == 3521:
        a[i] = 3521.0
    elif i == 3522:
        a[i] = 3522.0
    elif i == 3523:
        a[i] = 3523.0
    elif i == 3524:
        a[i] = 3524.0
    elif i == 3525:
        a[i] = 3525.0
    elif i == 3526:
        a[i] = 3526.0
    elif i == 3527:
        a[i] = 3527.0
    elif i == 3528:
        a[i] = 3528.0
    elif i == 3529:
        a[i] = 3529.0
    elif i == 3530:
        a[i] = 3530.0
    elif i == 3531:
        a[i] = 3531.0
    elif i == 3532:
        a[i] = 3532.0
    elif i == 3533:
        a[i] = 3533.0
    elif i == 3534:
        a[i] = 3534.0
    elif i == 3535:
        a[i] = 3535.0
    elif i == 3536:
        a[i] = 3536.0
    elif i == 3537:
        a[i] = 3537.0
    elif i == 3538:
        a[i] = 3538.0
    elif i == 3539:
        a[i] = 3539.0
    elif i == 3540:
        a[i] = 3540.0
    elif i == 3541:
        a[i] = 3541.0
    elif i == 3542:
        a[i] = 3542.0
    elif i == 3543:
        a[i] = 3543.0
    elif i == 3544:
        a[i] = 3544.0
    elif i == 3545:
        a[i] = 3545.0
    elif i == 3546:
        a[i] = 3546.0
    elif i == 3547:
        a[i] = 3547.0
    elif i == 3548:
        a[i] = 3548.0
    elif i == 3549:
        a[i] = 3549.0
    elif i == 3550:
        a[i] = 3550.0
    elif i == 3551:
        a[i] = 3551.0
    elif i == 3552:
        a[i] = 3552.0
    elif i == 3553:
        a[i] = 3553.0
    elif i == 3554:
        a[i] = 3554.0
    elif i == 3555:
        a[i] = 3555.0
    elif i == 3556:
        a[i] = 3556.0
    elif i == 3557:
        a[i] = 3557.0
    elif i == 3558:
        a[i] = 3558.0
    elif i == 3559:
        a[i] = 3559.0
    elif i == 3560:
        a[i] = 3560.0
    elif i == 3561:
        a[i] = 3561.0
    elif i == 3562:
        a[i] = 3562.0
    elif i == 3563:
        a[i] = 3563.0
    elif i == 3564:
        a[i] = 3564.0
    elif i == 3565:
        a[i] = 3565.0
    elif i == 3566:
        a[i] = 3566.0
    elif i == 3567:
        a[i] = 3567.0
    elif i == 3568:
        a[i] = 3568.0
    elif i == 3569:
        a[i] = 3569.0
    elif i == 3570:
        a[i] = 3570.0
    elif i == 3571:
        a[i] = 3571.0
    elif i == 3572:
        a[i] = 3572.0
    elif i == 3573:
        a[i] = 3573.0
    elif i == 3574:
        a[i] = 3574.0
    elif i == 3575:
        a[i] = 3575.0
    elif i == 3576:
        a[i] = 3576.0
    elif i == 3577:
        a[i] = 3577.0
    elif i == 3578:
        a[i] = 3578.0
    elif i == 3579:
        a[i] = 3579.0
    elif i == 3580:
        a[i] = 3580.0
    elif i == 3581:
        a[i] = 3581.0
    elif i == 3582:
        a[i] = 3582.0
    elif i == 3583:
        a[i] = 3583.0
    elif i == 3584:
        a[i] = 3584.0
    elif i == 3585:
        a[i] = 3585.0
    elif i == 3586:
        a[i] = 3586.0
    elif i == 3587:
        a[i] = 3587.0
    elif i == 3588:
        a[i] = 3588.0
    elif i == 3589:
        a[i] = 3589.0
    elif i == 3590:
        a[i] = 3590.0
    elif i == 3591:
        a[i] = 3591.0
    elif i == 3592:
        a[i] = 3592.0
    elif i == 3593:
        a[i] = 3593.0
    elif i == 3594:
        a[i] = 3594.0
    elif i == 3595:
        a[i] = 3595.0
    elif i == 3596:
        a[i] = 3596.0
    elif i == 3597:
        a[i] = 3597.0
    elif i == 3598:
        a[i] = 3598.0
    elif i == 3599:
        a[i] = 3599.0
    elif i == 3600:
        a[i] = 3600.0
    elif i == 3601:
        a[i] = 3601.0
    elif i == 3602:
        a[i] = 3602.0
    elif i == 3603:
        a[i] = 3603.0
    elif i == 3604:
        a[i] = 3604.0
    elif i == 3605:
        a[i] = 3605.0
    elif i == 3606:
        a[i] = 3606.0
    elif i == 3607:
        a[i] = 3607.0
    elif i == 3608:
        a[i] = 3608.0
    elif i == 3609:
        a[i] = 3609.0
    elif i == 3610:
        a[i] = 3610.0
    elif i == 3611:
        a[i] = 3611.0
    elif i == 3612:
        a[i] = 3612.0
    elif i == 3613:
        a[i] = 3613.0
    elif i == 3614:
        a[i] = 3614.0
    elif i == 3615:
        a[i] = 3615.0
    elif i == 3616:
        a[i] = 3616.0
    elif i == 3617:
        a[i] = 3617.0
    elif i == 3618:
        a[i] = 3618.0
    elif i == 3619:
        a[i] = 3619.0
    elif i == 3620:
        a[i] = 3620.0
    elif i == 3621:
        a[i] = 3621.0
    elif i == 3622:
        a[i] = 3622.0
    elif i == 3623:
        a[i] = 3623.0
    elif i == 3624:
        a[i] = 3624.0
    elif i == 3625:
        a[i] = 3625.0
    elif i == 3626:
        a[i] = 3626.0
    elif i == 3627:
        a[i] = 3627.0
    elif i == 3628:
        a[i] = 3628.0
    elif i == 3629:
        a[i] = 3629.0
    elif i == 3630:
        a[i] = 3630.0
    elif i == 3631:
        a[i] = 3631.0
    elif i == 3632:
        a[i] = 3632.0
    elif i == 3633:
        a[i] = 3633.0
    elif i == 3634:
        a[i] = 3634.0
    elif i == 3635:
        a[i] = 3635.0
    elif i == 3636:
        a[i] = 3636.0
    elif i == 3637:
        a[i] = 3637.0
    elif i == 3638:
        a[i] = 3638.0
    elif i == 3639:
        a[i] = 3639.0
    elif i == 3640:
        a[i] = 3640.0
    elif i == 3641:
        a[i] = 3641.0
    elif i == 3642:
        a[i] = 3642.0
    elif i == 3643:
        a[i] = 3643.0
    elif i == 3644:
        a[i] = 3644.0
    elif i == 3645:
        a[i] = 3645.0
    elif i == 3646:
        a[i] = 3646.0
    elif i == 3647:
        a[i] = 3647.0
    elif i == 3648:
        a[i] = 3648.0
    elif i == 3649:
        a[i] = 3649.0
    elif i == 3650:
        a[i] = 3650.0
    elif i == 3651:
        a[i] = 3651.0
    elif i == 3652:
        a[i] = 3652.0
    elif i == 3653:
        a[i] = 3653.0
    elif i == 3654:
        a[i] = 3654.0
    elif i == 3655:
        a[i] = 3655.0
    elif i == 3656:
        a[i] = 3656.0
    elif i == 3657:
        a[i] = 3657.0
    elif i == 3658:
        a[i] = 3658.0
    elif i == 3659:
        a[i] = 3659.0
    elif i == 3660:
        a[i] = 3660.0
    elif i == 3661:
        a[i] = 3661.0
    elif i == 3662:
        a[i] = 3662.0
    elif i == 3663:
        a[i] = 3663.0
    elif i == 3664:
        a[i] = 3664.0
    elif i == 3665:
        a[i] = 3665.0
    elif i == 3666:
        a[i] = 3666.0
    elif i == 3667:
        a[i] = 3667.0
    elif i == 3668:
        a[i] = 3668.0
    elif i == 3669:
        a[i] = 3669.0
    elif i == 3670:
        a[i] = 3670.0
    elif i == 3671:
        a[i] = 3671.0
    elif i == 3672:
        a[i] = 3672.0
    elif i == 3673:
        a[i] = 3673.0
    elif i == 3674:
        a[i] = 3674.0
    elif i == 3675:
        a[i] = 3675.0
    elif i == 3676:
        a[i] = 3676.0
    elif i == 3677:
        a[i] = 3677.0
    elif i == 3678:
        a[i] = 3678.0
    elif i == 3679:
        a[i] = 3679.0
    elif i == 3680:
        a[i] = 3680.0
    elif i == 3681:
        a[i] = 3681.0
    elif i == 3682:
        a[i] = 3682.0
    elif i == 3683:
        a[i] = 3683.0
    elif i == 3684:
        a[i] = 3684.0
    elif i == 3685:
        a[i] = 3685.0
    elif i == 3686:
        a[i] = 3686.0
    elif i == 3687:
        a[i] = 3687.0
    elif i == 3688:
        a[i] = 3688.0
    elif i == 3689:
        a[i] = 3689.0
    elif i == 3690:
        a[i] = 3690.0
    elif i == 3691:
        a[i] = 3691.0
    elif i == 3692:
        a[i] = 3692.0
    elif i == 3693:
        a[i] = 3693.0
    elif i == 3694:
        a[i] = 3694.0
    elif i == 3695:
        a[i] = 3695.0
    elif i == 3696:
        a[i] = 3696.0
    elif i == 3697:
        a[i] = 3697.0
    elif i == 3698:
        a[i] = 3698.0
    elif i == 3699:
        a[i] = 3699.0
    elif i == 3700:
        a[i] = 3700.0
    elif i == 3701:
        a[i] = 3701.0
    elif i == 3702:
        a[i] = 3702.0
    elif i == 3703:
        a[i] = 3703.0
    elif i == 3704:
        a[i] = 3704.0
    elif i == 3705:
        a[i] = 3705.0
    elif i == 3706:
        a[i] = 3706.0
    elif i == 3707:
        a[i] = 3707.0
    elif i == 3708:
        a[i] = 3708.0
    elif i == 3709:
        a[i] = 3709.0
    elif i == 3710:
        a[i] = 3710.0
    elif i == 3711:
        a[i] = 3711.0
    elif i == 3712:
        a[i] = 3712.0
    elif i == 3713:
        a[i] = 3713.0
    elif i == 3714:
        a[i] = 3714.0
    elif i == 3715:
        a[i] = 3715.0
    elif i == 3716:
        a[i] = 3716.0
    elif i == 3717:
        a[i] = 3717.0
    elif i == 3718:
        a[i] = 3718.0
    elif i == 3719:
        a[i] = 3719.0
    elif i == 3720:
        a[i] = 3720.0
    elif i == 3721:
        a[i] = 3721.0
    elif i == 3722:
        a[i] = 3722.0
    elif i == 3723:
        a[i] = 3723.0
    elif i == 3724:
        a[i] = 3724.0
    elif i == 3725:
        a[i] = 3725.0
    elif i == 3726:
        a[i] = 3726.0
    elif i == 3727:
        a[i] = 3727.0
    elif i == 3728:
        a[i] = 3728.0
    elif i == 3729:
        a[i] = 3729.0
    elif i == 3730:
        a[i] = 3730.0
    elif i == 3731:
        a[i] = 3731.0
    elif i == 3732:
        a[i] = 3732.0
    elif i == 3733:
        a[i] = 3733.0
    elif i == 3734:
        a[i] = 3734.0
    elif i == 3735:
        a[i] = 3735.0
    elif i == 3736:
        a[i] = 3736.0
    elif i == 3737:
        a[i] = 3737.0
    elif i == 3738:
        a[i] = 3738.0
    elif i == 3739:
        a[i] = 3739.0
    elif i == 3740:
        a[i] = 3740.0
    elif i == 3741:
        a[i] = 3741.0
    elif i == 3742:
        a[i] = 3742.0
    elif i == 3743:
        a[i] = 3743.0
    elif i == 3744:
        a[i] = 3744.0
    elif i == 3745:
        a[i] = 3745.0
    elif i == 3746:
        a[i] = 3746.0
    elif i == 3747:
        a[i] = 3747.0
    elif i == 3748:
        a[i] = 3748.0
    elif i == 3749:
        a[i] = 3749.0
    elif i == 3750:
        a[i] = 3750.0
    elif i == 3751:
        a[i] = 3751.0
    elif i == 3752:
        a[i] = 3752.0
    elif i == 3753:
        a[i] = 3753.0
    elif i == 3754:
        a[i] = 3754.0
    elif i == 3755:
        a[i] = 3755.0
    elif i == 3756:
        a[i] = 3756.0
    elif i == 3757:
        a[i] = 3757.0
    elif i == 3758:
        a[i] = 3758.0
    elif i == 3759:
        a[i] = 3759.0
    elif i == 3760:
        a[i] = 3760.0
    elif i == 3761:
        a[i] = 3761.0
    elif i == 3762:
        a[i] = 3762.0
    elif i == 3763:
        a[i] = 3763.0
    elif i == 3764:
        a[i] = 3764.0
    elif i == 3765:
        a[i] = 3765.0
    elif i == 3766:
        a[i] = 3766.0
    elif i == 3767:
        a[i] = 3767.0
    elif i == 3768:
        a[i] = 3768.0
    elif i == 3769:
        a[i] = 3769.0
    elif i == 3770:
        a[i] = 3770.0
    elif i == 3771:
        a[i] = 3771.0
    elif i == 3772:
        a[i] = 3772.0
    elif i == 3773:
        a[i] = 3773.0
    elif i == 3774:
        a[i] = 3774.0
    elif i == 3775:
        a[i] = 3775.0
    elif i == 3776:
        a[i] = 3776.0
    elif i == 3777:
        a[i] = 3777.0
    elif i == 3778:
        a[i] = 3778.0
    elif i == 3779:
        a[i] = 3779.0
    elif i == 3780:
        a[i] = 3780.0
    elif i == 3781:
        a[i] = 3781.0
    elif i == 3782:
        a[i] = 3782.0
    elif i == 3783:
        a[i] = 3783.0
    elif i == 3784:
        a[i] = 3784.0
    elif i == 3785:
        a[i] = 3785.0
    elif i == 3786:
        a[i] = 3786.0
    elif i == 3787:
        a[i] = 3787.0
    elif i == 3788:
        a[i] = 3788.0
    elif i == 3789:
        a[i] = 3789.0
    elif i == 3790:
        a[i] = 3790.0
    elif i == 3791:
        a[i] = 3791.0
    elif i == 3792:
        a[i] = 3792.0
    elif i == 3793:
        a[i] = 3793.0
    elif i == 3794:
        a[i] = 3794.0
    elif i == 3795:
        a[i] = 3795.0
    elif i == 3796:
        a[i] = 3796.0
    elif i == 3797:
        a[i] = 3797.0
    elif i == 3798:
        a[i] = 3798.0
    elif i == 3799:
        a[i] = 3799.0
    elif i == 3800:
        a[i] = 3800.0
    elif i == 3801:
        a[i] = 3801.0
    elif i == 3802:
        a[i] = 3802.0
    elif i == 3803:
        a[i] = 3803.0
    elif i == 3804:
        a[i] = 3804.0
    elif i == 3805:
        a[i] = 3805.0
    elif i == 3806:
        a[i] = 3806.0
    elif i == 3807:
        a[i] = 3807.0
    elif i == 3808:
        a[i] = 3808.0
    elif i == 3809:
        a[i] = 3809.0
    elif i == 3810:
        a[i] = 3810.0
    elif i == 3811:
        a[i] = 3811.0
    elif i == 3812:
        a[i] = 3812.0
    elif i == 3813:
        a[i] = 3813.0
    elif i == 3814:
        a[i] = 3814.0
    elif i == 3815:
        a[i] = 3815.0
    elif i == 3816:
        a[i] = 3816.0
    elif i == 3817:
        a[i] = 3817.0
    elif i == 3818:
        a[i] = 3818.0
    elif i == 3819:
        a[i] = 3819.0
    elif i == 3820:
        a[i] = 3820.0
    elif i == 3821:
        a[i] = 3821.0
    elif i == 3822:
        a[i] = 3822.0
    elif i == 3823:
        a[i] = 3823.0
    elif i == 3824:
        a[i] = 3824.0
    elif i == 3825:
        a[i] = 3825.0
    elif i == 3826:
        a[i] = 3826.0
    elif i == 3827:
        a[i] = 3827.0
    elif i == 3828:
        a[i] = 3828.0
    elif i == 3829:
        a[i] = 3829.0
    elif i == 3830:
        a[i] = 3830.0
    elif i == 3831:
        a[i] = 3831.0
    elif i == 3832:
        a[i] = 3832.0
    elif i == 3833:
        a[i] = 3833.0
    elif i == 3834:
        a[i] = 3834.0
    elif i == 3835:
        a[i] = 3835.0
    elif i == 3836:
        a[i] = 3836.0
    elif i == 3837:
        a[i] = 3837.0
    elif i == 3838:
        a[i] = 3838.0
    elif i == 3839:
        a[i] = 3839.0
    elif i == 3840:
        a[i] = 3840.0
    elif i == 3841:
        a[i] = 3841.0
    elif i == 3842:
        a[i] = 3842.0
    elif i == 3843:
        a[i] = 3843.0
    elif i == 3844:
        a[i] = 3844.0
    elif i == 3845:
        a[i] = 3845.0
    elif i == 3846:
        a[i] = 3846.0
    elif i == 3847:
        a[i] = 3847.0
    elif i == 3848:
        a[i] = 3848.0
    elif i == 3849:
        a[i] = 3849.0
    elif i == 3850:
        a[i] = 3850.0
    elif i == 3851:
        a[i] = 3851.0
    elif i == 3852:
        a[i] = 3852.0
    elif i == 3853:
        a[i] = 3853.0
    elif i == 3854:
        a[i] = 3854.0
    elif i == 3855:
        a[i] = 3855.0
    elif i == 3856:
        a[i] = 3856.0
    elif i == 3857:
        a[i] = 3857.0
    elif i == 3858:
        a[i] = 3858.0
    elif i == 3859:
        a[i] = 3859.0
    elif i == 3860:
        a[i] = 3860.0
    elif i == 3861:
        a[i] = 3861.0
    elif i == 3862:
        a[i] = 3862.0
    elif i == 3863:
        a[i] = 3863.0
    elif i == 3864:
        a[i] = 3864.0
    elif i == 3865:
        a[i] = 3865.0
    elif i == 3866:
        a[i] = 3866.0
    elif i == 3867:
        a[i] = 3867.0
    elif i == 3868:
        a[i] = 3868.0
    elif i == 3869:
        a[i] = 3869.0
    elif i == 3870:
        a[i] = 3870.0
    elif i == 3871:
        a[i] = 3871.0
    elif i == 3872:
        a[i] = 3872.0
    elif i == 3873:
        a[i] = 3873.0
    elif i == 3874:
        a[i] = 3874.0
    elif i == 3875:
        a[i] = 3875.0
    elif i == 3876:
        a[i] = 3876.0
    elif i == 3877:
        a[i] = 3877.0
    elif i == 3878:
        a[i] = 3878.0
    elif i == 3879:
        a[i] = 3879.0
    elif i == 3880:
        a[i] = 3880.0
    elif i == 3881:
        a[i] = 3881.0
    elif i == 3882:
        a[i] = 3882.0
    elif i == 3883:
        a[i] = 3883.0
    elif i == 3884:
        a[i] = 3884.0
    elif i == 3885:
        a[i] = 3885.0
    elif i == 3886:
        a[i] = 3886.0
    elif i == 3887:
        a[i] = 3887.0
    elif i == 3888:
        a[i] = 3888.0
    elif i == 3889:
        a[i] = 3889.0
    elif i == 3890:
        a[i] = 3890.0
    elif i == 3891:
        a[i] = 3891.0
    elif i == 3892:
        a[i] = 3892.0
    elif i == 3893:
        a[i] = 3893.0
    elif i == 3894:
        a[i] = 3894.0
    elif i == 3895:
        a[i] = 3895.0
    elif i == 3896:
        a[i] = 3896.0
    elif i == 3897:
        a[i] = 3897.0
    elif i == 3898:
        a[i] = 3898.0
    elif i == 3899:
        a[i] = 3899.0
    elif i == 3900:
        a[i] = 3900.0
    elif i == 3901:
        a[i] = 3901.0
    elif i == 3902:
        a[i] = 3902.0
    elif i == 3903:
        a[i] = 3903.0
    elif i == 3904:
        a[i] = 3904.0
    elif i == 3905:
        a[i] = 3905.0
    elif i == 3906:
        a[i] = 3906.0
    elif i == 3907:
        a[i] = 3907.0
    elif i == 3908:
        a[i] = 3908.0
    elif i == 3909:
        a[i] = 3909.0
    elif i == 3910:
        a[i] = 3910.0
    elif i == 3911:
        a[i] = 3911.0
    elif i == 3912:
        a[i] = 3912.0
    elif i == 3913:
        a[i] = 3913.0
    elif i == 3914:
        a[i] = 3914.0
    elif i == 3915:
        a[i] = 3915.0
    elif i == 3916:
        a[i] = 3916.0
    elif i == 3917:
        a[i] = 3917.0
    elif i == 3918:
        a[i] = 3918.0
    elif i == 3919:
        a[i] = 3919.0
    elif i == 3920:
        a[i] = 3920.0
    elif i == 3921:
        a[i] = 3921.0
    elif i == 3922:
        a[i] = 3922.0
    elif i == 3923:
        a[i] = 3923.0
    elif i == 3924:
        a[i] = 3924.0
    elif i == 3925:
        a[i] = 3925.0
    elif i == 3926:
        a[i] = 3926.0
    elif i == 3927:
        a[i] = 3927.0
    elif i == 3928:
        a[i] = 3928.0
    elif i == 3929:
        a[i] = 3929.0
    elif i == 3930:
        a[i] = 3930.0
    elif i == 3931:
        a[i] = 3931.0
    elif i == 3932:
        a[i] = 3932.0
    elif i == 3933:
        a[i] = 3933.0
    elif i == 3934:
        a[i] = 3934.0
    elif i == 3935:
        a[i] = 3935.0
    elif i == 3936:
        a[i] = 3936.0
    elif i == 3937:
        a[i] = 3937.0
    elif i == 3938:
        a[i] = 3938.0
    elif i == 3939:
        a[i] = 3939.0
    elif i == 3940:
        a[i] = 3940.0
    elif i == 3941:
        a[i] = 3941.0
    elif i == 3942:
        a[i] = 3942.0
    elif i == 3943:
        a[i] = 3943.0
    elif i == 3944:
        a[i] = 3944.0
    elif i == 3945:
        a[i] = 3945.0
    elif i == 3946:
        a[i] = 3946.0
    elif i == 3947:
        a[i] = 3947.0
    elif i == 3948:
        a[i] = 3948.0
    elif i == 3949:
        a[i] = 3949.0
    elif i == 3950:
        a[i] = 3950.0
    elif i == 3951:
        a[i] = 3951.0
    elif i == 3952:
        a[i] = 3952.0
    elif i == 3953:
        a[i] = 3953.0
    elif i == 3954:
        a[i] = 3954.0
    elif i == 3955:
        a[i] = 3955.0
    elif i == 3956:
        a[i] = 3956.0
    elif i == 3957:
        a[i] = 3957.0
    elif i == 3958:
        a[i] = 3958.0
    elif i == 3959:
        a[i] = 3959.0
    elif i == 3960:
        a[i] = 3960.0
    elif i == 3961:
        a[i] = 3961.0
    elif i == 3962:
        a[i] = 3962.0
    elif i == 3963:
        a[i] = 3963.0
    elif i == 3964:
        a[i] = 3964.0
    elif i == 3965:
        a[i] = 3965.0
    elif i == 3966:
        a[i] = 3966.0
    elif i == 3967:
        a[i] = 3967.0
    elif i == 3968:
        a[i] = 3968.0
    elif i == 3969:
        a[i] = 3969.0
    elif i == 3970:
        a[i] = 3970.0
    elif i == 3971:
        a[i] = 3971.0
    elif i == 3972:
        a[i] = 3972.0
    elif i == 3973:
        a[i] = 3973.0
    elif i == 3974:
        a[i] = 3974.0
    elif i == 3975:
        a[i] = 3975.0
    elif i == 3976:
        a[i] = 3976.0
    elif i == 3977:
        a[i] = 3977.0
    elif i == 3978:
        a[i] = 3978.0
    elif i == 3979:
        a[i] = 3979.0
    elif i == 3980:
        a[i] = 3980.0
    elif i == 3981:
        a[i] = 3981.0
    elif i == 3982:
        a[i] = 3982.0
    elif i == 3983:
        a[i] = 3983.0
    elif i == 3984:
        a[i] = 3984.0
    elif i == 3985:
        a[i] = 3985.0
    elif i == 3986:
        a[i] = 3986.0
    elif i == 3987:
        a[i] = 3987.0
    elif i == 3988:
        a[i] = 3988.0
    elif i == 3989:
        a[i] = 3989.0
    elif i == 3990:
        a[i] = 3990.0
    elif i == 3991:
        a[i] = 3991.0
    elif i == 3992:
        a[i] = 3992.0
    elif i == 3993:
        a[i] = 3993.0
    elif i == 3994:
        a[i] = 3994.0
    elif i == 3995:
        a[i] = 3995.0
    elif i == 3996:
        a[i] = 3996.0
    elif i == 3997:
        a[i] = 3997.0
    elif i == 3998:
        a[i] = 3998.0
    elif i == 3999:
        a[i] = 3999.0
    elif i == 4000:
        a[i] = 4000.0
    elif i == 4001:
        a[i] = 4001.0
    elif i == 4002:
        a[i] = 4002.0
    elif i == 4003:
        a[i] = 4003.0
    elif i == 4004:
        a[i] = 4004.0
    elif i == 4005:
        a[i] = 4005.0
    elif i == 4006:
        a[i] = 4006.0
    elif i == 4007:
        a[i] = 4007.0
    elif i == 4008:
        a[i] = 4008.0
    elif i == 4009:
        a[i] = 4009.0
    elif i == 4010:
        a[i] = 4010.0
    elif i == 4011:
        a[i] = 4011.0
    elif i == 4012:
        a[i] = 4012.0
    elif i == 4013:
        a[i] = 4013.0
    elif i == 4014:
        a[i] = 4014.0
    elif i == 4015:
        a[i] = 4015.0
    elif i == 4016:
        a[i] = 4016.0
    elif i == 4017:
        a[i] = 4017.0
    elif i == 4018:
        a[i] = 4018.0
    elif i == 4019:
        a[i] = 4019.0
    elif i == 4020:
        a[i] = 4020.0
    elif i == 4021:
        a[i] = 4021.0
    elif i == 4022:
        a[i] = 4022.0
    elif i == 4023:
        a[i] = 4023.0
    elif i == 4024:
        a[i] = 4024.0
    elif i == 4025:
        a[i] = 4025.0
    elif i == 4026:
        a[i] = 4026.0
    elif i == 4027:
        a[i] = 4027.0
    elif i == 4028:
        a[i] = 4028.0
    elif i == 4029:
        a[i] = 4029.0
    elif i == 4030:
        a[i] = 4030.0
    elif i == 4031:
        a[i] = 4031.0
    elif i == 4032:
        a[i] = 4032.0
    elif i == 4033:
        a[i] = 4033.0
    elif i == 4034:
        a[i] = 4034.0
    elif i == 4035:
        a[i] = 4035.0
    elif i == 4036:
        a[i] = 4036.0
    elif i == 4037:
        a[i] = 4037.0
    elif i == 4038:
        a[i] = 4038.0
    elif i == 4039:
        a[i] = 4039.0
    elif i == 4040:
        a[i] = 4040.0
    elif i == 4041:
        a[i] = 4041.0
    elif i == 4042:
        a[i] = 4042.0
    elif i == 4043:
        a[i] = 4043.0
    elif i == 4044:
        a[i] = 4044.0
    elif i == 4045:
        a[i] = 4045.0
    elif i == 4046:
        a[i] = 4046.0
    elif i == 4047:
        a[i] = 4047.0
    elif i == 4048:
        a[i] = 4048.0
    elif i == 4049:
        a[i] = 4049.0
    elif i == 4050:
        a[i] = 4050.0
    elif i == 4051:
        a[i] = 4051.0
    elif i == 4052:
        a[i] = 4052.0
    elif i == 4053:
        a[i] = 4053.0
    elif i == 4054:
        a[i] = 4054.0
    elif i == 4055:
        a[i] = 4055.0
    elif i == 4056:
        a[i] = 4056.0
    elif i == 4057:
        a[i] = 4057.0
    elif i == 4058:
        a[i] = 4058.0
    elif i == 4059:
        a[i] = 4059.0
    elif i == 4060:
        a[i] = 4060.0
    elif i == 4061:
        a[i] = 4061.0
    elif i == 4062:
        a[i] = 4062.0
    elif i == 4063:
        a[i] = 4063.0
    elif i == 4064:
        a[i] = 4064.0
    elif i == 4065:
        a[i] = 4065.0
    elif i == 4066:
        a[i] = 4066.0
    elif i == 4067:
        a[i] = 4067.0
    elif i == 4068:
        a[i] = 4068.0
    elif i == 4069:
        a[i] = 4069.0
    elif i == 4070:
        a[i] = 4070.0
    elif i == 4071:
        a[i] = 4071.0
    elif i == 4072:
        a[i] = 4072.0
    elif i == 4073:
        a[i] = 4073.0
    elif i == 4074:
        a[i] = 4074.0
    elif i == 4075:
        a[i] = 4075.0
    elif i == 4076:
        a[i] = 4076.0
    elif i == 4077:
        a[i] = 4077.0
    elif i == 4078:
        a[i] = 4078.0
    elif i == 4079:
        a[i] = 4079.0
    elif i == 4080:
        a[i] = 4080.0
    elif i == 4081:
        a[i] = 4081.0
    elif i == 4082:
        a[i] = 4082.0
    elif i == 4083:
        a[i] = 4083.0
    elif i == 4084:
        a[i] = 4084.0
    elif i == 4085:
        a[i] = 4085.0
    elif i == 4086:
        a[i] = 4086.0
    elif i == 4087:
        a[i] = 4087.0
    elif i == 4088:
        a[i] = 4088.0
    elif i == 4089:
        a[i] = 4089.0
    elif i == 4090:
        a[i] = 4090.0
    elif i == 4091:
        a[i] = 4091.0
    elif i == 4092:
        a[i] = 4092.0
    elif i == 4093:
        a[i] = 4093.0
    elif i == 4094:
        a[i] = 4094.0
    elif i == 4095:
        a[i] = 4095.0
    elif i == 4096:
        a[i] = 4096.0
    elif i == 4097:
        a[i] = 4097.0
    elif i == 4098:
        a[i] = 4098.0
    elif i == 4099:
        a[i] = 4099.0
    elif i == 4100:
        a[i] = 4100.0
    elif i == 4101:
        a[i] = 4101.0
    elif i == 4102:
        a[i] = 4102.0
    elif i == 4103:
        a[i] = 4103.0
    elif i == 4104:
        a[i] = 4104.0
    elif i == 4105:
        a[i] = 4105.0
    elif i == 4106:
        a[i] = 4106.0
    elif i == 4107:
        a[i] = 4107.0
    elif i == 4108:
        a[i] = 4108.0
    elif i == 4109:
        a[i] = 4109.0
    elif i == 4110:
        a[i] = 4110.0
    elif i == 4111:
        a[i] = 4111.0
    elif i == 4112:
        a[i] = 4112.0
    elif i == 4113:
        a[i] = 4113.0
    elif i == 4114:
        a[i] = 4114.0
    elif i == 4115:
        a[i] = 4115.0
    elif i == 4116:
        a[i] = 4116.0
    elif i == 4117:
        a[i] = 4117.0
    elif i == 4118:
        a[i] = 4118.0
    elif i == 4119:
        a[i] = 4119.0
    elif i == 4120:
        a[i] = 4120.0
    elif i == 4121:
        a[i] = 4121.0
    elif i == 4122:
        a[i] = 4122.0
    elif i == 4123:
        a[i] = 4123.0
    elif i == 4124:
        a[i] = 4124.0
    elif i == 4125:
        a[i] = 4125.0
    elif i == 4126:
        a[i] = 4126.0
    elif i == 4127:
        a[i] = 4127.0
    elif i == 4128:
        a[i] = 4128.0
    elif i == 4129:
        a[i] = 4129.0
    elif i == 4130:
        a[i] = 4130.0
    elif i == 4131:
        a[i] = 4131.0
    elif i == 4132:
        a[i] = 4132.0
    elif i == 4133:
        a[i] = 4133.0
    elif i == 4134:
        a[i] = 4134.0
    elif i == 4135:
        a[i] = 4135.0
    elif i == 4136:
        a[i] = 4136.0
    elif i == 4137:
        a[i] = 4137.0
    elif i == 4138:
        a[i] = 4138.0
    elif i == 4139:
        a[i] = 4139.0
    elif i == 4140:
        a[i] = 4140.0
    elif i == 4141:
        a[i] = 4141.0
    elif i == 4142:
        a[i] = 4142.0
    elif i == 4143:
        a[i] = 4143.0
    elif i == 4144:
        a[i] = 4144.0
    elif i == 4145:
        a[i] = 4145.0
    elif i == 4146:
        a[i] = 4146.0
    elif i == 4147:
        a[i] = 4147.0
    elif i == 4148:
        a[i] = 4148.0
    elif i == 4149:
        a[i] = 4149.0
    elif i == 4150:
        a[i] = 4150.0
    elif i == 4151:
        a[i] = 4151.0
    elif i == 4152:
        a[i] = 4152.0
    elif i == 4153:
        a[i] = 4153.0
    elif i == 4154:
        a[i] = 4154.0
    elif i == 4155:
        a[i] = 4155.0
    elif i == 4156:
        a[i] = 4156.0
    elif i == 4157:
        a[i] = 4157.0
    elif i == 4158:
        a[i] = 4158.0
    elif i == 4159:
        a[i] = 4159.0
    elif i == 4160:
        a[i] = 4160.0
    elif i == 4161:
        a[i] = 4161.0
    elif i == 4162:
        a[i] = 4162.0
    elif i == 4163:
        a[i] = 4163.0
    elif i == 4164:
        a[i] = 4164.0
    elif i == 4165:
        a[i] = 4165.0
    elif i == 4166:
        a[i] = 4166.0
    elif i == 4167:
        a[i] = 4167.0
    elif i == 4168:
        a[i] = 4168.0
    elif i == 4169:
        a[i] = 4169.0
    elif i == 4170:
        a[i] = 4170.0
    elif i == 4171:
        a[i] = 4171.0
    elif i == 4172:
        a[i] = 4172.0
    elif i == 4173:
        a[i] = 4173.0
    elif i == 4174:
        a[i] = 4174.0
    elif i == 4175:
        a[i] = 4175.0
    elif i == 4176:
        a[i] = 4176.0
    elif i == 4177:
        a[i] = 4177.0
    elif i == 4178:
        a[i] = 4178.0
    elif i == 4179:
        a[i] = 4179.0
    elif i == 4180:
        a[i] = 4180.0
    elif i == 4181:
        a[i] = 4181.0
    elif i == 4182:
        a[i] = 4182.0
    elif i == 4183:
        a[i] = 4183.0
    elif i == 4184:
        a[i] = 4184.0
    elif i == 4185:
        a[i] = 4185.0
    elif i == 4186:
        a[i] = 4186.0
    elif i == 4187:
        a[i] = 4187.0
    elif i == 4188:
        a[i] = 4188.0
    elif i == 4189:
        a[i] = 4189.0
    elif i == 4190:
        a[i] = 4190.0
    elif i == 4191:
        a[i] = 4191.0
    elif i == 4192:
        a[i] = 4192.0
    elif i == 4193:
        a[i] = 4193.0
    elif i == 4194:
        a[i] = 4194.0
    elif i == 4195:
        a[i] = 4195.0
    elif i == 4196:
        a[i] = 4196.0
    elif i == 4197:
        a[i] = 4197.0
    elif i == 4198:
        a[i] = 4198.0
    elif i == 4199:
        a[i] = 4199.0
    elif i == 4200:
        a[i] = 4200.0
    elif i == 4201:
        a[i] = 4201.0
    elif i == 4202:
        a[i] = 4202.0
    elif i == 4203:
        a[i] = 4203.0
    elif i == 4204:
        a[i] = 4204.0
    elif i == 4205:
        a[i] = 4205.0
    elif i == 4206:
        a[i] = 4206.0
    elif i == 4207:
        a[i] = 4207.0
    elif i == 4208:
        a[i] = 4208.0
    elif i == 4209:
        a[i] = 4209.0
    elif i == 4210:
        a[i] = 4210.0
    elif i == 4211:
        a[i] = 4211.0
    elif i == 4212:
        a[i] = 4212.0
    elif i == 4213:
        a[i] = 4213.0
    elif i == 4214:
        a[i] = 4214.0
    elif i == 4215:
        a[i] = 4215.0
    elif i == 4216:
        a[i] = 4216.0
    elif i == 4217:
        a[i] = 4217.0
    elif i == 4218:
        a[i] = 4218.0
    elif i == 4219:
        a[i] = 4219.0
    elif i == 4220:
        a[i] = 4220.0
    elif i == 4221:
        a[i] = 4221.0
    elif i == 4222:
        a[i] = 4222.0
    elif i == 4223:
        a[i] = 4223.0
    elif i == 4224:
        a[i] = 4224.0
    elif i == 4225:
        a[i] = 4225.0
    elif i == 4226:
        a[i] = 4226.0
    elif i == 4227:
        a[i] = 4227.0
    elif i == 4228:
        a[i] = 4228.0
    elif i == 4229:
        a[i] = 4229.0
    elif i == 4230:
        a[i] = 4230.0
    elif i == 4231:
        a[i] = 4231.0
    elif i == 4232:
        a[i] = 4232.0
    elif i == 4233:
        a[i] = 4233.0
    elif i == 4234:
        a[i] = 4234.0
    elif i == 4235:
        a[i] = 4235.0
    elif i == 4236:
        a[i] = 4236.0
    elif i == 4237:
        a[i] = 4237.0
    elif i == 4238:
        a[i] = 4238.0
    elif i == 4239:
        a[i] = 4239.0
    elif i == 4240:
        a[i] = 4240.0
    elif i == 4241:
        a[i] = 4241.0
    elif i == 4242:
        a[i] = 4242.0
    elif i == 4243:
        a[i] = 4243.0
    elif i == 4244:
        a[i] = 4244.0
    elif i == 4245:
        a[i] = 4245.0
    elif i == 4246:
        a[i] = 4246.0
    elif i == 4247:
        a[i] = 4247.0
    elif i == 4248:
        a[i] = 4248.0
    elif i == 4249:
        a[i] = 4249.0
    elif i == 4250:
        a[i] = 4250.0
    elif i == 4251:
        a[i] = 4251.0
    elif i == 4252:
        a[i] = 4252.0
    elif i == 4253:
        a[i] = 4253.0
    elif i == 4254:
        a[i] = 4254.0
    elif i == 4255:
        a[i] = 4255.0
    elif i == 4256:
        a[i] = 4256.0
    elif i == 4257:
        a[i] = 4257.0
    elif i == 4258:
        a[i] = 4258.0
    elif i == 4259:
        a[i] = 4259.0
    elif i == 4260:
        a[i] = 4260.0
    elif i == 4261:
        a[i] = 4261.0
    elif i == 4262:
        a[i] = 4262.0
    elif i == 4263:
        a[i] = 4263.0
    elif i == 4264:
        a[i] = 4264.0
    elif i == 4265:
        a[i] = 4265.0
    elif i == 4266:
        a[i] = 4266.0
    elif i == 4267:
        a[i] = 4267.0
    elif i == 4268:
        a[i] = 4268.0
    elif i == 4269:
        a[i] = 4269.0
    elif i == 4270:
        a[i] = 4270.0
    elif i == 4271:
        a[i] = 4271.0
    elif i == 4272:
        a[i] = 4272.0
    elif i == 4273:
        a[i] = 4273.0
    elif i == 4274:
        a[i] = 4274.0
    elif i == 4275:
        a[i] = 4275.0
    elif i == 4276:
        a[i] = 4276.0
    elif i == 4277:
        a[i] = 4277.0
    elif i == 4278:
        a[i] = 4278.0
    elif i == 4279:
        a[i] = 4279.0
    elif i == 4280:
        a[i] = 4280.0
    elif i == 4281:
        a[i] = 4281.0
    elif i == 4282:
        a[i] = 4282.0
    elif i == 4283:
        a[i] = 4283.0
    elif i == 4284:
        a[i] = 4284.0
    elif i == 4285:
        a[i] = 4285.0
    elif i == 4286:
        a[i] = 4286.0
    elif i == 4287:
        a[i] = 4287.0
    elif i == 4288:
        a[i] = 4288.0
    elif i == 4289:
        a[i] = 4289.0
    elif i == 4290:
        a[i] = 4290.0
    elif i == 4291:
        a[i] = 4291.0
    elif i == 4292:
        a[i] = 4292.0
    elif i == 4293:
        a[i] = 4293.0
    elif i == 4294:
        a[i] = 4294.0
    elif i == 4295:
        a[i] = 4295.0
    elif i == 4296:
        a[i] = 4296.0
    elif i == 4297:
        a[i] = 4297.0
    elif i == 4298:
        a[i] = 4298.0
    elif i == 4299:
        a[i] = 4299.0
    elif i == 4300:
        a[i] = 4300.0
    elif i == 4301:
        a[i] = 4301.0
    elif i == 4302:
        a[i] = 4302.0
    elif i == 4303:
        a[i] = 4303.0
    elif i == 4304:
        a[i] = 4304.0
    elif i == 4305:
        a[i] = 4305.0
    elif i == 4306:
        a[i] = 4306.0
    elif i == 4307:
        a[i] = 4307.0
    elif i == 4308:
        a[i] = 4308.0
    elif i == 4309:
        a[i] = 4309.0
    elif i == 4310:
        a[i] = 4310.0
    elif i == 4311:
        a[i] = 4311.0
    elif i == 4312:
        a[i] = 4312.0
    elif i == 4313:
        a[i] = 4313.0
    elif i == 4314:
        a[i] = 4314.0
    elif i == 4315:
        a[i] = 4315.0
    elif i == 4316:
        a[i] = 4316.0
    elif i == 4317:
        a[i] = 4317.0
    elif i == 4318:
        a[i] = 4318.0
    elif i == 4319:
        a[i] = 4319.0
    elif i == 4320:
        a[i] = 4320.0
    elif i == 4321:
        a[i] = 4321.0
    elif i == 4322:
        a[i] = 4322.0
    elif i == 4323:
        a[i] = 4323.0
    elif i == 4324:
        a[i] = 4324.0
    elif i == 4325:
        a[i] = 4325.0
    elif i == 4326:
        a[i] = 4326.0
    elif i == 4327:
        a[i] = 4327.0
    elif i == 4328:
        a[i] = 4328.0
    elif i == 4329:
        a[i] = 4329.0
    elif i == 4330:
        a[i] = 4330.0
    elif i == 4331:
        a[i] = 4331.0
    elif i == 4332:
        a[i] = 4332.0
    elif i == 4333:
        a[i] = 4333.0
    elif i == 4334:
        a[i] = 4334.0
    elif i == 4335:
        a[i] = 4335.0
    elif i == 4336:
        a[i] = 4336.0
    elif i == 4337:
        a[i] = 4337.0
    elif i == 4338:
        a[i] = 4338.0
    elif i == 4339:
        a[i] = 4339.0
    elif i == 4340:
        a[i] = 4340.0
    elif i == 4341:
        a[i] = 4341.0
    elif i == 4342:
        a[i] = 4342.0
    elif i == 4343:
        a[i] = 4343.0
    elif i == 4344:
        a[i] = 4344.0
    elif i == 4345:
        a[i] = 4345.0
    elif i == 4346:
        a[i] = 4346.0
    elif i == 4347:
        a[i] = 4347.0
    elif i == 4348:
        a[i] = 4348.0
    elif i == 4349:
        a[i] = 4349.0
    elif i == 4350:
        a[i] = 4350.0
    elif i == 4351:
        a[i] = 4351.0
    elif i == 4352:
        a[i] = 4352.0
    elif i == 4353:
        a[i] = 4353.0
    elif i == 4354:
        a[i] = 4354.0
    elif i == 4355:
        a[i] = 4355.0
    elif i == 4356:
        a[i] = 4356.0
    elif i == 4357:
        a[i] = 4357.0
    elif i == 4358:
        a[i] = 4358.0
    elif i == 4359:
        a[i] = 4359.0
    elif i == 4360:
        a[i] = 4360.0
    elif i == 4361:
        a[i] = 4361.0
    elif i == 4362:
        a[i] = 4362.0
    elif i == 4363:
        a[i] = 4363.0
    elif i == 4364:
        a[i] = 4364.0
    elif i == 4365:
        a[i] = 4365.0
    elif i == 4366:
        a[i] = 4366.0
    elif i == 4367:
        a[i] = 4367.0
    elif i == 4368:
        a[i] = 4368.0
    elif i == 4369:
        a[i] = 4369.0
    elif i == 4370:
        a[i] = 4370.0
    elif i == 4371:
        a[i] = 4371.0
    elif i == 4372:
        a[i] = 4372.0
    elif i == 4373:
        a[i] = 4373.0
    elif i == 4374:
        a[i] = 4374.0
    elif i == 4375:
        a[i] = 4375.0
    elif i == 4376:
        a[i] = 4376.0
    elif i == 4377:
        a[i] = 4377.0
    elif i == 4378:
        a[i] = 4378.0
    elif i == 4379:
        a[i] = 4379.0
    elif i == 4380:
        a[i] = 4380.0
    elif i == 4381:
        a[i] = 4381.0
    elif i == 4382:
        a[i] = 4382.0
    elif i == 4383:
        a[i] = 4383.0
    elif i == 4384:
        a[i] = 4384.0
    elif i == 4385:
        a[i] = 4385.0
    elif i == 4386:
        a[i] = 4386.0
    elif i == 4387:
        a[i] = 4387.0
    elif i == 4388:
        a[i] = 4388.0
    elif i == 4389:
        a[i] = 4389.0
    elif i == 4390:
        a[i] = 4390.0
    elif i == 4391:
        a[i] = 4391.0
    elif i == 4392:
        a[i] = 4392.0
    elif i == 4393:
        a[i] = 4393.0
    elif i == 4394:
        a[i] = 4394.0
    elif i == 4395:
        a[i] = 4395.0
    elif i == 4396:
        a[i] = 4396.0
    elif i == 4397:
        a[i] = 4397.0
    elif i == 4398:
        a[i] = 4398.0
    elif i == 4399:
        a[i] = 4399.0
    elif i == 4400:
        a[i] = 4400.0
    elif i == 4401:
        a[i] = 4401.0
    elif i == 4402:
        a[i] = 4402.0
    elif i == 4403:
        a[i] = 4403.0
    elif i == 4404:
        a[i] = 4404.0
    elif i == 4405:
        a[i] = 4405.0
    elif i == 4406:
        a[i] = 4406.0
    elif i == 4407:
        a[i] = 4407.0
    elif i == 4408:
        a[i] = 4408.0
    elif i == 4409:
        a[i] = 4409.0
    elif i == 4410:
        a[i] = 4410.0
    elif i == 4411:
        a[i] = 4411.0
    elif i == 4412:
        a[i] = 4412.0
    elif i == 4413:
        a[i] = 4413.0
    elif i == 4414:
        a[i] = 4414.0
    elif i == 4415:
        a[i] = 4415.0
    elif i == 4416:
        a[i] = 4416.0
    elif i == 4417:
        a[i] = 4417.0
    elif i == 4418:
        a[i] = 4418.0
    elif i == 4419:
        a[i] = 4419.0
    elif i == 4420:
        a[i] = 4420.0
    elif i == 4421:
        a[i] = 4421.0
    elif i == 4422:
        a[i] = 4422.0
    elif i == 4423:
        a[i] = 4423.0
    elif i == 4424:
        a[i] = 4424.0
    elif i == 4425:
        a[i] = 4425.0
    elif i == 4426:
        a[i] = 4426.0
    elif i == 4427:
        a[i] = 4427.0
    elif i == 4428:
        a[i] = 4428.0
    elif i == 4429:
        a[i] = 4429.0
    elif i == 4430:
        a[i] = 4430.0
    elif i == 4431:
        a[i] = 4431.0
    elif i == 4432:
        a[i] = 4432.0
    elif i == 4433:
        a[i] = 4433.0
    elif i == 4434:
        a[i] = 4434.0
    elif i == 4435:
        a[i] = 4435.0
    elif i == 4436:
        a[i] = 4436.0
    elif i == 4437:
        a[i] = 4437.0
    elif i == 4438:
        a[i] = 4438.0
    elif i == 4439:
        a[i] = 4439.0
    elif i == 4440:
        a[i] = 4440.0
    elif i == 4441:
        a[i] = 4441.0
    elif i == 4442:
        a[i] = 4442.0
    elif i == 4443:
        a[i] = 4443.0
    elif i == 4444:
        a[i] = 4444.0
    elif i == 4445:
        a[i] = 4445.0
    elif i == 4446:
        a[i] = 4446.0
    elif i == 4447:
        a[i] = 4447.0
    elif i == 4448:
        a[i] = 4448.0
    elif i == 4449:
        a[i] = 4449.0
    elif i == 4450:
        a[i] = 4450.0
    elif i == 4451:
        a[i] = 4451.0
    elif i == 4452:
        a[i] = 4452.0
    elif i == 4453:
        a[i] = 4453.0
    elif i == 4454:
        a[i] = 4454.0
    elif i == 4455:
        a[i] = 4455.0
    elif i == 4456:
        a[i] = 4456.0
    elif i == 4457:
        a[i] = 4457.0
    elif i == 4458:
        a[i] = 4458.0
    elif i == 4459:
        a[i] = 4459.0
    elif i == 4460:
        a[i] = 4460.0
    elif i == 4461:
        a[i] = 4461.0
    elif i == 4462:
        a[i] = 4462.0
    elif i == 4463:
        a[i] = 4463.0
    elif i == 4464:
        a[i] = 4464.0
    elif i == 4465:
        a[i] = 4465.0
    elif i == 4466:
        a[i] = 4466.0
    elif i == 4467:
        a[i] = 4467.0
    elif i == 4468:
        a[i] = 4468.0
    elif i == 4469:
        a[i] = 4469.0
    elif i == 4470:
        a[i] = 4470.0
    elif i == 4471:
        a[i] = 4471.0
    elif i == 4472:
        a[i] = 4472.0
    elif i == 4473:
        a[i] = 4473.0
    elif i == 4474:
        a[i] = 4474.0
    elif i == 4475:
        a[i] = 4475.0
    elif i == 4476:
        a[i] = 4476.0
    elif i == 4477:
        a[i] = 4477.0
    elif i == 4478:
        a[i] = 4478.0
    elif i == 4479:
        a[i] = 4479.0
    elif i == 4480:
        a[i] = 4480.0
    elif i == 4481:
        a[i] = 4481.0
    elif i == 4482:
        a[i] = 4482.0
    elif i == 4483:
        a[i] = 4483.0
    elif i == 4484:
        a[i] = 4484.0
    elif i == 4485:
        a[i] = 4485.0
    elif i == 4486:
        a[i] = 4486.0
    elif i == 4487:
        a[i] = 4487.0
    elif i == 4488:
        a[i] = 4488.0
    elif i == 4489:
        a[i] = 4489.0
    elif i == 4490:
        a[i] = 4490.0
    elif i == 4491:
        a[i] = 4491.0
    elif i == 4492:
        a[i] = 4492.0
    elif i == 4493:
        a[i] = 4493.0
    elif i == 4494:
        a[i] = 4494.0
    elif i == 4495:
        a[i] = 4495.0
    elif i == 4496:
        a[i] = 4496.0
    elif i == 4497:
        a[i] = 4497.0
    elif i == 4498:
        a[i] = 4498.0
    elif i == 4499:
        a[i] = 4499.0
    elif i == 4500:
        a[i] = 4500.0
    elif i == 4501:
        a[i] = 4501.0
    elif i == 4502:
        a[i] = 4502.0
    elif i == 4503:
        a[i] = 4503.0
    elif i == 4504:
        a[i] = 4504.0
    elif i == 4505:
        a[i] = 4505.0
    elif i == 4506:
        a[i] = 4506.0
    elif i == 4507:
        a[i] = 4507.0
    elif i == 4508:
        a[i] = 4508.0
    elif i == 4509:
        a[i] = 4509.0
    elif i == 4510:
        a[i] = 4510.0
    elif i == 4511:
        a[i] = 4511.0
    elif i == 4512:
        a[i] = 4512.0
    elif i == 4513:
        a[i] = 4513.0
    elif i == 4514:
        a[i] = 4514.0
    elif i == 4515:
        a[i] = 4515.0
    elif i == 4516:
        a[i] = 4516.0
    elif i == 4517:
        a[i] = 4517.0
    elif i == 4518:
        a[i] = 4518.0
    elif i == 4519:
        a[i] = 4519.0
    elif i == 4520:
        a[i] = 4520.0
    elif i == 4521:
        a[i] = 4521.0
    elif i == 4522:
        a[i] = 4522.0
    elif i == 4523:
        a[i] = 4523.0
    elif i == 4524:
        a[i] = 4524.0
    elif i == 4525:
        a[i] = 4525.0
    elif i == 4526:
        a[i] = 4526.0
    elif i == 4527:
        a[i] = 4527.0
    elif i == 4528:
        a[i] = 4528.0
    elif i == 4529:
        a[i] = 4529.0
    elif i == 4530:
        a[i] = 4530.0
    elif i == 4531:
        a[i] = 4531.0
    elif i == 4532:
        a[i] = 4532.0
    elif i == 4533:
        a[i] = 4533.0
    elif i == 4534:
        a[i] = 4534.0
    elif i == 4535:
        a[i] = 4535.0
    elif i == 4536:
        a[i] = 4536.0
    elif i == 4537:
        a[i] = 4537.0
    elif i == 4538:
        a[i] = 4538.0
    elif i == 4539:
        a[i] = 4539.0
    elif i == 4540:
        a[i] = 4540.0
    elif i == 4541:
        a[i] = 4541.0
    elif i == 4542:
        a[i] = 4542.0
    elif i == 4543:
        a[i] = 4543.0
    elif i == 4544:
        a[i] = 4544.0
    elif i == 4545:
        a[i] = 4545.0
    elif i == 4546:
        a[i] = 4546.0
    elif i == 4547:
        a[i] = 4547.0
    elif i == 4548:
        a[i] = 4548.0
    elif i == 4549:
        a[i] = 4549.0
    elif i == 4550:
        a[i] = 4550.0
    elif i == 4551:
        a[i] = 4551.0
    elif i == 4552:
        a[i] = 4552.0
    elif i == 4553:
        a[i] = 4553.0
    elif i == 4554:
        a[i] = 4554.0
    elif i == 4555:
        a[i] = 4555.0
    elif i == 4556:
        a[i] = 4556.0
    elif i == 4557:
        a[i] = 4557.0
    elif i == 4558:
        a[i] = 4558.0
    elif i == 4559:
        a[i] = 4559.0
    elif i == 4560:
        a[i] = 4560.0
    elif i == 4561:
        a[i] = 4561.0
    elif i == 4562:
        a[i] = 4562.0
    elif i == 4563:
        a[i] = 4563.0
    elif i == 4564:
        a[i] = 4564.0
    elif i == 4565:
        a[i] = 4565.0
    elif i == 4566:
        a[i] = 4566.0
    elif i == 4567:
        a[i] = 4567.0
    elif i == 4568:
        a[i] = 4568.0
    elif i == 4569:
        a[i] = 4569.0
    elif i == 4570:
        a[i] = 4570.0
    elif i == 4571:
        a[i] = 4571.0
    elif i == 4572:
        a[i] = 4572.0
    elif i == 4573:
        a[i] = 4573.0
    elif i == 4574:
        a[i] = 4574.0
    elif i == 4575:
        a[i] = 4575.0
    elif i == 4576:
        a[i] = 4576.0
    elif i == 4577:
        a[i] = 4577.0
    elif i == 4578:
        a[i] = 4578.0
    elif i == 4579:
        a[i] = 4579.0
    elif i == 4580:
        a[i] = 4580.0
    elif i == 4581:
        a[i] = 4581.0
    elif i == 4582:
        a[i] = 4582.0
    elif i == 4583:
        a[i] = 4583.0
    elif i == 4584:
        a[i] = 4584.0
    elif i == 4585:
        a[i] = 4585.0
    elif i == 4586:
        a[i] = 4586.0
    elif i == 4587:
        a[i] = 4587.0
    elif i == 4588:
        a[i] = 4588.0
    elif i == 4589:
        a[i] = 4589.0
    elif i == 4590:
        a[i] = 4590.0
    elif i == 4591:
        a[i] = 4591.0
    elif i == 4592:
        a[i] = 4592.0
    elif i == 4593:
        a[i] = 4593.0
    elif i == 4594:
        a[i] = 4594.0
    elif i == 4595:
        a[i] = 4595.0
    elif i == 4596:
        a[i] = 4596.0
    elif i == 4597:
        a[i] = 4597.0
    elif i == 4598:
        a[i] = 4598.0
    elif i == 4599:
        a[i] = 4599.0
    elif i == 4600:
        a[i] = 4600.0
    elif i == 4601:
        a[i] = 4601.0
    elif i == 4602:
        a[i] = 4602.0
    elif i == 4603:
        a[i] = 4603.0
    elif i == 4604:
        a[i] = 4604.0
    elif i == 4605:
        a[i] = 4605.0
    elif i == 4606:
        a[i] = 4606.0
    elif i == 4607:
        a[i] = 4607.0
    elif i == 4608:
        a[i] = 4608.0
    elif i == 4609:
        a[i] = 4609.0
    elif i == 4610:
        a[i] = 4610.0
    elif i == 4611:
        a[i] = 4611.0
    elif i == 4612:
        a[i] = 4612.0
    elif i == 4613:
        a[i] = 4613.0
    elif i == 4614:
        a[i] = 4614.0
    elif i == 4615:
        a[i] = 4615.0
    elif i == 4616:
        a[i] = 4616.0
    elif i == 4617:
        a[i] = 4617.0
    elif i == 4618:
        a[i] = 4618.0
    elif i == 4619:
        a[i] = 4619.0
    elif i == 4620:
        a[i] = 4620.0
    elif i == 4621:
        a[i] = 4621.0
    elif i == 4622:
        a[i] = 4622.0
    elif i == 4623:
        a[i] = 4623.0
    elif i == 4624:
        a[i] = 4624.0
    elif i == 4625:
        a[i] = 4625.0
    elif i == 4626:
        a[i] = 4626.0
    elif i == 4627:
        a[i] = 4627.0
    elif i == 4628:
        a[i] = 4628.0
    elif i == 4629:
        a[i] = 4629.0
    elif i == 4630:
        a[i] = 4630.0
    elif i == 4631:
        a[i] = 4631.0
    elif i == 4632:
        a[i] = 4632.0
    elif i == 4633:
        a[i] = 4633.0
    elif i == 4634:
        a[i] = 4634.0
    elif i == 4635:
        a[i] = 4635.0
    elif i == 4636:
        a[i] = 4636.0
    elif i == 4637:
        a[i] = 4637.0
    elif i == 4638:
        a[i] = 4638.0
    elif i == 4639:
        a[i] = 4639.0
    elif i == 4640:
        a[i] = 4640.0
    elif i == 4641:
        a[i] = 4641.0
    elif i == 4642:
        a[i] = 4642.0
    elif i == 4643:
        a[i] = 4643.0
    elif i == 4644:
        a[i] = 4644.0
    elif i == 4645:
        a[i] = 4645.0
    elif i == 4646:
        a[i] = 4646.0
    elif i == 4647:
        a[i] = 4647.0
    elif i == 4648:
        a[i] = 4648.0
    elif i == 4649:
        a[i] = 4649.0
    elif i == 4650:
        a[i] = 4650.0
    elif i == 4651:
        a[i] = 4651.0
    elif i == 4652:
        a[i] = 4652.0
    elif i == 4653:
        a[i] = 4653.0
    elif i == 4654:
        a[i] = 4654.0
    elif i == 4655:
        a[i] = 4655.0
    elif i == 4656:
        a[i] = 4656.0
    elif i == 4657:
        a[i] = 4657.0
    elif i == 4658:
        a[i] = 4658.0
    elif i == 4659:
        a[i] = 4659.0
    elif i == 4660:
        a[i] = 4660.0
    elif i == 4661:
        a[i] = 4661.0
    elif i == 4662:
        a[i] = 4662.0
    elif i == 4663:
        a[i] = 4663.0
    elif i == 4664:
        a[i] = 4664.0
    elif i == 4665:
        a[i] = 4665.0
    elif i == 4666:
        a[i] = 4666.0
    elif i == 4667:
        a[i] = 4667.0
    elif i == 4668:
        a[i] = 4668.0
    elif i == 4669:
        a[i] = 4669.0
    elif i == 4670:
        a[i] = 4670.0
    elif i == 4671:
        a[i] = 4671.0
    elif i == 4672:
        a[i] = 4672.0
    elif i == 4673:
        a[i] = 4673.0
    elif i == 4674:
        a[i] = 4674.0
    elif i == 4675:
        a[i] = 4675.0
    elif i == 4676:
        a[i] = 4676.0
    elif i == 4677:
        a[i] = 4677.0
    elif i == 4678:
        a[i] = 4678.0
    elif i == 4679:
        a[i] = 4679.0
    elif i == 4680:
        a[i] = 4680.0
    elif i == 4681:
        a[i] = 4681.0
    elif i == 4682:
        a[i] = 4682.0
    elif i == 4683:
        a[i] = 4683.0
    elif i == 4684:
        a[i] = 4684.0
    elif i == 4685:
        a[i] = 4685.0
    elif i == 4686:
        a[i] = 4686.0
    elif i == 4687:
        a[i] = 4687.0
    elif i == 4688:
        a[i] = 4688.0
    elif i == 4689:
        a[i] = 4689.0
    elif i == 4690:
        a[i] = 4690.0
    elif i == 4691:
        a[i] = 4691.0
    elif i == 4692:
        a[i] = 4692.0
    elif i == 4693:
        a[i] = 4693.0
    elif i == 4694:
        a[i] = 4694.0
    elif i == 4695:
        a[i] = 4695.0
    elif i == 4696:
        a[i] = 4696.0
    elif i == 4697:
        a[i] = 4697.0
    elif i == 4698:
        a[i] = 4698.0
    elif i == 4699:
        a[i] = 4699.0
    elif i == 4700:
        a[i] = 4700.0
    elif i == 4701:
        a[i] = 4701.0
    elif i == 4702:
        a[i] = 4702.0
    elif i == 4703:
        a[i] = 4703.0
    elif i == 4704:
        a[i] = 4704.0
    elif i == 4705:
        a[i] = 4705.0
    elif i == 4706:
        a[i] = 4706.0
    elif i == 4707:
        a[i] = 4707.0
    elif i == 4708:
        a[i] = 4708.0
    elif i == 4709:
        a[i] = 4709.0
    elif i == 4710:
        a[i] = 4710.0
    elif i == 4711:
        a[i] = 4711.0
    elif i == 4712:
        a[i] = 4712.0
    elif i == 4713:
        a[i] = 4713.0
    elif i == 4714:
        a[i] = 4714.0
    elif i == 4715:
        a[i] = 4715.0
    elif i == 4716:
        a[i] = 4716.0
    elif i == 4717:
        a[i] = 4717.0
    elif i == 4718:
        a[i] = 4718.0
    elif i == 4719:
        a[i] = 4719.0
    elif i == 4720:
        a[i] = 4720.0
    elif i == 4721:
        a[i] = 4721.0
    elif i == 4722:
        a[i] = 4722.0
    elif i == 4723:
        a[i] = 4723.0
    elif i == 4724:
        a[i] = 4724.0
    elif i == 4725:
        a[i] = 4725.0
    elif i == 4726:
        a[i] = 4726.0
    elif i == 4727:
        a[i] = 4727.0
    elif i == 4728:
        a[i] = 4728.0
    elif i == 4729:
        a[i] = 4729.0
    elif i == 4730:
        a[i] = 4730.0
    elif i == 4731:
        a[i] = 4731.0
    elif i == 4732:
        a[i] = 4732.0
    elif i == 4733:
        a[i] = 4733.0
    elif i == 4734:
        a[i] = 4734.0
    elif i == 4735:
        a[i] = 4735.0
    elif i == 4736:
        a[i] = 4736.0
    elif i == 4737:
        a[i] = 4737.0
    elif i == 4738:
        a[i] = 4738.0
    elif i == 4739:
        a[i] = 4739.0
    elif i == 4740:
        a[i] = 4740.0
    elif i == 4741:
        a[i] = 4741.0
    elif i == 4742:
        a[i] = 4742.0
    elif i == 4743:
        a[i] = 4743.0
    elif i == 4744:
        a[i] = 4744.0
    elif i == 4745:
        a[i] = 4745.0
    elif i == 4746:
        a[i] = 4746.0
    elif i == 4747:
        a[i] = 4747.0
    elif i == 4748:
        a[i] = 4748.0
    elif i == 4749:
        a[i] = 4749.0
    elif i == 4750:
        a[i] = 4750.0
    elif i == 4751:
        a[i] = 4751.0
    elif i == 4752:
        a[i] = 4752.0
    elif i == 4753:
        a[i] = 4753.0
    elif i == 4754:
        a[i] = 4754.0
    elif i == 4755:
        a[i] = 4755.0
    elif i == 4756:
        a[i] = 4756.0
    elif i == 4757:
        a[i] = 4757.0
    elif i == 4758:
        a[i] = 4758.0
    elif i == 4759:
        a[i] = 4759.0
    elif i == 4760:
        a[i] = 4760.0
    elif i == 4761:
        a[i] = 4761.0
    elif i == 4762:
        a[i] = 4762.0
    elif i == 4763:
        a[i] = 4763.0
    elif i == 4764:
        a[i] = 4764.0
    elif i == 4765:
        a[i] = 4765.0
    elif i == 4766:
        a[i] = 4766.0
    elif i == 4767:
        a[i] = 4767.0
    elif i == 4768:
        a[i] = 4768.0
    elif i == 4769:
        a[i] = 4769.0
    elif i == 4770:
        a[i] = 4770.0
    elif i == 4771:
        a[i] = 4771.0
    elif i == 4772:
        a[i] = 4772.0
    elif i == 4773:
        a[i] = 4773.0
    elif i == 4774:
        a[i] = 4774.0
    elif i == 4775:
        a[i] = 4775.0
    elif i == 4776:
        a[i] = 4776.0
    elif i == 4777:
        a[i] = 4777.0
    elif i == 4778:
        a[i] = 4778.0
    elif i == 4779:
        a[i] = 4779.0
    elif i == 4780:
        a[i] = 4780.0
    elif i == 4781:
        a[i] = 4781.0
    elif i == 4782:
        a[i] = 4782.0
    elif i == 4783:
        a[i] = 4783.0
    elif i == 4784:
        a[i] = 4784.0
    elif i == 4785:
        a[i] = 4785.0
    elif i == 4786:
        a[i] = 4786.0
    elif i == 4787:
        a[i] = 4787.0
    elif i == 4788:
        a[i] = 4788.0
    elif i == 4789:
        a[i] = 4789.0
    elif i == 4790:
        a[i] = 4790.0
    elif i == 4791:
        a[i] = 4791.0
    elif i == 4792:
        a[i] = 4792.0
    elif i == 4793:
        a[i] = 4793.0
    elif i == 4794:
        a[i] = 4794.0
    elif i == 4795:
        a[i] = 4795.0
    elif i == 4796:
        a[i] = 4796.0
    elif i == 4797:
        a[i] = 4797.0
    elif i == 4798:
        a[i] = 4798.0
    elif i == 4799:
        a[i] = 4799.0
    elif i == 4800:
        a[i] = 4800.0
    elif i == 4801:
        a[i] = 4801.0
    elif i == 4802:
        a[i] = 4802.0
    elif i == 4803:
        a[i] = 4803.0
    elif i == 4804:
        a[i] = 4804.0
    elif i == 4805:
        a[i] = 4805.0
    elif i == 4806:
        a[i] = 4806.0
    elif i == 4807:
        a[i] = 4807.0
    elif i == 4808:
        a[i] = 4808.0
    elif i == 4809:
        a[i] = 4809.0
    elif i == 4810:
        a[i] = 4810.0
    elif i == 4811:
        a[i] = 4811.0
    elif i == 4812:
        a[i] = 4812.0
    elif i == 4813:
        a[i] = 4813.0
    elif i == 4814:
        a[i] = 4814.0
    elif i == 4815:
        a[i] = 4815.0
    elif i == 4816:
        a[i] = 4816.0
    elif i == 4817:
        a[i] = 4817.0
    elif i == 4818:
        a[i] = 4818.0
    elif i == 4819:
        a[i] = 4819.0
    elif i == 4820:
        a[i] = 4820.0
    elif i == 4821:
        a[i] = 4821.0
    elif i == 4822:
        a[i] = 4822.0
    elif i == 4823:
        a[i] = 4823.0
    elif i == 4824:
        a[i] = 4824.0
    elif i == 4825:
        a[i] = 4825.0
    elif i == 4826:
        a[i] = 4826.0
    elif i == 4827:
        a[i] = 4827.0
    elif i == 4828:
        a[i] = 4828.0
    elif i == 4829:
        a[i] = 4829.0
    elif i == 4830:
        a[i] = 4830.0
    elif i == 4831:
        a[i] = 4831.0
    elif i == 4832:
        a[i] = 4832.0
    elif i == 4833:
        a[i] = 4833.0
    elif i == 4834:
        a[i] = 4834.0
    elif i == 4835:
        a[i] = 4835.0
    elif i == 4836:
        a[i] = 4836.0
    elif i == 4837:
        a[i] = 4837.0
    elif i == 4838:
        a[i] = 4838.0
    elif i == 4839:
        a[i] = 4839.0
    elif i == 4840:
        a[i] = 4840.0
    elif i == 4841:
        a[i] = 4841.0
    elif i == 4842:
        a[i] = 4842.0
    elif i == 4843:
        a[i] = 4843.0
    elif i == 4844:
        a[i] = 4844.0
    elif i == 4845:
        a[i] = 4845.0
    elif i == 4846:
        a[i] = 4846.0
    elif i == 4847:
        a[i] = 4847.0
    elif i == 4848:
        a[i] = 4848.0
    elif i == 4849:
        a[i] = 4849.0
    elif i == 4850:
        a[i] = 4850.0
    elif i == 4851:
        a[i] = 4851.0
    elif i == 4852:
        a[i] = 4852.0
    elif i == 4853:
        a[i] = 4853.0
    elif i == 4854:
        a[i] = 4854.0
    elif i == 4855:
        a[i] = 4855.0
    elif i == 4856:
        a[i] = 4856.0
    elif i == 4857:
        a[i] = 4857.0
    elif i == 4858:
        a[i] = 4858.0
    elif i == 4859:
        a[i] = 4859.0
    elif i == 4860:
        a[i] = 4860.0
    elif i == 4861:
        a[i] = 4861.0
    elif i == 4862:
        a[i] = 4862.0
    elif i == 4863:
        a[i] = 4863.0
    elif i == 4864:
        a[i] = 4864.0
    elif i == 4865:
        a[i] = 4865.0
    elif i == 4866:
        a[i] = 4866.0
    elif i == 4867:
        a[i] = 4867.0
    elif i == 4868:
        a[i] = 4868.0
    elif i == 4869:
        a[i] = 4869.0
    elif i == 4870:
        a[i] = 4870.0
    elif i == 4871:
        a[i] = 4871.0
    elif i == 4872:
        a[i] = 4872.0
    elif i == 4873:
        a[i] = 4873.0
    elif i == 4874:
        a[i] = 4874.0
    elif i == 4875:
        a[i] = 4875.0
    elif i == 4876:
        a[i] = 4876.0
    elif i == 4877:
        a[i] = 4877.0
    elif i == 4878:
        a[i] = 4878.0
    elif i == 4879:
        a[i] = 4879.0
    elif i == 4880:
        a[i] = 4880.0
    elif i == 4881:
        a[i] = 4881.0
    elif i == 4882:
        a[i] = 4882.0
    elif i == 4883:
        a[i] = 4883.0
    elif i == 4884:
        a[i] = 4884.0
    elif i == 4885:
        a[i] = 4885.0
    elif i == 4886:
        a[i] = 4886.0
    elif i == 4887:
        a[i] = 4887.0
    elif i == 4888:
        a[i] = 4888.0
    elif i == 4889:
        a[i] = 4889.0
    elif i == 4890:
        a[i] = 4890.0
    elif i == 4891:
        a[i] = 4891.0
    elif i == 4892:
        a[i] = 4892.0
    elif i == 4893:
        a[i] = 4893.0
    elif i == 4894:
        a[i] = 4894.0
    elif i == 4895:
        a[i] = 4895.0
    elif i == 4896:
        a[i] = 4896.0
    elif i == 4897:
        a[i] = 4897.0
    elif i == 4898:
        a[i] = 4898.0
    elif i == 4899:
        a[i] = 4899.0
    elif i == 4900:
        a[i] = 4900.0
    elif i == 4901:
        a[i] = 4901.0
    elif i == 4902:
        a[i] = 4902.0
    elif i == 4903:
        a[i] = 4903.0
    elif i == 4904:
        a[i] = 4904.0
    elif i == 4905:
        a[i] = 4905.0
    elif i == 4906:
        a[i] = 4906.0
    elif i == 4907:
        a[i] = 4907.0
    elif i == 4908:
        a[i] = 4908.0
    elif i == 4909:
        a[i] = 4909.0
    elif i == 4910:
        a[i] = 4910.0
    elif i == 4911:
        a[i] = 4911.0
    elif i == 4912:
        a[i] = 4912.0
    elif i == 4913:
        a[i] = 4913.0
    elif i == 4914:
        a[i] = 4914.0
    elif i == 4915:
        a[i] = 4915.0
    elif i == 4916:
        a[i] = 4916.0
    elif i == 4917:
        a[i] = 4917.0
    elif i == 4918:
        a[i] = 4918.0
    elif i == 4919:
        a[i] = 4919.0
    elif i == 4920:
        a[i] = 4920.0
    elif i == 4921:
        a[i] = 4921.0
    elif i == 4922:
        a[i] = 4922.0
    elif i == 4923:
        a[i] = 4923.0
    elif i == 4924:
        a[i] = 4924.0
    elif i == 4925:
        a[i] = 4925.0
    elif i == 4926:
        a[i] = 4926.0
    elif i == 4927:
        a[i] = 4927.0
    elif i == 4928:
        a[i] = 4928.0
    elif i == 4929:
        a[i] = 4929.0
    elif i == 4930:
        a[i] = 4930.0
    elif i == 4931:
        a[i] = 4931.0
    elif i == 4932:
        a[i] = 4932.0
    elif i == 4933:
        a[i] = 4933.0
    elif i == 4934:
        a[i] = 4934.0
    elif i == 4935:
        a[i] = 4935.0
    elif i == 4936:
        a[i] = 4936.0
    elif i == 4937:
        a[i] = 4937.0
    elif i == 4938:
        a[i] = 4938.0
    elif i == 4939:
        a[i] = 4939.0
    elif i == 4940:
        a[i] = 4940.0
    elif i == 4941:
        a[i] = 4941.0
    elif i == 4942:
        a[i] = 4942.0
    elif i == 4943:
        a[i] = 4943.0
    elif i == 4944:
        a[i] = 4944.0
    elif i == 4945:
        a[i] = 4945.0
    elif i == 4946:
        a[i] = 4946.0
    elif i == 4947:
        a[i] = 4947.0
    elif i == 4948:
        a[i] = 4948.0
    elif i == 4949:
        a[i] = 4949.0
    elif i == 4950:
        a[i] = 4950.0
    elif i == 4951:
        a[i] = 4951.0
    elif i == 4952:
        a[i] = 4952.0
    elif i == 4953:
        a[i] = 4953.0
    elif i == 4954:
        a[i] = 4954.0
    elif i == 4955:
        a[i] = 4955.0
    elif i == 4956:
        a[i] = 4956.0
    elif i == 4957:
        a[i] = 4957.0
    elif i == 4958:
        a[i] = 4958.0
    elif i == 4959:
        a[i] = 4959.0
    elif i == 4960:
        a[i] = 4960.0
    elif i == 4961:
        a[i] = 4961.0
    elif i == 4962:
        a[i] = 4962.0
    elif i == 4963:
        a[i] = 4963.0
    elif i == 4964:
        a[i] = 4964.0
    elif i == 4965:
        a[i] = 4965.0
    elif i == 4966:
        a[i] = 4966.0
    elif i == 4967:
        a[i] = 4967.0
    elif i == 4968:
        a[i] = 4968.0
    elif i == 4969:
        a[i] = 4969.0
    elif i == 4970:
        a[i] = 4970.0
    elif i == 4971:
        a[i] = 4971.0
    elif i == 4972:
        a[i] = 4972.0
    elif i == 4973:
        a[i] = 4973.0
    elif i == 4974:
        a[i] = 4974.0
    elif i == 4975:
        a[i] = 4975.0
    elif i == 4976:
        a[i] = 4976.0
    elif i == 4977:
        a[i] = 4977.0
    elif i == 4978:
        a[i] = 4978.0
    elif i == 4979:
        a[i] = 4979.0
    elif i == 4980:
        a[i] = 4980.0
    elif i == 4981:
        a[i] = 4981.0
    elif i == 4982:
        a[i] = 4982.0
    elif i == 4983:
        a[i] = 4983.0
    elif i == 4984:
        a[i] = 4984.0
    elif i == 4985:
        a[i] = 4985.0
    elif i == 4986:
        a[i] = 4986.0
    elif i == 4987:
        a[i] = 4987.0
    elif i == 4988:
        a[i] = 4988.0
    elif i == 4989:
        a[i] = 4989.0
    elif i == 4990:
        a[i] = 4990.0
    elif i == 4991:
        a[i] = 4991.0  # expect error: too deeply nested
    elif i == 4992:
        a[i] = 4992.0
    elif i == 4993:
        a[i] = 4993.0
    elif i == 4994:
        a[i] = 4994.0
    elif i == 4995:
        a[i] = 4995.0
    elif i == 4996:
        a[i] = 4996.0
    elif i == 4997:
        a[i] = 4997.0
    elif i == 4998:
        a[i] = 4998.0
    elif i == 4999:
        a[i] = 4999.0
    elif i == 5000:
        a[i] = 5000.0
    elif i == 5001:
        a[i] = 5001.0
    elif i == 5002:
        a[i] = 5002.0
    elif i == 5003:
        a[i] = 5003.0
    elif i == 5004:
        a[i] = 5004.0
    elif i == 5005:
        a[i] = 5005.0
    elif i == 5006:
        a[i] = 5006.0
    elif i == 5007:
        a[i] = 5007.0
    elif i == 5008:
        a[i] = 5008.0
    elif i == 5009:
        a[i] = 5009.0
    elif i == 5010:
        a[i] = 5010.0
    elif i == 5011:
        a[i] = 5011.0
    elif i == 5012:
        a[i] = 5012.0
    elif i == 5013:
        a[i] = 5013.0
    elif i == 5014:
        a[i] = 5014.0
    elif i == 5015:
        a[i] = 5015.0
    elif i == 5016:
        a[i] = 5016.0
    elif i == 5017:
        a[i] = 5017.0
    elif i == 5018:
        a[i] = 5018.0
    elif i == 5019:
        a[i] = 5019.0
    elif i == 5020:
        a[i] = 5020.0
    elif i == 5021:
        a[i] = 5021.0
    elif i == 5022:
        a[i] = 5022.0
    elif i == 5023:
        a[i] = 5023.0
    elif i == 5024:
        a[i] = 5024.0
    elif i == 5025:
        a[i] = 5025.0
    elif i == 5026:
        a[i] = 5026.0
    elif i == 5027:
        a[i] = 5027.0
    elif i == 5028:
        a[i] = 5028.0
    elif i == 5029:
        a[i] = 5029.0
    elif i == 5030:
        a[i] = 5030.0
    elif i == 5031:
        a[i] = 5031.0
    elif i == 5032:
        a[i] = 5032.0
    elif i == 5033:
        a[i] = 5033.0
    elif i == 5034:
        a[i] = 5034.0
    elif i == 5035:
        a[i] = 5035.0
    elif i == 5036:
        a[i] = 5036.0
    elif i == 5037:
        a[i] = 5037.0
    elif i == 5038:
        a[i] = 5038.0
    elif i == 5039:
        a[i] = 5039.0
    elif i == 5040:
        a[i] = 5040.0
    elif i == 5041:
        a[i] = 5041.0
    elif i == 5042:
        a[i] = 5042.0
    elif i == 5043:
        a[i] = 5043.0
    elif i == 5044:
        a[i] = 5044.0
    elif i == 5045:
        a[i] = 5045.0
    elif i == 5046:
        a[i] = 5046.0
    elif i == 5047:
        a[i] = 5047.0
    elif i == 5048:
        a[i] = 5048.0
    elif i == 5049:
        a[i] = 5049.0
    elif i == 5050:
        a[i] = 5050.0
    elif i == 5051:
        a[i] = 5051.0
    elif i == 5052:
        a[i] = 5052.0
    elif i == 5053:
        a[i] = 5053.0
    elif i == 5054:
        a[i] = 5054.0
    elif i == 5055:
        a[i] = 5055.0
    elif i == 5056:
        a[i] = 5056.0
    elif i == 5057:
        a[i] = 5057.0
    elif i == 5058:
        a[i] = 5058.0
    elif i == 5059:
        a[i] = 5059.0
    elif i == 5060:
        a[i] = 5060.0
    elif i == 5061:
        a[i] = 5061.0
    elif i == 5062:
        a[i] = 5062.0
    elif i == 5063:
        a[i] = 5063.0
    elif i == 5064:
        a[i] = 5064.0
    elif i == 5065:
        a[i] = 5065.0
    elif i == 5066:
        a[i] = 5066.0
    elif i == 5067:
        a[i] = 5067.0
    elif i == 5068:
        a[i] = 5068.0
    elif i == 5069:
        a[i] = 5069.0
    elif i == 5070:
        a[i] = 5070.0
    elif i == 5071:
        a[i] = 5071.0
    elif i == 5072:
        a[i] = 5072.0
    elif i == 5073:
        a[i] = 5073.0
    elif i == 5074:
        a[i] = 5074.0
    elif i == 5075:
        a[i] = 5075.0
    elif i == 5076:
        a[i] = 5076.0
    elif i == 5077:
        a[i] = 5077.0
    elif i == 5078:
        a[i] = 5078.0
    elif i == 5079:
        a[i] = 5079.0
    elif i == 5080:
        a[i] = 5080.0
    elif i == 5081:
        a[i] = 5081.0
    elif i == 5082:
        a[i] = 5082.0
    elif i == 5083:
        a[i] = 5083.0
    elif i == 5084:
        a[i] = 5084.0
    elif i == 5085:
        a[i] = 5085.0
    elif i == 5086:
        a[i] = 5086.0
    elif i == 5087:
        a[i] = 5087.0
    elif i == 5088:
        a[i] = 5088.0
    elif i == 5089:
        a[i] = 5089.0
    elif i == 5090:
        a[i] = 5090.0
    elif i == 5091:
        a[i] = 5091.0
    elif i == 5092:
        a[i] = 5092.0
    elif i == 5093:
        a[i] = 5093.0
    elif i == 5094:
        a[i] = 5094.0
    elif i == 5095:
        a[i] = 5095.0
    elif i == 5096:
        a[i] = 5096.0
    elif i == 5097:
        a[i] = 5097.0
    elif i == 5098:
        a[i] = 5098.0
    elif i == 5099:
        a[i] = 5099.0
    elif i == 5100:
        a[i] = 5100.0
    elif i == 5101:
        a[i] = 5101.0
    elif i == 5102:
        a[i] = 5102.0
    elif i == 5103:
        a[i] = 5103.0
    elif i == 5104:
        a[i] = 5104.0
    elif i == 5105:
        a[i] = 5105.0
    elif i == 5106:
        a[i] = 5106.0
    elif i == 5107:
        a[i] = 5107.0
    elif i == 5108:
        a[i] = 5108.0
    elif i == 5109:
        a[i] = 5109.0
    elif i == 5110:
        a[i] = 5110.0
    elif i == 5111:
        a[i] = 5111.0
    elif i == 5112:
        a[i] = 5112.0
    elif i == 5113:
        a[i] = 5113.0
    elif i == 5114:
        a[i] = 5114.0
    elif i == 5115:
        a[i] = 5115.0
    elif i == 5116:
        a[i] = 5116.0
    elif i == 5117:
        a[i] = 5117.0
    elif i == 5118:
        a[i] = 5118.0
    elif i == 5119:
        a[i] = 5119.0
    elif i == 5120:
        a[i] = 5120.0
    elif i == 5121:
        a[i] = 5121.0
    elif i == 5122:
        a[i] = 5122.0
    elif i == 5123:
        a[i] = 5123.0
    elif i == 5124:
        a[i] = 5124.0
    elif i == 5125:
        a[i] = 5125.0
    elif i == 5126:
        a[i] = 5126.0
    elif i == 5127:
        a[i] = 5127.0
    elif i == 5128:
        a[i] = 5128.0
    elif i == 5129:
        a[i] = 5129.0
    elif i == 5130:
        a[i] = 5130.0
    elif i == 5131:
        a[i] = 5131.0
    elif i == 5132:
        a[i] = 5132.0
    elif i == 5133:
        a[i] = 5133.0
    elif i == 5134:
        a[i] = 5134.0
    elif i == 5135:
        a[i] = 5135.0
    elif i == 5136:
        a[i] = 5136.0
    elif i == 5137:
        a[i] = 5137.0
    elif i == 5138:
        a[i] = 5138.0
    elif i == 5139:
        a[i] = 5139.0
    elif i == 5140:
        a[i] = 5140.0
    elif i == 5141:
        a[i] = 5141.0
    elif i == 5142:
        a[i] = 5142.0
    elif i == 5143:
        a[i] = 5143.0
    elif i == 5144:
        a[i] = 5144.0
    elif i == 5145:
        a[i] = 5145.0
    elif i == 5146:
        a[i] = 5146.0
    elif i == 5147:
        a[i] = 5147.0
    elif i == 5148:
        a[i] = 5148.0
    elif i == 5149:
        a[i] = 5149.0
    elif i == 5150:
        a[i] = 5150.0
    elif i == 5151:
        a[i] = 5151.0
    elif i == 5152:
        a[i] = 5152.0
    elif i == 5153:
        a[i] = 5153.0
    elif i == 5154:
        a[i] = 5154.0
    elif i == 5155:
        a[i] = 5155.0
    elif i == 5156:
        a[i] = 5156.0
    elif i == 5157:
        a[i] = 5157.0
    elif i == 5158:
        a[i] = 5158.0
    elif i == 5159:
        a[i] = 5159.0
    elif i == 5160:
        a[i] = 5160.0
    elif i == 5161:
        a[i] = 5161.0
    elif i == 5162:
        a[i] = 5162.0
    elif i == 5163:
        a[i] = 5163.0
    elif i == 5164:
        a[i] = 5164.0
    elif i == 5165:
        a[i] = 5165.0
    elif i == 5166:
        a[i] = 5166.0
    elif i == 5167:
        a[i] = 5167.0
    elif i == 5168:
        a[i] = 5168.0
    elif i == 5169:
        a[i] = 5169.0
    elif i == 5170:
        a[i] = 5170.0
    elif i == 5171:
        a[i] = 5171.0
    elif i == 5172:
        a[i] = 5172.0
    elif i == 5173:
        a[i] = 5173.0
    elif i == 5174:
        a[i] = 5174.0
    elif i == 5175:
        a[i] = 5175.0
    elif i == 5176:
        a[i] = 5176.0
    elif i == 5177:
        a[i] = 5177.0
    elif i == 5178:
        a[i] = 5178.0
    elif i == 5179:
        a[i] = 5179.0
    elif i == 5180:
        a[i] = 5180.0
    elif i == 5181:
        a[i] = 5181.0
    elif i == 5182:
        a[i] = 5182.0
    elif i == 5183:
        a[i] = 5183.0
    elif i == 5184:
        a[i] = 5184.0
    elif i == 5185:
        a[i] = 5185.0
    elif i == 5186:
        a[i] = 5186.0
    elif i == 5187:
        a[i] = 5187.0
    elif i == 5188:
        a[i] = 5188.0
    elif i == 5189:
        a[i] = 5189.0
    elif i == 5190:
        a[i] = 5190.0
    elif i == 5191:
        a[i] = 5191.0
    elif i == 5192:
        a[i] = 5192.0
    elif i == 5193:
        a[i] = 5193.0
    elif i == 5194:
        a[i] = 5194.0
    elif i == 5195:
        a[i] = 5195.0
    elif i == 5196:
        a[i] = 5196.0
    elif i == 5197:
        a[i] = 5197.0
    elif i == 5198:
        a[i] = 5198.0
    elif i == 5199:
        a[i] = 5199.0
    elif i == 5200:
        a[i] = 5200.0
    elif i == 5201:
        a[i] = 5201.0
    elif i == 5202:
        a[i] = 5202.0
    elif i == 5203:
        a[i] = 5203.0
    elif i == 5204:
        a[i] = 5204.0
    elif i == 5205:
        a[i] = 5205.0
    elif i == 5206:
        a[i] = 5206.0
    elif i == 5207:
        a[i] = 5207.0
    elif i == 5208:
        a[i] = 5208.0
    elif i == 5209:
        a[i] = 5209.0
    elif i == 5210:
        a[i] = 5210.0
    elif i == 5211:
        a[i] = 5211.0
    elif i == 5212:
        a[i] = 5212.0
    elif i == 5213:
        a[i] = 5213.0
    elif i == 5214:
        a[i] = 5214.0
    elif i == 5215:
        a[i] = 5215.0
    elif i == 5216:
        a[i] = 5216.0
    elif i == 5217:
        a[i] = 5217.0
    elif i == 5218:
        a[i] = 5218.0
    elif i == 5219:
        a[i] = 5219.0
    elif i == 5220:
        a[i] = 5220.0
    elif i == 5221:
        a[i] = 5221.0
    elif i == 5222:
        a[i] = 5222.0
    elif i == 5223:
        a[i] = 5223.0
    elif i == 5224:
        a[i] = 5224.0
    elif i == 5225:
        a[i] = 5225.0
    elif i == 5226:
        a[i] = 5226.0
    elif i == 5227:
        a[i] = 5227.0
    elif i == 5228:
        a[i] = 5228.0
    elif i == 5229:
        a[i] = 5229.0
    elif i == 5230:
        a[i] = 5230.0
    elif i == 5231:
        a[i] = 5231.0
    elif i == 5232:
        a[i] = 5232.0
    elif i == 5233:
        a[i] = 5233.0
    elif i == 5234:
        a[i] = 5234.0
    elif i == 5235:
        a[i] = 5235.0
    elif i == 5236:
        a[i] = 5236.0
    elif i == 5237:
        a[i] = 5237.0
    elif i == 5238:
        a[i] = 5238.0
    elif i == 5239:
        a[i] = 5239.0
    elif i == 5240:
        a[i] = 5240.0
    elif i == 5241:
        a[i] = 5241.0
    elif i == 5242:
        a[i] = 5242.0
    elif i == 5243:
        a[i] = 5243.0
    elif i == 5244:
        a[i] = 5244.0
    elif i == 5245:
        a[i] = 5245.0
    elif i == 5246:
        a[i] = 5246.0
    elif i == 5247:
        a[i] = 5247.0
    elif i == 5248:
        a[i] = 5248.0
    elif i == 5249:
        a[i] = 5249.0
    elif i == 5250:
        a[i] = 5250.0
    elif i == 5251:
        a[i] = 5251.0
    elif i == 5252:
        a[i] = 5252.0
    elif i == 5253:
        a[i] = 5253.0
    elif i == 5254:
        a[i] = 5254.0
    elif i == 5255:
        a[i] = 5255.0
    elif i == 5256:
        a[i] = 5256.0
    elif i == 5257:
        a[i] = 5257.0
    elif i == 5258:
        a[i] = 5258.0
    elif i == 5259:
        a[i] = 5259.0
    elif i == 5260:
        a[i] = 5260.0
    elif i == 5261:
        a[i] = 5261.0
    elif i == 5262:
        a[i] = 5262.0
    elif i == 5263:
        a[i] = 5263.0
    elif i == 5264:
        a[i] = 5264.0
    elif i == 5265:
        a[i] = 5265.0
    elif i == 5266:
        a[i] = 5266.0
    elif i == 5267:
        a[i] = 5267.0
    elif i == 5268:
        a[i] = 5268.0
    elif i == 5269:
        a[i] = 5269.0
    elif i == 5270:
        a[i] = 5270.0
    elif i == 5271:
        a[i] = 5271.0
    elif i == 5272:
        a[i] = 5272.0
    elif i == 5273:
        a[i] = 5273.0
    elif i == 5274:
        a[i] = 5274.0
    elif i == 5275:
        a[i] = 5275.0
    elif i == 5276:
        a[i] = 5276.0
    elif i == 5277:
        a[i] = 5277.0
    elif i == 5278:
        a[i] = 5278.0
    elif i == 5279:
        a[i] = 5279.0
    elif i == 5280:
        a[i] = 5280.0
    elif i == 5281:
        a[i] = 5281.0
    elif i == 5282:
        a[i] = 5282.0
    elif i == 5283:
        a[i] = 5283.0
    elif i == 5284:
        a[i] = 5284.0
    elif i == 5285:
        a[i] = 5285.0
    elif i == 5286:
        a[i] = 5286.0
    elif i == 5287:
        a[i] = 5287.0
    elif i == 5288:
        a[i] = 5288.0
    elif i == 5289:
        a[i] = 5289.0
    elif i == 5290:
        a[i] = 5290.0
    elif i == 5291:
        a[i] = 5291.0
    elif i == 5292:
        a[i] = 5292.0
    elif i == 5293:
        a[i] = 5293.0
    elif i == 5294:
        a[i] = 5294.0
    elif i == 5295:
        a[i] = 5295.0
    elif i == 5296:
        a[i] = 5296.0
    elif i == 5297:
        a[i] = 5297.0
    elif i == 5298:
        a[i] = 5298.0
    elif i == 5299:
        a[i] = 5299.0
    elif i == 5300:
        a[i] = 5300.0
    elif i == 5301:
        a[i] = 5301.0
    elif i == 5302:
        a[i] = 5302.0
    elif i == 5303:
        a[i] = 5303.0
    elif i == 5304:
        a[i] = 5304.0
    elif i == 5305:
        a[i] = 5305.0
    elif i == 5306:
        a[i] = 5306.0
    elif i == 5307:
        a[i] = 5307.0
    elif i == 5308:
        a[i] = 5308.0
    elif i == 5309:
        a[i] = 5309.0
    elif i == 5310:
        a[i] = 5310.0
    elif i == 5311:
        a[i] = 5311.0
    elif i == 5312:
        a[i] = 5312.0
    elif i == 5313:
        a[i] = 5313.0
    elif i == 5314:
        a[i] = 5314.0
    elif i == 5315:
        a[i] = 5315.0
    elif i == 5316:
        a[i] = 5316.0
    elif i == 5317:
        a[i] = 5317.0
    elif i == 5318:
        a[i] = 5318.0
    elif i == 5319:
        a[i] = 5319.0
    elif i == 5320:
        a[i] = 5320.0
    elif i == 5321:
        a[i] = 5321.0
    elif i == 5322:
        a[i] = 5322.0
    elif i == 5323:
        a[i] = 5323.0
    elif i == 5324:
        a[i] = 5324.0
    elif i == 5325:
        a[i] = 5325.0
    elif i == 5326:
        a[i] = 5326.0
    elif i == 5327:
        a[i] = 5327.0
    elif i == 5328:
        a[i] = 5328.0
    elif i == 5329:
        a[i] = 5329.0
    elif i == 5330:
        a[i] = 5330.0
    elif i == 5331:
        a[i] = 5331.0
    elif i == 5332:
        a[i] = 5332.0
    elif i == 5333:
        a[i] = 5333.0
    elif i == 5334:
        a[i] = 5334.0
    elif i == 5335:
        a[i] = 5335.0
    elif i == 5336:
        a[i] = 5336.0
    elif i == 5337:
        a[i] = 5337.0
    elif i == 5338:
        a[i] = 5338.0
    elif i == 5339:
        a[i] = 5339.0
    elif i == 5340:
        a[i] = 5340.0
    elif i == 5341:
        a[i] = 5341.0
    elif i == 5342:
        a[i] = 5342.0
    elif i == 5343:
        a[i] = 5343.0
    elif i == 5344:
        a[i] = 5344.0
    elif i == 5345:
        a[i] = 5345.0
    elif i == 5346:
        a[i] = 5346.0
    elif i == 5347:
        a[i] = 5347.0
    elif i == 5348:
        a[i] = 5348.0
    elif i == 5349:
        a[i] = 5349.0
    elif i == 5350:
        a[i] = 5350.0
    elif i == 5351:
        a[i] = 5351.0
    elif i == 5352:
        a[i] = 5352.0
    elif i == 5353:
        a[i] = 5353.0
    elif i == 5354:
        a[i] = 5354.0
    elif i == 5355:
        a[i] = 5355.0
    elif i == 5356:
        a[i] = 5356.0
    elif i == 5357:
        a[i] = 5357.0
    elif i == 5358:
        a[i] = 5358.0
    elif i == 5359:
        a[i] = 5359.0
    elif i == 5360:
        a[i] = 5360.0
    elif i == 5361:
        a[i] = 5361.0
    elif i == 5362:
        a[i] = 5362.0
    elif i == 5363:
        a[i] = 5363.0
    elif i == 5364:
        a[i] = 5364.0
    elif i == 5365:
        a[i] = 5365.0
    elif i == 5366:
        a[i] = 5366.0
    elif i == 5367:
        a[i] = 5367.0
    elif i == 5368:
        a[i] = 5368.0
    elif i == 5369:
        a[i] = 5369.0
    elif i == 5370:
        a[i] = 5370.0
    elif i == 5371:
        a[i] = 5371.0
    elif i == 5372:
        a[i] = 5372.0
    elif i == 5373:
        a[i] = 5373.0
    elif i == 5374:
        a[i] = 5374.0
    elif i == 5375:
        a[i] = 5375.0
    elif i == 5376:
        a[i] = 5376.0
    elif i == 5377:
        a[i] = 5377.0
    elif i == 5378:
        a[i] = 5378.0
    elif i == 5379:
        a[i] = 5379.0
    elif i == 5380:
        a[i] = 5380.0
    elif i == 5381:
        a[i] = 5381.0
    elif i == 5382:
        a[i] = 5382.0
    elif i == 5383:
        a[i] = 5383.0
    elif i == 5384:
        a[i] = 5384.0
    elif i == 5385:
        a[i] = 5385.0
    elif i == 5386:
        a[i] = 5386.0
    elif i == 5387:
        a[i] = 5387.0
    elif i == 5388:
        a[i] = 5388.0
    elif i == 5389:
        a[i] = 5389.0
    elif i == 5390:
        a[i] = 5390.0
    elif i == 5391:
        a[i] = 5391.0
    elif i == 5392:
        a[i] = 5392.0
    elif i == 5393:
        a[i] = 5393.0
    elif i == 5394:
        a[i] = 5394.0
    elif i == 5395:
        a[i] = 5395.0
    elif i == 5396:
        a[i] = 5396.0
    elif i == 5397:
        a[i] = 5397.0
    elif i == 5398:
        a[i] = 5398.0
    elif i == 5399:
        a[i] = 5399.0
    elif i == 5400:
        a[i] = 5400.0
    elif i == 5401:
        a[i] = 5401.0
    elif i == 5402:
        a[i] = 5402.0
    elif i == 5403:
        a[i] = 5403.0
    elif i == 5404:
        a[i] = 5404.0
    elif i == 5405:
        a[i] = 5405.0
    elif i == 5406:
        a[i] = 5406.0
    elif i == 5407:
        a[i] = 5407.0
    elif i == 5408:
        a[i] = 5408.0
    elif i == 5409:
        a[i] = 5409.0
    elif i == 5410:
        a[i] = 5410.0
    elif i == 5411:
        a[i] = 5411.0
    elif i == 5412:
        a[i] = 5412.0
    elif i == 5413:
        a[i] = 5413.0
    elif i == 5414:
        a[i] = 5414.0
    elif i == 5415:
        a[i] = 5415.0
    elif i == 5416:
        a[i] = 5416.0
    elif i == 5417:
        a[i] = 5417.0
    elif i == 5418:
        a[i] = 5418.0
    elif i == 5419:
        a[i] = 5419.0
    elif i == 5420:
        a[i] = 5420.0
    elif i == 5421:
        a[i] = 5421.0
    elif i == 5422:
        a[i] = 5422.0
    elif i == 5423:
        a[i] = 5423.0
    elif i == 5424:
        a[i] = 5424.0
    elif i == 5425:
        a[i] = 5425.0
    elif i == 5426:
        a[i] = 5426.0
    elif i == 5427:
        a[i] = 5427.0
    elif i == 5428:
        a[i] = 5428.0
    elif i == 5429:
        a[i] = 5429.0
    elif i == 5430:
        a[i] = 5430.0
    elif i == 5431:
        a[i] = 5431.0
    elif i == 5432:
        a[i] = 5432.0
    elif i == 5433:
        a[i] = 5433.0
    elif i == 5434:
        a[i] = 5434.0
    elif i == 5435:
        a[i] = 5435.0
    elif i == 5436:
        a[i] = 5436.0
    elif i == 5437:
        a[i] = 5437.0
    elif i == 5438:
        a[i] = 5438.0
    elif i == 5439:
        a[i] = 5439.0
    elif i == 5440:
        a[i] = 5440.0
    elif i == 5441:
        a[i] = 5441.0
    elif i == 5442:
        a[i] = 5442.0
    elif i == 5443:
        a[i] = 5443.0
    elif i == 5444:
        a[i] = 5444.0
    elif i == 5445:
        a[i] = 5445.0
    elif i == 5446:
        a[i] = 5446.0
    elif i == 5447:
        a[i] = 5447.0
    elif i == 5448:
        a[i] = 5448.0
    elif i == 5449:
        a[i] = 5449.0
    elif i == 5450:
        a[i] = 5450.0
    elif i == 5451:
        a[i] = 5451.0
    elif i == 5452:
        a[i] = 5452.0
    elif i == 5453:
        a[i] = 5453.0
    elif i == 5454:
        a[i] = 5454.0
    elif i == 5455:
        a[i] = 5455.0
    elif i == 5456:
        a[i] = 5456.0
    elif i == 5457:
        a[i] = 5457.0
    elif i == 5458:
        a[i] = 5458.0
    elif i == 5459:
        a[i] = 5459.0
    elif i == 5460:
        a[i] = 5460.0
    elif i == 5461:
        a[i] = 5461.0
    elif i == 5462:
        a[i] = 5462.0
    elif i == 5463:
        a[i] = 5463.0
    elif i == 5464:
        a[i] = 5464.0
    elif i == 5465:
        a[i] = 5465.0
    elif i == 5466:
        a[i] = 5466.0
    elif i == 5467:
        a[i] = 5467.0
    elif i == 5468:
        a[i] = 5468.0
    elif i == 5469:
        a[i] = 5469.0
    elif i == 5470:
        a[i] = 5470.0
    elif i == 5471:
        a[i] = 5471.0
    elif i == 5472:
        a[i] = 5472.0
    elif i == 5473:
        a[i] = 5473.0
    elif i == 5474:
        a[i] = 5474.0
    elif i == 5475:
        a[i] = 5475.0
    elif i == 5476:
        a[i] = 5476.0
    elif i == 5477:
        a[i] = 5477.0
    elif i == 5478:
        a[i] = 5478.0
    elif i == 5479:
        a[i] = 5479.0
    elif i == 5480:
        a[i] = 5480.0
    elif i == 5481:
        a[i] = 5481.0
    elif i == 5482:
        a[i] = 5482.0
    elif i == 5483:
        a[i] = 5483.0
    elif i == 5484:
        a[i] = 5484.0
    elif i == 5485:
        a[i] = 5485.0
    elif i == 5486:
        a[i] = 5486.0
    elif i == 5487:
        a[i] = 5487.0
    elif i == 5488:
        a[i] = 5488.0
    elif i == 5489:
        a[i] = 5489.0
    elif i == 5490:
        a[i] = 5490.0
    elif i == 5491:
        a[i] = 5491.0
    elif i == 5492:
        a[i] = 5492.0
    elif i == 5493:
        a[i] = 5493.0
    elif i == 5494:
        a[i] = 5494.0
    elif i == 5495:
        a[i] = 5495.0
    elif i == 5496:
        a[i] = 5496.0
    elif i == 5497:
        a[i] = 5497.0
    elif i == 5498:
        a[i] = 5498.0
    elif i == 5499:
        a[i] = 5499.0
    elif i == 5500:
        a[i] = 5500.0
    elif i == 5501:
        a[i] = 5501.0
    elif i == 5502:
        a[i] = 5502.0
    elif i == 5503:
        a[i] = 5503.0
    elif i == 5504:
        a[i] = 5504.0
    elif i == 5505:
        a[i] = 5505.0
    elif i == 5506:
        a[i] = 5506.0
    elif i == 5507:
        a[i] = 5507.0
    elif i == 5508:
        a[i] = 5508.0
    elif i == 5509:
        a[i] = 5509.0
    elif i == 5510:
        a[i] = 5510.0
    elif i == 5511:
        a[i] = 5511.0
    elif i == 5512:
        a[i] = 5512.0
    elif i == 5513:
        a[i] = 5513.0
    elif i == 5514:
        a[i] = 5514.0
    elif i == 5515:
        a[i] = 5515.0
    elif i == 5516:
        a[i] = 5516.0
    elif i == 5517:
        a[i] = 5517.0
    elif i == 5518:
        a[i] = 5518.0
    elif i == 5519:
        a[i] = 5519.0
    elif i == 5520:
        a[i] = 5520.0
    elif i == 5521:
        a[i] = 5521.0
    elif i == 5522:
        a[i] = 5522.0
    elif i == 5523:
        a[i] = 5523.0
    elif i == 5524:
        a[i] = 5524.0
    elif i == 5525:
        a[i] = 5525.0
    elif i == 5526:
        a[i] = 5526.0
    elif i == 5527:
        a[i] = 5527.0
    elif i == 5528:
        a[i] = 5528.0
    elif i == 5529:
        a[i] = 5529.0
    elif i == 5530:
        a[i] = 5530.0
    elif i == 5531:
        a[i] = 5531.0
    elif i == 5532:
        a[i] = 5532.0
    elif i == 5533:
        a[i] = 5533.0
    elif i == 5534:
        a[i] = 5534.0
    elif i == 5535:
        a[i] = 5535.0
    elif i == 5536:
        a[i] = 5536.0
    elif i == 5537:
        a[i] = 5537.0
    elif i == 5538:
        a[i] = 5538.0
    elif i == 5539:
        a[i] = 5539.0
    elif i == 5540:
        a[i] = 5540.0
    elif i == 5541:
        a[i] = 5541.0
    elif i == 5542:
        a[i] = 5542.0
    elif i == 5543:
        a[i] = 5543.0
    elif i == 5544:
        a[i] = 5544.0
    elif i == 5545:
        a[i] = 5545.0
    elif i == 5546:
        a[i] = 5546.0
    elif i == 5547:
        a[i] = 5547.0
    elif i == 5548:
        a[i] = 5548.0
    elif i == 5549:
        a[i] = 5549.0
    elif i == 5550:
        a[i] = 5550.0
    elif i == 5551:
        a[i] = 5551.0
    elif i == 5552:
        a[i] = 5552.0
    elif i == 5553:
        a[i] = 5553.0
    elif i == 5554:
        a[i] = 5554.0
    elif i == 5555:
        a[i] = 5555.0
    elif i == 5556:
        a[i] = 5556.0
    elif i == 5557:
        a[i] = 5557.0
    elif i == 5558:
        a[i] = 5558.0
    elif i == 5559:
        a[i] = 5559.0
    elif i == 5560:
        a[i] = 5560.0
    elif i == 5561:
        a[i] = 5561.0
    elif i == 5562:
        a[i] = 5562.0
    elif i == 5563:
        a[i] = 5563.0
    elif i == 5564:
        a[i] = 5564.0
    elif i == 5565:
        a[i] = 5565.0
    elif i == 5566:
        a[i] = 5566.0
    elif i == 5567:
        a[i] = 5567.0
    elif i == 5568:
        a[i] = 5568.0
    elif i == 5569:
        a[i] = 5569.0
    elif i == 5570:
        a[i] = 5570.0
    elif i == 5571:
        a[i] = 5571.0
    elif i == 5572:
        a[i] = 5572.0
    elif i == 5573:
        a[i] = 5573.0
    elif i == 5574:
        a[i] = 5574.0
    elif i == 5575:
        a[i] = 5575.0
    elif i == 5576:
        a[i] = 5576.0
    elif i == 5577:
        a[i] = 5577.0
    elif i == 5578:
        a[i] = 5578.0
    elif i == 5579:
        a[i] = 5579.0
    elif i == 5580:
        a[i] = 5580.0
    elif i == 5581:
        a[i] = 5581.0
    elif i == 5582:
        a[i] = 5582.0
    elif i == 5583:
        a[i] = 5583.0
    elif i == 5584:
        a[i] = 5584.0
    elif i == 5585:
        a[i] = 5585.0
    elif i == 5586:
        a[i] = 5586.0
    elif i == 5587:
        a[i] = 5587.0
    elif i == 5588:
        a[i] = 5588.0
    elif i == 5589:
        a[i] = 5589.0
    elif i == 5590:
        a[i] = 5590.0
    elif i == 5591:
        a[i] = 5591.0
    elif i == 5592:
        a[i] = 5592.0
    elif i == 5593:
        a[i] = 5593.0
    elif i == 5594:
        a[i] = 5594.0
    elif i == 5595:
        a[i] = 5595.0
    elif i == 5596:
        a[i] = 5596.0
    elif i == 5597:
        a[i] = 5597.0
    elif i == 5598:
        a[i] = 5598.0
    elif i == 5599:
        a[i] = 5599.0
    elif i == 5600:
        a[i] = 5600.0
    elif i == 5601:
        a[i] = 5601.0
    elif i == 5602:
        a[i] = 5602.0
    elif i == 5603:
        a[i] = 5603.0
    elif i == 5604:
        a[i] = 5604.0
    elif i == 5605:
        a[i] = 5605.0
    elif i == 5606:
        a[i] = 5606.0
    elif i == 5607:
        a[i] = 5607.0
    elif i == 5608:
        a[i] = 5608.0
    elif i == 5609:
        a[i] = 5609.0
    elif i == 5610:
        a[i] = 5610.0
    elif i == 5611:
        a[i] = 5611.0
    elif i == 5612:
        a[i] = 5612.0
    elif i == 5613:
        a[i] = 5613.0
    elif i == 5614:
        a[i] = 5614.0
    elif i == 5615:
        a[i] = 5615.0
    elif i == 5616:
        a[i] = 5616.0
    elif i == 5617:
        a[i] = 5617.0
    elif i == 5618:
        a[i] = 5618.0
    elif i == 5619:
        a[i] = 5619.0
    elif i == 5620:
        a[i] = 5620.0
    elif i == 5621:
        a[i] = 5621.0
    elif i == 5622:
        a[i] = 5622.0
    elif i == 5623:
        a[i] = 5623.0
    elif i == 5624:
        a[i] = 5624.0
    elif i == 5625:
        a[i] = 5625.0
    elif i == 5626:
        a[i] = 5626.0
    elif i == 5627:
        a[i] = 5627.0
    elif i == 5628:
        a[i] = 5628.0
    elif i == 5629:
        a[i] = 5629.0
    elif i == 5630:
        a[i] = 5630.0
    elif i == 5631:
        a[i] = 5631.0
    elif i == 5632:
        a[i] = 5632.0
    elif i == 5633:
        a[i] = 5633.0
    elif i == 5634:
        a[i] = 5634.0
    elif i == 5635:
        a[i] = 5635.0
    elif i == 5636:
        a[i] = 5636.0
    elif i == 5637:
        a[i] = 5637.0
    elif i == 5638:
        a[i] = 5638.0
    elif i == 5639:
        a[i] = 5639.0
    elif i == 5640:
        a[i] = 5640.0
    elif i == 5641:
        a[i] = 5641.0
    elif i == 5642:
        a[i] = 5642.0
    elif i == 5643:
        a[i] = 5643.0
    elif i == 5644:
        a[i] = 5644.0
    elif i == 5645:
        a[i] = 5645.0
    elif i == 5646:
        a[i] = 5646.0
    elif i == 5647:
        a[i] = 5647.0
    elif i == 5648:
        a[i] = 5648.0
    elif i == 5649:
        a[i] = 5649.0
    elif i == 5650:
        a[i] = 5650.0
    elif i == 5651:
        a[i] = 5651.0
    elif i == 5652:
        a[i] = 5652.0
    elif i == 5653:
        a[i] = 5653.0
    elif i == 5654:
        a[i] = 5654.0
    elif i == 5655:
        a[i] = 5655.0
    elif i == 5656:
        a[i] = 5656.0
    elif i == 5657:
        a[i] = 5657.0
    elif i == 5658:
        a[i] = 5658.0
    elif i == 5659:
        a[i] = 5659.0
    elif i == 5660:
        a[i] = 5660.0
    elif i == 5661:
        a[i] = 5661.0
    elif i == 5662:
        a[i] = 5662.0
    elif i == 5663:
        a[i] = 5663.0
    elif i == 5664:
        a[i] = 5664.0
    elif i == 5665:
        a[i] = 5665.0
    elif i == 5666:
        a[i] = 5666.0
    elif i == 5667:
        a[i] = 5667.0
    elif i == 5668:
        a[i] = 5668.0
    elif i == 5669:
        a[i] = 5669.0
    elif i == 5670:
        a[i] = 5670.0
    elif i == 5671:
        a[i] = 5671.0
    elif i == 5672:
        a[i] = 5672.0
    elif i == 5673:
        a[i] = 5673.0
    elif i == 5674:
        a[i] = 5674.0
    elif i == 5675:
        a[i] = 5675.0
    elif i == 5676:
        a[i] = 5676.0
    elif i == 5677:
        a[i] = 5677.0
    elif i == 5678:
        a[i] = 5678.0
    elif i == 5679:
        a[i] = 5679.0
    elif i == 5680:
        a[i] = 5680.0
    elif i == 5681:
        a[i] = 5681.0
    elif i == 5682:
        a[i] = 5682.0
    elif i == 5683:
        a[i] = 5683.0
    elif i == 5684:
        a[i] = 5684.0
    elif i == 5685:
        a[i] = 5685.0
    elif i == 5686:
        a[i] = 5686.0
    elif i == 5687:
        a[i] = 5687.0
    elif i == 5688:
        a[i] = 5688.0
    elif i == 5689:
        a[i] = 5689.0
    elif i == 5690:
        a[i] = 5690.0
    elif i == 5691:
        a[i] = 5691.0
    elif i == 5692:
        a[i] = 5692.0
    elif i == 5693:
        a[i] = 5693.0
    elif i == 5694:
        a[i] = 5694.0
    elif i == 5695:
        a[i] = 5695.0
    elif i == 5696:
        a[i] = 5696.0
    elif i == 5697:
        a[i] = 5697.0
    elif i == 5698:
        a[i] = 5698.0
    elif i == 5699:
        a[i] = 5699.0
    elif i == 5700:
        a[i] = 5700.0
    elif i == 5701:
        a[i] = 5701.0
    elif i == 5702:
        a[i] = 5702.0
    elif i == 5703:
        a[i] = 5703.0
    elif i == 5704:
        a[i] = 5704.0
    elif i == 5705:
        a[i] = 5705.0
    elif i == 5706:
        a[i] = 5706.0
    elif i == 5707:
        a[i] = 5707.0
    elif i == 5708:
        a[i] = 5708.0
    elif i == 5709:
        a[i] = 5709.0
    elif i == 5710:
        a[i] = 5710.0
    elif i == 5711:
        a[i] = 5711.0
    elif i == 5712:
        a[i] = 5712.0
    elif i == 5713:
        a[i] = 5713.0
    elif i == 5714:
        a[i] = 5714.0
    elif i == 5715:
        a[i] = 5715.0
    elif i == 5716:
        a[i] = 5716.0
    elif i == 5717:
        a[i] = 5717.0
    elif i == 5718:
        a[i] = 5718.0
    elif i == 5719:
        a[i] = 5719.0
    elif i == 5720:
        a[i] = 5720.0
    elif i == 5721:
        a[i] = 5721.0
    elif i == 5722:
        a[i] = 5722.0
    elif i == 5723:
        a[i] = 5723.0
    elif i == 5724:
        a[i] = 5724.0
    elif i == 5725:
        a[i] = 5725.0
    elif i == 5726:
        a[i] = 5726.0
    elif i == 5727:
        a[i] = 5727.0
    elif i == 5728:
        a[i] = 5728.0
    elif i == 5729:
        a[i] = 5729.0
    elif i == 5730:
        a[i] = 5730.0
    elif i == 5731:
        a[i] = 5731.0
    elif i == 5732:
        a[i] = 5732.0
    elif i == 5733:
        a[i] = 5733.0
    elif i == 5734:
        a[i] = 5734.0
    elif i == 5735:
        a[i] = 5735.0
    elif i == 5736:
        a[i] = 5736.0
    elif i == 5737:
        a[i] = 5737.0
    elif i == 5738:
        a[i] = 5738.0
    elif i == 5739:
        a[i] = 5739.0
    elif i == 5740:
        a[i] = 5740.0
    elif i == 5741:
        a[i] = 5741.0
    elif i == 5742:
        a[i] = 5742.0
    elif i == 5743:
        a[i] = 5743.0
    elif i == 5744:
        a[i] = 5744.0
    elif i == 5745:
        a[i] = 5745.0
    elif i == 5746:
        a[i] = 5746.0
    elif i == 5747:
        a[i] = 5747.0
    elif i == 5748:
        a[i] = 5748.0
    elif i == 5749:
        a[i] = 5749.0
    elif i == 5750:
        a[i] = 5750.0
    elif i == 5751:
        a[i] = 5751.0
    elif i == 5752:
        a[i] = 5752.0
    elif i == 5753:
        a[i] = 5753.0
    elif i == 5754:
        a[i] = 5754.0
    elif i == 5755:
        a[i] = 5755.0
    elif i == 5756:
        a[i] = 5756.0
    elif i == 5757:
        a[i] = 5757.0
    elif i == 5758:
        a[i] = 5758.0
    elif i == 5759:
        a[i] = 5759.0
    elif i == 5760:
        a[i] = 5760.0
    elif i == 5761:
        a[i] = 5761.0
    elif i == 5762:
        a[i] = 5762.0
    elif i == 5763:
        a[i] = 5763.0
    elif i == 5764:
        a[i] = 5764.0
    elif i == 5765:
        a[i] = 5765.0
    elif i == 5766:
        a[i] = 5766.0
    elif i == 5767:
        a[i] = 5767.0
    elif i == 5768:
        a[i] = 5768.0
    elif i == 5769:
        a[i] = 5769.0
    elif i == 5770:
        a[i] = 5770.0
    elif i == 5771:
        a[i] = 5771.0
    elif i == 5772:
        a[i] = 5772.0
    elif i == 5773:
        a[i] = 5773.0
    elif i == 5774:
        a[i] = 5774.0
    elif i == 5775:
        a[i] = 5775.0
    elif i == 5776:
        a[i] = 5776.0
    elif i == 5777:
        a[i] = 5777.0
    elif i == 5778:
        a[i] = 5778.0
    elif i == 5779:
        a[i] = 5779.0
    elif i == 5780:
        a[i] = 5780.0
    elif i == 5781:
        a[i] = 5781.0
    elif i == 5782:
        a[i] = 5782.0
    elif i == 5783:
        a[i] = 5783.0
    elif i == 5784:
        a[i] = 5784.0
    elif i == 5785:
        a[i] = 5785.0
    elif i == 5786:
        a[i] = 5786.0
    elif i == 5787:
        a[i] = 5787.0
    elif i == 5788:
        a[i] = 5788.0
    elif i == 5789:
        a[i] = 5789.0
    elif i == 5790:
        a[i] = 5790.0
    elif i == 5791:
        a[i] = 5791.0
    elif i == 5792:
        a[i] = 5792.0
    elif i == 5793:
        a[i] = 5793.0
    elif i == 5794:
        a[i] = 5794.0
    elif i == 5795:
        a[i] = 5795.0
    elif i == 5796:
        a[i] = 5796.0
    elif i == 5797:
        a[i] = 5797.0
    elif i == 5798:
        a[i] = 5798.0
    elif i == 5799:
        a[i] = 5799.0
    elif i == 5800:
        a[i] = 5800.0
    elif i == 5801:
        a[i] = 5801.0
    elif i == 5802:
        a[i] = 5802.0
    elif i == 5803:
        a[i] = 5803.0
    elif i == 5804:
        a[i] = 5804.0
    elif i == 5805:
        a[i] = 5805.0
    elif i == 5806:
        a[i] = 5806.0
    elif i == 5807:
        a[i] = 5807.0
    elif i == 5808:
        a[i] = 5808.0
    elif i == 5809:
        a[i] = 5809.0
    elif i == 5810:
        a[i] = 5810.0
    elif i == 5811:
        a[i] = 5811.0
    elif i == 5812:
        a[i] = 5812.0
    elif i == 5813:
        a[i] = 5813.0
    elif i == 5814:
        a[i] = 5814.0
    elif i == 5815:
        a[i] = 5815.0
    elif i == 5816:
        a[i] = 5816.0
    elif i == 5817:
        a[i] = 5817.0
    elif i == 5818:
        a[i] = 5818.0
    elif i == 5819:
        a[i] = 5819.0
    elif i == 5820:
        a[i] = 5820.0
    elif i == 5821:
        a[i] = 5821.0
    elif i == 5822:
        a[i] = 5822.0
    elif i == 5823:
        a[i] = 5823.0
    elif i == 5824:
        a[i] = 5824.0
    elif i == 5825:
        a[i] = 5825.0
    elif i == 5826:
        a[i] = 5826.0
    elif i == 5827:
        a[i] = 5827.0
    elif i == 5828:
        a[i] = 5828.0
    elif i == 5829:
        a[i] = 5829.0
    elif i == 5830:
        a[i] = 5830.0
    elif i == 5831:
        a[i] = 5831.0
    elif i == 5832:
        a[i] = 5832.0
    elif i == 5833:
        a[i] = 5833.0
    elif i == 5834:
        a[i] = 5834.0
    elif i == 5835:
        a[i] = 5835.0
    elif i == 5836:
        a[i] = 5836.0
    elif i == 5837:
        a[i] = 5837.0
    elif i == 5838:
        a[i] = 5838.0
    elif i == 5839:
        a[i] = 5839.0
    elif i == 5840:
        a[i] = 5840.0
    elif i == 5841:
        a[i] = 5841.0
    elif i == 5842:
        a[i] = 5842.0
    elif i == 5843:
        a[i] = 5843.0
    elif i == 5844:
        a[i] = 5844.0
    elif i == 5845:
        a[i] = 5845.0
    elif i == 5846:
        a[i] = 5846.0
    elif i == 5847:
        a[i] = 5847.0
    elif i == 5848:
        a[i] = 5848.0
    elif i == 5849:
        a[i] = 5849.0
    elif i == 5850:
        a[i] = 5850.0
    elif i == 5851:
        a[i] = 5851.0
    elif i == 5852:
        a[i] = 5852.0
    elif i == 5853:
        a[i] = 5853.0
    elif i == 5854:
        a[i] = 5854.0
    elif i == 5855:
        a[i] = 5855.0
    elif i == 5856:
        a[i] = 5856.0
    elif i == 5857:
        a[i] = 5857.0
    elif i == 5858:
        a[i] = 5858.0
    elif i == 5859:
        a[i] = 5859.0
    elif i == 5860:
        a[i] = 5860.0
    elif i == 5861:
        a[i] = 5861.0
    elif i == 5862:
        a[i] = 5862.0
    elif i == 5863:
        a[i] = 5863.0
    elif i == 5864:
        a[i] = 5864.0
    elif i == 5865:
        a[i] = 5865.0
    elif i == 5866:
        a[i] = 5866.0
    elif i == 5867:
        a[i] = 5867.0
    elif i == 5868:
        a[i] = 5868.0
    elif i == 5869:
        a[i] = 5869.0
    elif i == 5870:
        a[i] = 5870.0
    elif i == 5871:
        a[i] = 5871.0
    elif i == 5872:
        a[i] = 5872.0
    elif i == 5873:
        a[i] = 5873.0
    elif i == 5874:
        a[i] = 5874.0
    elif i == 5875:
        a[i] = 5875.0
    elif i == 5876:
        a[i] = 5876.0
    elif i == 5877:
        a[i] = 5877.0
    elif i == 5878:
        a[i] = 5878.0
    elif i == 5879:
        a[i] = 5879.0
    elif i == 5880:
        a[i] = 5880.0
    elif i == 5881:
        a[i] = 5881.0
    elif i == 5882:
        a[i] = 5882.0
    elif i == 5883:
        a[i] = 5883.0
    elif i == 5884:
        a[i] = 5884.0
    elif i == 5885:
        a[i] = 5885.0
    elif i == 5886:
        a[i] = 5886.0
    elif i == 5887:
        a[i] = 5887.0
    elif i == 5888:
        a[i] = 5888.0
    elif i == 5889:
        a[i] = 5889.0
    elif i == 5890:
        a[i] = 5890.0
    elif i == 5891:
        a[i] = 5891.0
    elif i == 5892:
        a[i] = 5892.0
    elif i == 5893:
        a[i] = 5893.0
    elif i == 5894:
        a[i] = 5894.0
    elif i == 5895:
        a[i] = 5895.0
    elif i == 5896:
        a[i] = 5896.0
    elif i == 5897:
        a[i] = 5897.0
    elif i == 5898:
        a[i] = 5898.0
    elif i == 5899:
        a[i] = 5899.0
    elif i == 5900:
        a[i] = 5900.0
    elif i == 5901:
        a[i] = 5901.0
    elif i == 5902:
        a[i] = 5902.0
    elif i == 5903:
        a[i] = 5903.0
    elif i == 5904:
        a[i] = 5904.0
    elif i == 5905:
        a[i] = 5905.0
    elif i == 5906:
        a[i] = 5906.0
    elif i == 5907:
        a[i] = 5907.0
    elif i == 5908:
        a[i] = 5908.0
    elif i == 5909:
        a[i] = 5909.0
    elif i == 5910:
        a[i] = 5910.0
    elif i == 5911:
        a[i] = 5911.0
    elif i == 5912:
        a[i] = 5912.0
    elif i == 5913:
        a[i] = 5913.0
    elif i == 5914:
        a[i] = 5914.0
    elif i == 5915:
        a[i] = 5915.0
    elif i == 5916:
        a[i] = 5916.0
    elif i == 5917:
        a[i] = 5917.0
    elif i == 5918:
        a[i] = 5918.0
    elif i == 5919:
        a[i] = 5919.0
    elif i == 5920:
        a[i] = 5920.0
    elif i == 5921:
        a[i] = 5921.0
    elif i == 5922:
        a[i] = 5922.0
    elif i == 5923:
        a[i] = 5923.0
    elif i == 5924:
        a[i] = 5924.0
    elif i == 5925:
        a[i] = 5925.0
    elif i == 5926:
        a[i] = 5926.0
    elif i == 5927:
        a[i] = 5927.0
    elif i == 5928:
        a[i] = 5928.0
    elif i == 5929:
        a[i] = 5929.0
    elif i == 5930:
        a[i] = 5930.0
    elif i == 5931:
        a[i] = 5931.0
    elif i == 5932:
        a[i] = 5932.0
    elif i == 5933:
        a[i] = 5933.0
    elif i == 5934:
        a[i] = 5934.0
    elif i == 5935:
        a[i] = 5935.0
    elif i == 5936:
        a[i] = 5936.0
    elif i == 5937:
        a[i] = 5937.0
    elif i == 5938:
        a[i] = 5938.0
    elif i == 5939:
        a[i] = 5939.0
    elif i == 5940:
        a[i] = 5940.0
    elif i == 5941:
        a[i] = 5941.0
    elif i == 5942:
        a[i] = 5942.0
    elif i == 5943:
        a[i] = 5943.0
    elif i == 5944:
        a[i] = 5944.0
    elif i == 5945:
        a[i] = 5945.0
    elif i == 5946:
        a[i] = 5946.0
    elif i == 5947:
        a[i] = 5947.0
    elif i == 5948:
        a[i] = 5948.0
    elif i == 5949:
        a[i] = 5949.0
    elif i == 5950:
        a[i] = 5950.0
    elif i == 5951:
        a[i] = 5951.0
    elif i == 5952:
        a[i] = 5952.0
    elif i == 5953:
        a[i] = 5953.0
    elif i == 5954:
        a[i] = 5954.0
    elif i == 5955:
        a[i] = 5955.0
    elif i == 5956:
        a[i] = 5956.0
    elif i == 5957:
        a[i] = 5957.0
    elif i == 5958:
        a[i] = 5958.0
    elif i == 5959:
        a[i] = 5959.0
    elif i == 5960:
        a[i] = 5960.0
    elif i == 5961:
        a[i] = 5961.0
    elif i == 5962:
        a[i] = 5962.0
    elif i == 5963:
        a[i] = 5963.0
    elif i == 5964:
        a[i] = 5964.0
    elif i == 5965:
        a[i] = 5965.0
    elif i == 5966:
        a[i] = 5966.0
    elif i == 5967:
        a[i] = 5967.0
    elif i == 5968:
        a[i] = 5968.0
    elif i == 5969:
        a[i] = 5969.0
    elif i == 5970:
        a[i] = 5970.0
    elif i == 5971:
        a[i] = 5971.0
    elif i == 5972:
        a[i] = 5972.0
    elif i == 5973:
        a[i] = 5973.0
    elif i == 5974:
        a[i] = 5974.0
    elif i == 5975:
        a[i] = 5975.0
    elif i == 5976:
        a[i] = 5976.0
    elif i == 5977:
        a[i] = 5977.0
    elif i == 5978:
        a[i] = 5978.0
    elif i == 5979:
        a[i] = 5979.0
    elif i == 5980:
        a[i] = 5980.0
    elif i == 5981:
        a[i] = 5981.0
    elif i == 5982:
        a[i] = 5982.0
    elif i == 5983:
        a[i] = 5983.0
    elif i == 5984:
        a[i] = 5984.0
    elif i == 5985:
        a[i] = 5985.0
    elif i == 5986:
        a[i] = 5986.0
    elif i == 5987:
        a[i] = 5987.0
    elif i == 5988:
        a[i] = 5988.0
    elif i == 5989:
        a[i] = 5989.0
    elif i == 5990:
        a[i] = 5990.0
    elif i == 5991:
        a[i] = 5991.0
    elif i == 5992:
        a[i] = 5992.0
    elif i == 5993:
        a[i] = 5993.0
    elif i == 5994:
        a[i] = 5994.0
    elif i == 5995:
        a[i] = 5995.0
    elif i == 5996:
        a[i] = 5996.0
    elif i == 5997:
        a[i] = 5997.0
    elif i == 5998:
        a[i] = 5998.0
    elif i == 5999:
        a[i] = 5999.0
    else:
        a[i] = -1.0
