#include "ir/datetime.h"

#include <pyjitc.h>

static const char *const pj_unit_names[PJ_UNIT_COUNT] = {"Y", "M", "W", "D", "h", "m", "s",
                                                           "ms", "us", "ns", "ps", "fs", "as", ""};

const char *pj_unit_name(int unit) { return unit >= 0 && unit < PJ_UNIT_COUNT ? pj_unit_names[unit] : "?"; }

bool pj_unit_can_cast(int from, int to) {
  if (from == to || from == PJ_UNIT_GENERIC) return true;
  if (to == PJ_UNIT_GENERIC || from > to) return false;
  return !(from <= PJ_UNIT_M && to > PJ_UNIT_M); /* years and months do not become days */
}

int64_t pj_unit_factor(int from, int to) {
  if (from == PJ_UNIT_GENERIC) return 1;
  int64_t factor = 1;
  int u = from;
  while (u < to) { /* one step to the next finer unit that an integer reaches */
    switch (u) {
    case PJ_UNIT_Y: u = PJ_UNIT_M, factor *= 12; break;
    case PJ_UNIT_W: u = PJ_UNIT_D, factor *= 7; break;
    case PJ_UNIT_D: u = PJ_UNIT_h, factor *= 24; break;
    case PJ_UNIT_h: u = PJ_UNIT_m, factor *= 60; break;
    case PJ_UNIT_m: u = PJ_UNIT_s, factor *= 60; break;
    default:
      if (u < PJ_UNIT_s || u >= PJ_UNIT_as) return 0; /* months, and nothing is finer than attoseconds */
      u++, factor *= 1000;
      break;
    }
  }
  return u == to ? factor : 0;
}

int pj_unit_combine(int dt, int td) {
  if (dt == PJ_UNIT_GENERIC) return td;
  if (td == PJ_UNIT_GENERIC) return dt;
  if (td <= PJ_UNIT_M && dt > PJ_UNIT_M) return -1;
  return dt > td ? dt : td;
}

int pj_unit_best(int a, int b) {
  if (a == PJ_UNIT_GENERIC) return b;
  if (b == PJ_UNIT_GENERIC) return a;
  return b > a ? b : a;
}
