/* Code written in other languages that kernels call (cuda.declare_device, @cuda.jit(link=...)).
 * On the GPU a file becomes one input of the driver's linker: PTX, cubin, fatbin, object or
 * library as it is, CUDA C/C++ compiled to PTX by NVRTC (libnvrtc, loaded with dlopen like the
 * driver, so pyjitc runs where it is missing). On the CPU executor a C/C++/CUDA C source is
 * compiled for the host by the system's C++ compiler, with the CUDA qualifiers defined away,
 * and loaded privately: a kernel's host JIT looks its foreign functions up in its own libraries. */
#include "runtime/link.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "runtime/cache.h"
#include "runtime/device.h"

static const char *pj_ext(const char *path) {
  const char *dot = strrchr(path, '.');
  const char *slash = strrchr(path, '/');
  return dot && (!slash || dot > slash) ? dot + 1 : "";
}

static bool pj_is_source(const char *ext) {
  return !strcmp(ext, "cu") || !strcmp(ext, "cuh") || !strcmp(ext, "c") || !strcmp(ext, "cc") || !strcmp(ext, "cpp") ||
         !strcmp(ext, "cxx");
}

/* A file to link, read whole (pj_file_read: a directory or an unreadable path says why). */
static char *pj_read_all(const char *path, size_t *len, char *err, size_t errlen) {
  char why[1024];
  char *buf = pj_file_read(path, 0, len, why, sizeof why);
  if (!buf) pj_runtime_error(PJ_ERROR_IO, err, errlen, "%s (to link)", why);
  return buf;
}

/* ---- NVRTC ------------------------------------------------------------------------------------ */

typedef struct PjNvrtc {
  void *lib;
  int (*create)(void **prog, const char *src, const char *name, int nheaders, const char *const *headers,
                const char *const *include_names);
  int (*compile)(void *prog, int nopts, const char *const *opts);
  int (*log_size)(void *prog, size_t *size);
  int (*log)(void *prog, char *log);
  int (*ptx_size)(void *prog, size_t *size);
  int (*ptx)(void *prog, char *ptx);
  int (*destroy)(void **prog);
  const char *(*error_string)(int result);
} PjNvrtc;

static PjNvrtc pj_nvrtc;
static pthread_once_t pj_nvrtc_once = PTHREAD_ONCE_INIT;

static void *pj_nvrtc_open(void) {
  static const char *const names[] = {"libnvrtc.so", "libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so.11.2"};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
    void *h = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (h) return h;
  }
  const char *homes[] = {getenv("CUDA_HOME"), getenv("CUDA_PATH"), "/usr/local/cuda"};
  for (size_t k = 0; k < sizeof homes / sizeof homes[0]; k++) {
    if (!homes[k] || !*homes[k]) continue;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
      char path[4096];
      snprintf(path, sizeof path, "%s/lib64/%s", homes[k], names[i]);
      void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
      if (h) return h;
    }
  }
  return NULL;
}

static void pj_nvrtc_load(void) {
  void *h = pj_nvrtc_open();
  if (!h) return;
  PjNvrtc n = {.lib = h};
  *(void **)&n.create = dlsym(h, "nvrtcCreateProgram");
  *(void **)&n.compile = dlsym(h, "nvrtcCompileProgram");
  *(void **)&n.log_size = dlsym(h, "nvrtcGetProgramLogSize");
  *(void **)&n.log = dlsym(h, "nvrtcGetProgramLog");
  *(void **)&n.ptx_size = dlsym(h, "nvrtcGetPTXSize");
  *(void **)&n.ptx = dlsym(h, "nvrtcGetPTX");
  *(void **)&n.destroy = dlsym(h, "nvrtcDestroyProgram");
  *(void **)&n.error_string = dlsym(h, "nvrtcGetErrorString");
  if (n.create && n.compile && n.log_size && n.log && n.ptx_size && n.ptx && n.destroy && n.error_string) pj_nvrtc = n;
}

