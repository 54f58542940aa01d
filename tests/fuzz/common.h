/* What the fuzz targets share: the checks that turn a quiet defect into a crash libFuzzer keeps. */
#ifndef PJ_FUZZ_COMMON_H
#define PJ_FUZZ_COMMON_H

#include <pyjitc.h>

/* Reports a defect (the message, then abort: libFuzzer saves the input). */
void pj_fuzz_defect(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
/* Every error that points into a source must have a line; internal errors are defects. */
void pj_fuzz_check_diags(const PjDiags *diags, const char *stage);
void pj_fuzz_check_status(PjStatus status, const PjDiags *diags, const char *stage);
/* Compiles kernel k of the source for the target (native code for the CPU executor, or PTX), for
 * its eager signature or else for argument types guessed from its parameters' names. */
void pj_fuzz_compile_kernel(PjSource *source, int k, int opt_level, PjTarget target);

#endif
