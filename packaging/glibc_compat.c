/* What the core library and the command line take from the C library, held to what older glibcs
 * have, so that the wheel built on Debian 12 (glibc 2.36) installs on older Linux distributions
 * too: its manylinux tag is the newest glibc symbol version it refers to (docs/install.md).
 *
 * Always: Debian's LLVM 19 static libraries call arc4random (glibc 2.36) for random numbers
 * (temporary file names, hash seeds); defined here, those calls bind to this definition inside
 * the library (the version script keeps it local), which reads the kernel's random source.
 *
 * With PJ_PORTABLE_GLIBC (the wheel's build, pyproject.toml): the functions that glibc 2.29 to
 * 2.34 gave new symbol versions are reached through the linker's --wrap (CMakeLists.txt lists
 * them): every call in the library, LLVM's and libstdc++'s static code included, goes to the
 * __wrap_ function here, which calls the version x86-64 glibc has had since 2.2.5 (glibc keeps
 * those for old programs; in glibc 2.34 and later the threads and dl functions moved from
 * libpthread and libdl into libc, which still answers to their old versions). Where no old
 * version exists (stat and mknod before 2.33, mallinfo2) the call goes through what older glibcs
 * exported (__xstat, __xmknod, mallinfo). Not in sanitized builds: ASan intercepts some of these
 * by name, which a call to a fixed version would pass by. */
#include <stdint.h>
#include <sys/random.h>

uint32_t arc4random(void);

uint32_t arc4random(void) {
  uint32_t v = 0;
  while (getrandom(&v, sizeof v, 0) != (ssize_t)sizeof v) {
  }
  return v;
}

#ifdef PJ_PORTABLE_GLIBC
#include <dlfcn.h>
#include <malloc.h>
#include <pthread.h>
#include <signal.h>
#include <sys/stat.h>

/* `name` bound to glibc's `sym`@GLIBC_2.2.5 */
#define PJ_OLD(name, sym) __asm__(".symver " #name "," #sym "@GLIBC_2.2.5")

/* libstdc++ reads __libc_single_threaded (glibc 2.32) to skip atomic reference counts in a process
 * of one thread; this library's own copy says "maybe several", which is always right. */
char __libc_single_threaded = 0;

/* libm: 2.29 versions that no longer set errno; the old ones give the same values */
double pj_old_exp(double), pj_old_log(double), pj_old_log2(double), pj_old_pow(double, double);
PJ_OLD(pj_old_exp, exp);
PJ_OLD(pj_old_log, log);
PJ_OLD(pj_old_log2, log2);
PJ_OLD(pj_old_pow, pow);
double __wrap_exp(double x) { return pj_old_exp(x); }
double __wrap_log(double x) { return pj_old_log(x); }
double __wrap_log2(double x) { return pj_old_log2(x); }
double __wrap_pow(double x, double y) { return pj_old_pow(x, y); }
/* hypot (the CPU executor's libdevice functions call it): 2.35's version differs from the old one
 * in errno handling; from 2.35 on, both compute with the same function */
double pj_old_hypot(double, double);
PJ_OLD(pj_old_hypot, hypot);
double __wrap_hypot(double x, double y) { return pj_old_hypot(x, y); }

/* threads (libpthread's before 2.34) */
int pj_old_pthread_create(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);
int pj_old_pthread_join(pthread_t, void **);
int pj_old_pthread_detach(pthread_t);
int pj_old_pthread_attr_setstacksize(pthread_attr_t *, size_t);
int pj_old_pthread_getattr_np(pthread_t, pthread_attr_t *);
int pj_old_pthread_attr_getstack(const pthread_attr_t *, void **, size_t *);
int pj_old_pthread_attr_getguardsize(const pthread_attr_t *, size_t *);
int pj_old_pthread_key_create(pthread_key_t *, void (*)(void *));
int pj_old___pthread_key_create(pthread_key_t *, void (*)(void *));
int pj_old_pthread_setspecific(pthread_key_t, const void *);
int pj_old_pthread_once(pthread_once_t *, void (*)(void));
int pj_old_pthread_rwlock_rdlock(pthread_rwlock_t *);
int pj_old_pthread_rwlock_wrlock(pthread_rwlock_t *);
int pj_old_pthread_rwlock_unlock(pthread_rwlock_t *);
int pj_old_pthread_sigmask(int, const sigset_t *, sigset_t *);
PJ_OLD(pj_old_pthread_create, pthread_create);
PJ_OLD(pj_old_pthread_join, pthread_join);
PJ_OLD(pj_old_pthread_detach, pthread_detach);
PJ_OLD(pj_old_pthread_attr_setstacksize, pthread_attr_setstacksize);
PJ_OLD(pj_old_pthread_getattr_np, pthread_getattr_np);
PJ_OLD(pj_old_pthread_attr_getstack, pthread_attr_getstack);
PJ_OLD(pj_old_pthread_attr_getguardsize, pthread_attr_getguardsize);
PJ_OLD(pj_old_pthread_key_create, pthread_key_create);
PJ_OLD(pj_old___pthread_key_create, __pthread_key_create);
PJ_OLD(pj_old_pthread_setspecific, pthread_setspecific);
PJ_OLD(pj_old_pthread_once, pthread_once);
PJ_OLD(pj_old_pthread_rwlock_rdlock, pthread_rwlock_rdlock);
PJ_OLD(pj_old_pthread_rwlock_wrlock, pthread_rwlock_wrlock);
PJ_OLD(pj_old_pthread_rwlock_unlock, pthread_rwlock_unlock);
PJ_OLD(pj_old_pthread_sigmask, pthread_sigmask);
int __wrap_pthread_create(pthread_t *t, const pthread_attr_t *a, void *(*f)(void *), void *arg) {
  return pj_old_pthread_create(t, a, f, arg);
}
int __wrap_pthread_join(pthread_t t, void **r) { return pj_old_pthread_join(t, r); }
int __wrap_pthread_detach(pthread_t t) { return pj_old_pthread_detach(t); }
int __wrap_pthread_attr_setstacksize(pthread_attr_t *a, size_t n) { return pj_old_pthread_attr_setstacksize(a, n); }
int __wrap_pthread_getattr_np(pthread_t t, pthread_attr_t *a) { return pj_old_pthread_getattr_np(t, a); }
int __wrap_pthread_attr_getstack(const pthread_attr_t *a, void **p, size_t *n) { return pj_old_pthread_attr_getstack(a, p, n); }
int __wrap_pthread_attr_getguardsize(const pthread_attr_t *a, size_t *n) { return pj_old_pthread_attr_getguardsize(a, n); }
int __wrap_pthread_key_create(pthread_key_t *k, void (*d)(void *)) { return pj_old_pthread_key_create(k, d); }
int __wrap___pthread_key_create(pthread_key_t *k, void (*d)(void *)) { return pj_old___pthread_key_create(k, d); }
int __wrap_pthread_setspecific(pthread_key_t k, const void *v) { return pj_old_pthread_setspecific(k, v); }
int __wrap_pthread_once(pthread_once_t *o, void (*f)(void)) { return pj_old_pthread_once(o, f); }
int __wrap_pthread_rwlock_rdlock(pthread_rwlock_t *l) { return pj_old_pthread_rwlock_rdlock(l); }
int __wrap_pthread_rwlock_wrlock(pthread_rwlock_t *l) { return pj_old_pthread_rwlock_wrlock(l); }
int __wrap_pthread_rwlock_unlock(pthread_rwlock_t *l) { return pj_old_pthread_rwlock_unlock(l); }
int __wrap_pthread_sigmask(int how, const sigset_t *set, sigset_t *old) { return pj_old_pthread_sigmask(how, set, old); }

