/* numba's rules for the units of datetime64 and timedelta64 (numba's npdatetime_helpers), shared
 * by the type checker (which unit an operation gives) and the code generator (the factors that
 * bring values to it). Units are PJ_UNIT_* (include/pyjitc.h): coarse to fine, generic last. */
#ifndef PJ_IR_DATETIME_H
#define PJ_IR_DATETIME_H

#include <stdbool.h>
#include <stdint.h>

/* NaT: the minimum int64, as NumPy holds it. */
#define PJ_NAT INT64_MIN

/* A timedelta of unit `from` converts to `to` exactly, as NumPy's safe casting: to a finer unit
 * of the same kind (years and months convert only among themselves), or from the generic unit. */
bool pj_unit_can_cast(int from, int to);
/* The integer factor that brings a count of unit `from` to unit `to` (1 from the generic unit),
 * or 0 when no integer factor does (months to days, a finer unit to a coarser one). */
int64_t pj_unit_factor(int from, int to);
/* The unit of datetime (unit dt) plus or minus timedelta (unit td), or -1 where numba refuses the
 * pair (a year or month timedelta with a datetime of weeks or finer). */
int pj_unit_combine(int dt, int td);
/* The finer of two units (the other when one is generic): datetime - datetime, comparisons. */
int pj_unit_best(int a, int b);
/* numba's name of a unit: "D", "ms", "" for the generic one. */
const char *pj_unit_name(int unit);

#endif
