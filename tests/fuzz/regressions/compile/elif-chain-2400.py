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
    else:
        a[i] = -1.0
