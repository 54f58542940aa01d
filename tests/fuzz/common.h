/* What the fuzz targets share: the checks that turn a quiet defect into a crash libFuzzer keeps. */
#ifndef PJ_FUZZ_COMMON_H
#define PJ_FUZZ_COMMON_H

#include <pyjitc.h>
#include <stdint.h>

/* Reports a defect (the message, then abort: libFuzzer saves the input). */
void pj_fuzz_defect(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
/* Every error that points into a source must have a line; internal errors are defects. */
void pj_fuzz_check_diags(const PjDiags *diags, const char *stage);
void pj_fuzz_check_status(PjStatus status, const PjDiags *diags, const char *stage);
/* After an input, in the libFuzzer builds (ts_alloc.c): tree-sitter holds no memory. A no-op
 * where the targets' code is replayed without that allocator. */
void pj_fuzz_check_parser_memory(void);
/* Compiles kernel k of the source for the target (native code for the CPU executor, or PTX), for
 * its eager signature or else for argument types guessed from its parameters' names. */
void pj_fuzz_compile_kernel(PjSource *source, int k, int opt_level, PjTarget target);
/* FNV-1a steps, and whether a hash was seen before in this process (a table of 2^16 hashes):
 * the targets compile what they have compiled before only once. */
#define PJ_FUZZ_HASH_START 1469598103934665603ull
static inline uint64_t pj_fuzz_hash(uint64_t h, uint64_t v) { return (h ^ v) * 1099511628211ull; }
int pj_fuzz_seen(uint64_t hash);

#endif
