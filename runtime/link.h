/* runtime/: code in other languages linked with kernels (internal; runtime/link.c). */
#ifndef PJ_RUNTIME_LINK_H
#define PJ_RUNTIME_LINK_H

#include "ir/abi.h"

/* Reads one file for the driver's linker: PTX, cubin, fatbin, object, library as they are; a
 * CUDA C/C++ source compiled to PTX by NVRTC for arch ("sm_90"). Free with pj_link_input_free. */
PjStatus pj_link_input_read(const char *path, const char *arch, PjLinkInput *out, char *err, size_t errlen);
void pj_link_input_free(PjLinkInput *in);

/* The CPU executor: compiles a C/C++/CUDA C source for the host (once per text, in the cache
 * folder) and loads it into the process, where the host JIT finds its functions. */
PjStatus pj_link_host(const char *path, char *err, size_t errlen);

#endif
