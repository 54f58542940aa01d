/* The command line's start, held to glibc 2.2.5's __libc_start_main in the wheel's build
 * (PJ_PORTABLE_GLIBC; packaging/glibc_compat.c says why). glibc 2.34's startup code passes no
 * constructor function, and glibc's entry then runs the program's constructors itself (2.34 on);
 * an older glibc runs none, and this program has none that matter (the library's run anyway,
 * by the dynamic loader). */
#ifdef PJ_PORTABLE_GLIBC
int pj_old_libc_start_main(int (*)(int, char **, char **), int, char **, void (*)(void), void (*)(void),
                           void (*)(void), void *);
__asm__(".symver pj_old_libc_start_main,__libc_start_main@GLIBC_2.2.5");
int __wrap___libc_start_main(int (*m)(int, char **, char **), int argc, char **argv, void (*init)(void),
                             void (*fini)(void), void (*rtld_fini)(void), void *stack_end);
int __wrap___libc_start_main(int (*m)(int, char **, char **), int argc, char **argv, void (*init)(void),
                             void (*fini)(void), void (*rtld_fini)(void), void *stack_end) {
  return pj_old_libc_start_main(m, argc, argv, init, fini, rtld_fini, stack_end);
}
#else
typedef int pj_glibc_start_unused; /* an ordinary build starts as glibc's own programs do */
#endif