/* CUDA C/C++ to relocatable PTX for arch ("sm_90"), so that its device functions stay linkable. */
static char *pj_nvrtc_compile(const char *path, const char *src, const char *arch, size_t *len, char *err,
                              size_t errlen) {
  pthread_once(&pj_nvrtc_once, pj_nvrtc_load);
  if (!pj_nvrtc.lib) {
    pj_runtime_error(PJ_ERROR_NO_DEVICE, err, errlen,
                     "cannot compile '%s': linking CUDA C/C++ sources needs NVRTC (libnvrtc.so, from the CUDA "
                     "toolkit: set CUDA_HOME), which was not found; link its PTX instead", path);
    return NULL;
  }
  char gpu[64], dir[4096], inc[4200];
  snprintf(gpu, sizeof gpu, "--gpu-architecture=compute_%s", arch && !strncmp(arch, "sm_", 3) ? arch + 3 : "90");
  snprintf(dir, sizeof dir, "%s", path);
  char *slash = strrchr(dir, '/');
  if (slash) *slash = 0;
  else snprintf(dir, sizeof dir, ".");
  snprintf(inc, sizeof inc, "-I%s", dir);
  /* the toolkit's headers (curand_kernel.h, ...) next to NVRTC's own */
  char toolkit[4200];
  const char *home = getenv("CUDA_HOME") && *getenv("CUDA_HOME") ? getenv("CUDA_HOME") : "/usr/local/cuda";
  snprintf(toolkit, sizeof toolkit, "-I%s/include", home);
  const char *opts[16] = {gpu, "--relocatable-device-code=true", inc, toolkit};
  int nopts = 4;
  /* extra include folders, ':'-separated, as numba's CUDA_NVRTC_EXTRA_SEARCH_PATHS */
  char *extra = getenv("PYJITC_NVRTC_INCLUDE") ? strdup(getenv("PYJITC_NVRTC_INCLUDE")) : NULL;
  char *incs[12];
  int nincs = 0;
  for (char *tok = extra ? strtok(extra, ":") : NULL; tok && nincs < 12 && nopts < 16; tok = strtok(NULL, ":")) {
    incs[nincs] = malloc(strlen(tok) + 3);
    sprintf(incs[nincs], "-I%s", tok);
    opts[nopts++] = incs[nincs++];
  }
  void *prog = NULL;
  char *ptx = NULL;
  int r = pj_nvrtc.create(&prog, src, path, 0, NULL, NULL);
  if (r == 0) r = pj_nvrtc.compile(prog, nopts, opts);
  if (r != 0) {
    size_t lsz = 0;
    char *log = prog && pj_nvrtc.log_size(prog, &lsz) == 0 && lsz > 0 ? malloc(lsz + 1) : NULL;
    if (log && pj_nvrtc.log(prog, log) != 0) log[0] = 0;
    pj_runtime_error(PJ_ERROR_USER, err, errlen, "NVRTC could not compile '%s' (%s)%s%s", path,
                     pj_nvrtc.error_string(r), log ? ":\n" : "", log ? log : "");
    free(log);
  } else {
    size_t n = 0;
    if (pj_nvrtc.ptx_size(prog, &n) == 0 && (ptx = malloc(n + 1)) && pj_nvrtc.ptx(prog, ptx) == 0) {
      ptx[n] = 0;
      *len = strlen(ptx);
    } else {
      free(ptx);
      ptx = NULL;
      pj_runtime_error(PJ_ERROR_INTERNAL, err, errlen, "NVRTC gave no PTX for '%s'", path);
    }
  }
  if (prog) pj_nvrtc.destroy(&prog);
  for (int i = 0; i < nincs; i++) free(incs[i]);
  free(extra);
  return ptx;
}

/* ---- inputs of the driver's linker ----------------------------------------------------------- */

PjStatus pj_link_input_read(const char *path, const char *arch, PjLinkInput *out, char *err, size_t errlen) {
  const char *ext = pj_ext(path);
  static const struct { const char *ext; int kind; } kinds[] = {
      {"ptx", PJ_LINK_PTX}, {"cubin", PJ_LINK_CUBIN}, {"fatbin", PJ_LINK_FATBIN}, {"o", PJ_LINK_OBJECT},
      {"a", PJ_LINK_LIBRARY}, {"lib", PJ_LINK_LIBRARY}};
  int kind = -1;
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
    if (!strcmp(ext, kinds[i].ext)) kind = kinds[i].kind;
  bool source = pj_is_source(ext);
  if (kind < 0 && !source)
    return pj_runtime_error(PJ_ERROR_ARGUMENT, err, errlen,
                            "cannot link '%s': pyjitc links .ptx, .cubin, .fatbin, .o, .a and CUDA C/C++ sources "
                            "(.cu, .c, .cpp)", path);
  size_t len = 0;
  char *data = pj_read_all(path, &len, err, errlen);
  if (!data) return PJ_ERROR_IO;
  if (source) {
    char *ptx = pj_nvrtc_compile(path, data, arch, &len, err, errlen);
    free(data);
    if (!ptx) return PJ_ERROR_USER;
    data = ptx;
    kind = PJ_LINK_PTX;
  }
  out->kind = kind;
  out->data = data;
  out->size = kind == PJ_LINK_PTX ? len + 1 : len; /* PTX goes to the linker with its NUL */
  out->name = strdup(path);
  return PJ_OK;
}