/* the dynamic loader's functions (libdl's before 2.34) */
void *pj_old_dlopen(const char *, int);
void *pj_old_dlsym(void *, const char *);
int pj_old_dlclose(void *);
char *pj_old_dlerror(void);
int pj_old_dladdr(const void *, Dl_info *);
PJ_OLD(pj_old_dlopen, dlopen);
PJ_OLD(pj_old_dlsym, dlsym);
PJ_OLD(pj_old_dlclose, dlclose);
PJ_OLD(pj_old_dlerror, dlerror);
PJ_OLD(pj_old_dladdr, dladdr);
void *__wrap_dlopen(const char *f, int m) { return pj_old_dlopen(f, m); }
void *__wrap_dlsym(void *h, const char *s) { return pj_old_dlsym(h, s); }
int __wrap_dlclose(void *h) { return pj_old_dlclose(h); }
char *__wrap_dlerror(void) { return pj_old_dlerror(); }
int __wrap_dladdr(const void *a, Dl_info *i) { return pj_old_dladdr(a, i); }

/* stat and mknod: before 2.33 only the versioned entries existed (x86-64: version 1, mknod 0) */
int pj_old_xstat(int, const char *, struct stat *);
int pj_old_lxstat(int, const char *, struct stat *);
int pj_old_fxstat(int, int, struct stat *);
int pj_old_fxstatat(int, int, const char *, struct stat *, int);
int pj_old_xmknod(int, const char *, mode_t, dev_t *);
PJ_OLD(pj_old_xstat, __xstat);
PJ_OLD(pj_old_lxstat, __lxstat);
PJ_OLD(pj_old_fxstat, __fxstat);
__asm__(".symver pj_old_fxstatat,__fxstatat@GLIBC_2.4"); /* 2.4: the first with it */
PJ_OLD(pj_old_xmknod, __xmknod);
int __wrap_stat(const char *p, struct stat *b) { return pj_old_xstat(1, p, b); }
int __wrap_stat64(const char *p, struct stat *b) { return pj_old_xstat(1, p, b); }
int __wrap_lstat(const char *p, struct stat *b) { return pj_old_lxstat(1, p, b); }
int __wrap_lstat64(const char *p, struct stat *b) { return pj_old_lxstat(1, p, b); }
int __wrap_fstat(int fd, struct stat *b) { return pj_old_fxstat(1, fd, b); }
int __wrap_fstat64(int fd, struct stat *b) { return pj_old_fxstat(1, fd, b); }
int __wrap_fstatat(int dir, const char *p, struct stat *b, int flag) { return pj_old_fxstatat(1, dir, p, b, flag); }
int __wrap_fstatat64(int dir, const char *p, struct stat *b, int flag) { return pj_old_fxstatat(1, dir, p, b, flag); }
int __wrap_mknod(const char *p, mode_t m, dev_t d) { return pj_old_xmknod(0, p, m, &d); }

/* mallinfo2 (2.33): LLVM's count of the heap in use, from mallinfo's fields */
struct mallinfo pj_old_mallinfo(void);
PJ_OLD(pj_old_mallinfo, mallinfo);
struct mallinfo2 __wrap_mallinfo2(void) {
  struct mallinfo m = pj_old_mallinfo();
  struct mallinfo2 r = {0};
  r.arena = (size_t)(unsigned)m.arena;
  r.ordblks = (size_t)(unsigned)m.ordblks;
  r.hblks = (size_t)(unsigned)m.hblks;
  r.hblkhd = (size_t)(unsigned)m.hblkhd;
  r.uordblks = (size_t)(unsigned)m.uordblks;
  r.fordblks = (size_t)(unsigned)m.fordblks;
  r.keepcost = (size_t)(unsigned)m.keepcost;
  return r;
}

#endif
