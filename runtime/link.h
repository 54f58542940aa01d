/* runtime/: code in other languages linked with kernels (internal; runtime/link.c). */
#ifndef PJ_RUNTIME_LINK_H
#define PJ_RUNTIME_LINK_H

#include "ir/abi.h"

/* Reads one file for the driver's linker: PTX, cubin, fatbin, object, library as they are; a
 * CUDA C/C++ source compiled to PTX by NVRTC for arch ("sm_90"). Free with pj_link_input_free. */
PjStatus pj_link_input_read(const char *path, const char *arch, PjLinkInput *out, char *err, size_t errlen);
void pj_link_input_free(PjLinkInput *in);

/* The CPU executor: compiles a kernel's C/C++/CUDA C sources together for the host (once per
 * set of texts, in the cache folder) and loads them privately (RTLD_LOCAL): *library is the
 * handle the kernel's host JIT searches. */
PjStatus pj_link_host(const char *const *paths, int n, void **library, char *err, size_t errlen);

#endif