void pj_link_input_free(PjLinkInput *in) {
  free((void *)in->data);
  free((void *)in->name);
  memset(in, 0, sizeof *in);
}

/* ---- the host: a source compiled for the CPU executor --------------------------------------- */

/* A link set's shared object is compiled once per machine: its bytes are a cache entry
 * ("host-link", keyed by every source's text) like any other, checked before use. A process
 * loads them from a private copy (an anonymous memory file, or a file in a folder of its own),
 * never from the cache folder itself, so what it loads is exactly what was checked; an entry
 * that passes the check yet does not load is removed and compiled once more. Within a process
 * a link set is loaded once (its globals are shared by the kernels that link it). */

static pthread_mutex_t pj_host_lock = PTHREAD_MUTEX_INITIALIZER;
static struct PjHostLoaded {
  char *key;
  size_t keylen;
  void *library;
} *pj_host_loaded;
static int pj_host_nloaded;

/* A private folder for a compile or a copy: /tmp/pyjitc-host-XXXXXX (0700, mkdtemp's). */
static bool pj_private_dir(char dir[32]) {
  strcpy(dir, "/tmp/pyjitc-host-XXXXXX");
  return mkdtemp(dir) != NULL;
}

/* c++ on the sources, into `so`. */
static PjStatus pj_host_compile(const char *const *srcs, int n, const char *so, char *err, size_t errlen) {
  char log[] = "/tmp/pyjitc-link-XXXXXX";
  int fd = mkstemp(log);
  if (fd < 0) return pj_runtime_error(PJ_ERROR_IO, err, errlen, "cannot make a temporary file: %s", strerror(errno));
  const char *cxx = getenv("CXX") && *getenv("CXX") ? getenv("CXX") : "c++";
  const char *argv[64] = {cxx, "-x", "c++", "-std=c++14", "-O2", "-fPIC", "-shared", "-D__device__=", "-D__host__=",
                          "-D__forceinline__=inline", "-D__global__=", "-DPYJITC_HOST=1", "-o", so};
  int argc = 14;
  for (int i = 0; i < n && argc < 63; i++) argv[argc++] = srcs[i];
  argv[argc] = NULL;
  pid_t pid = fork();
  if (pid == 0) {
    dup2(fd, 1);
    dup2(fd, 2);
    execvp(cxx, (char *const *)argv);
    _exit(127);
  }
  int status = 0;
  if (pid > 0)
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
  char msg[2048] = "";
  lseek(fd, 0, SEEK_SET);
  ssize_t got = read(fd, msg, sizeof msg - 1);
  msg[got > 0 ? got : 0] = 0;
  close(fd);
  unlink(log);
  if (pid < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    unlink(so);
    bool missing = pid > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 127;
    return pj_runtime_error(PJ_ERROR_USER, err, errlen,
                            missing ? "cannot compile '%s' for the CPU executor: no C++ compiler ('%s'; set CXX)%s"
                                    : "cannot compile '%s' for the CPU executor with '%s':\n%s",
                            srcs[0], cxx, missing ? "" : msg);
  }
  return PJ_OK;
}

/* dlopen of a shared object's bytes, from a private copy; NULL when they do not load. */
static void *pj_host_load_bytes(const void *bytes, size_t len) {
  void *lib = NULL;
#ifdef __linux__
  int fd = memfd_create("pyjitc-host-link", MFD_CLOEXEC);
  if (fd >= 0) {
    const char *p = bytes;
    size_t left = len;
    while (left > 0) {
      ssize_t put = write(fd, p, left);
      if (put < 0 && errno == EINTR) continue;
      if (put <= 0) break;
      p += put;
      left -= (size_t)put;
    }
    char name[64];
    snprintf(name, sizeof name, "/proc/self/fd/%d", fd);
    if (left == 0) lib = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    /* a loaded library's file stays open: the dynamic loader knows libraries by name, and a
     * later memory file given this descriptor's number would be taken for this one */
    if (lib) return lib;
    close(fd);
    if (left == 0) return NULL;
  }
#endif
  char dir[32];
  if (!pj_private_dir(dir)) return NULL;
  char so[64];
  snprintf(so, sizeof so, "%s/link.so", dir);
  int out = open(so, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (out >= 0) {
    bool ok = write(out, bytes, len) == (ssize_t)len;
    ok = close(out) == 0 && ok;
    if (ok) lib = dlopen(so, RTLD_NOW | RTLD_LOCAL);
    unlink(so);
  }
  rmdir(dir);
  return lib;
}

static PjStatus pj_host_build(const char *const *paths, int n, const char *entry, void **library, char *err,
                              size_t errlen) {
  void *bytes = NULL;
  size_t len = 0;
  if (entry && pj_cache_read(entry, &bytes, &len)) {
    *library = pj_host_load_bytes(bytes, len);
    free(bytes);
    if (*library) return PJ_OK;
    pj_cache_remove(entry); /* intact but not loadable here: compiled again */
  }
  char dir[32];
  if (!pj_private_dir(dir))
    return pj_runtime_error(PJ_ERROR_IO, err, errlen, "cannot make a folder to compile '%s': %s", paths[0],
                            strerror(errno));
  char so[64];
  snprintf(so, sizeof so, "%s/link.so", dir);
  PjStatus s = pj_host_compile(paths, n, so, err, errlen);
  if (s == PJ_OK) {
    if (entry) {
      char ignored[8];
      char *built = pj_read_all(so, &len, ignored, sizeof ignored);
      if (built) pj_cache_write(entry, built, len);
      free(built);
    }
    if (!(*library = dlopen(so, RTLD_NOW | RTLD_LOCAL)))
      s = pj_runtime_error(PJ_ERROR_IO, err, errlen, "cannot load the host build of '%s': %s", paths[0], dlerror());
    unlink(so);
  }
  rmdir(dir);
  return s;
}

PjStatus pj_link_host(const char *const *paths, int n, void **library, char *err, size_t errlen) {
  *library = NULL;
  /* the key: every source's text, in order; one shared object per link set, compiled once */
  size_t keylen = 0;
  char *key = malloc(1);
  if (!key) return pj_runtime_error(PJ_ERROR_INTERNAL, err, errlen, "out of memory");
  for (int i = 0; i < n; i++) {
    if (!pj_is_source(pj_ext(paths[i]))) {
      free(key);
      return pj_runtime_error(PJ_ERROR_ARGUMENT, err, errlen,
                              "'%s' holds GPU code, which the CPU executor cannot run: link the C/C++/CUDA C source "
                              "instead (compiled for the host), or run on a GPU", paths[i]);
    }
    size_t len = 0;
    char *src = pj_read_all(paths[i], &len, err, errlen);
    if (!src) {
      free(key);
      return PJ_ERROR_IO;
    }
    char *bigger = realloc(key, keylen + len + 2);
    if (!bigger) {
      free(src);
      free(key);
      return pj_runtime_error(PJ_ERROR_INTERNAL, err, errlen, "out of memory");
    }
    key = bigger;
    memcpy(key + keylen, src, len);
    keylen += len;
    key[keylen++] = 0; /* a separator no source holds */
    free(src);
  }
  pthread_mutex_lock(&pj_host_lock);
  PjStatus s = PJ_OK;
  for (int i = 0; i < pj_host_nloaded && !*library; i++)
    if (pj_host_loaded[i].keylen == keylen && !memcmp(pj_host_loaded[i].key, key, keylen))
      *library = pj_host_loaded[i].library;
  if (!*library) {
    char *entry = pj_cache_path("host-link", key, keylen); /* NULL when the cache is off */
    s = pj_host_build(paths, n, entry, library, err, errlen);
    free(entry);
    struct PjHostLoaded *more =
        s == PJ_OK ? realloc(pj_host_loaded, sizeof *more * (size_t)(pj_host_nloaded + 1)) : NULL;
    if (more) {
      pj_host_loaded = more;
      pj_host_loaded[pj_host_nloaded++] = (struct PjHostLoaded){key, keylen, *library};
      key = NULL;
    }
  }
  pthread_mutex_unlock(&pj_host_lock);
  free(key);
  return s;
}
