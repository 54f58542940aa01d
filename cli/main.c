/* pyjitc: the command line. A thin front door over include/pyjitc.h. */
#include <pyjitc.h>
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { PJ_MAX_ARGS = 64, PJ_MAX_SAVES = 64 };

typedef struct PjCli {
  const char *file, *kernel, *sig, *arch, *libdevice, *save_dir, *passes;
  unsigned emit;
  int launch, time, json, opt, repeat, debug, fastmath, max_registers, lineinfo, noalias, narrow;
  PjTarget target;
  PjLaunchConfig config;
  int grid_set, block_set;
  const char *args[PJ_MAX_ARGS];
  int nargs;
  const char *saves[PJ_MAX_SAVES];
  int nsaves;
} PjCli;

static const char pj_usage[] =
    "usage: pyjitc FILE.py [options] [-- ARG ...]\n"
    "\n"
    "Compiles the @cuda.jit kernel in FILE.py and prints what --emit asks for, or launches it.\n"
    "FILE.py may be a pipe, a FIFO or /dev/stdin too, and - reads the standard input.\n"
    "\n"
    "  --emit=WHAT          print a stage: ast, types (the source, each line under the types of its\n"
    "                       names and calls), typed-ir (the typed IR as a tree), llvm or ptx\n"
    "                       (comma-separated or repeated)\n"
    "  --launch             compile, allocate and fill the arguments, run, copy back, report\n"
    "  --grid G --block B   launch configuration: N, X,Y or X,Y,Z\n"
    "  --shared BYTES       dynamic shared memory per block (default 0)\n"
    "  --repeat N           run the kernel N times and report the median time (default 1)\n"
    "  --save NAME=PATH     after the launch, save argument NAME (a parameter name) as .npy\n"
    "  --save-dir DIR       after the launch, save every array argument as DIR/NAME.npy\n"
    "  --target T           auto (default: the GPU if a CUDA driver and device are present, else\n"
    "                       the CPU), cuda, or cpu. Also the environment variable PYJITC_TARGET.\n"
    "  --arch sm_XX         GPU architecture, sm_50 to sm_90a or compute_XX, as LLVM's NVPTX back end knows\n"
    "                       them (default: the device's, or sm_90 with no device)\n"
    "  --kernel NAME        the kernel to use when the file holds several\n"
    "  --sig SIG            argument types when compiling without arguments, numba style:\n"
    "                       'void(float32, float32[:], float32[:,:])'\n"
    "  --time               print the compile stage times in milliseconds\n"
    "  --fastmath           fast-math: contraction, no NaN/inf/signed-zero care, flush-to-zero, and\n"
    "                       approximate float32 math (also @cuda.jit(fastmath=True))\n"
    "  --max-registers N    registers per thread on the GPU, 1 to 255 (also @cuda.jit(max_registers=N))\n"
    "  --lineinfo           source line tables in the PTX for profilers (also @cuda.jit(lineinfo=True))\n"
    "  --noalias            promise that no two array arguments overlap (noalias pointers; on the GPU,\n"
    "                       loads of arrays the kernel does not write use the read-only path)\n"
    "  --narrow             promise that integer arguments fit in int32, arrays have fewer than\n"
    "                       2**31 elements and launches fewer than 2**31 threads along each axis\n"
    "                       (grid * block): GPU loop counters bounded by them, and cuda.grid's x, run in\n"
    "                       32 bits; --launch sets it by itself when its arguments and --grid/--block fit\n"
    "  --debug              check every array index at run time and report the first one out of\n"
    "                       bounds with its line and thread (also @cuda.jit(debug=True))\n"
    "  -O0 .. -O3           LLVM optimization level (default -O3)\n"
    "  --diagnostics=json   print diagnostics as JSON lines instead of text\n"
    "  --libdevice PATH     CUDA's libdevice.10.bc (default: PYJITC_LIBDEVICE, an NVIDIA wheel (pyjitc[cu12] or\n"
    "                       pyjitc[cu13]), CUDA_HOME, /usr/local/cuda; --version says which is found)\n"
    "  --passes PIPELINE    LLVM's optimization passes in LLVM's syntax ('default<O3>') in place of\n"
    "                       the -O level's default<On>, for comparing pipelines and bisecting a\n"
    "                       miscompile (code generation still follows -O)\n"
    "  --help, --version\n"
    "\n"
    "Arguments follow `--`, in parameter order, or as NAME=VALUE for a parameter by name:\n"
    "  2.0  3  True  float32(2.0)  uint8(7)  complex128(1.5,-2)  scalars\n"
    "  zeros(N,float32)  ones((R,C),int32)  arange(N,int64)       arrays\n"
    "  rand(N,float32[,SEED])  full(N,VALUE,DTYPE)  file.npy\n"
    "Without --sig, argument types come from the arguments, else from an eager signature in the\n"
    "decorator (@cuda.jit(\"void(float32[:])\")).\n"
    "\n"
    "Example:\n"
    "  pyjitc examples/saxpy.py --launch --grid 4096 --block 256 -- 2.0 'rand(1048576,float32)' \\\n"
    "         'rand(1048576,float32,1)' 'zeros(1048576,float32)' --save out=out.npy\n";

static int pj_usage_error(const char *fmt, const char *a) {
  fprintf(stderr, "pyjitc: ");
  fprintf(stderr, fmt, a);
  fprintf(stderr, "\n(see pyjitc --help)\n");
  return 2;
}

static int pj_parse_dims(const char *s, uint32_t out[3]) {
  out[0] = out[1] = out[2] = 1;
  char *end;
  for (int i = 0; i < 3; i++) {
    if (!isdigit((unsigned char)*s)) return 0; /* strtoll would take " 2", "+2" and "-0" */
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (end == s || errno || v < 0 || v > 0xffffffffLL) return 0;
    out[i] = (uint32_t)v;
    if (*end == 0) return 1;
    if (*end != ',') return 0; /* "2x3" is not a shape: N, X,Y or X,Y,Z */
    s = end + 1;
  }
  return 0;
}

static int pj_parse_bytes(const char *s, uint32_t *out) {
  char *end;
  if (!isdigit((unsigned char)*s)) return 0;
  errno = 0;
  long long v = strtoll(s, &end, 10);
  if (end == s || *end || errno || v < 0 || v > 0xffffffffLL) return 0;
  *out = (uint32_t)v;
  return 1;
}

/* A whole number from 1 to most (--repeat, --max-registers): the number, or 0 when it is not one
 * (" 3", "+3", "3x", "1.5") or is out of range. */
static int pj_parse_count(const char *s, long long most) {
  char *end;
  if (!isdigit((unsigned char)*s)) return 0;
  errno = 0;
  long long v = strtoll(s, &end, 10);
  return end == s || *end || errno || v < 1 || v > most ? 0 : (int)v;
}

/* The most registers a thread may ask for: PTX's .maxnreg, which CUDA caps at 255. */
enum { PJ_MAX_REGISTERS = 255 };

static int pj_parse_emit(PjCli *c, const char *list) {
  char buf[128];
  snprintf(buf, sizeof buf, "%s", list);
  for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
    if (!strcmp(tok, "ast")) c->emit |= PJ_EMIT_AST;
    else if (!strcmp(tok, "types")) c->emit |= PJ_EMIT_TYPES;
    else if (!strcmp(tok, "typed-ir")) c->emit |= PJ_EMIT_TYPED_IR;
    else if (!strcmp(tok, "llvm")) c->emit |= PJ_EMIT_LLVM;
    else if (!strcmp(tok, "ptx")) c->emit |= PJ_EMIT_PTX;
    else return 0;
  }
  return 1;
}

/* The value of an option given as --opt=V or --opt V. */
static const char *pj_opt_value(int argc, char **argv, int *i, const char *name) {
  size_t n = strlen(name);
  if (strncmp(argv[*i], name, n) != 0) return NULL;
  if (argv[*i][n] == '=') return argv[*i] + n + 1;
  if (argv[*i][n] == 0 && *i + 1 < argc) return argv[++*i];
  return NULL;
}

static int pj_parse_target(const char *v, PjTarget *t) {
  if (!strcmp(v, "auto")) *t = PJ_TARGET_AUTO;
  else if (!strcmp(v, "cuda") || !strcmp(v, "gpu")) *t = PJ_TARGET_CUDA;
  else if (!strcmp(v, "cpu")) *t = PJ_TARGET_CPU;
  else return 0;
  return 1;
}

/* The version, and where the GPU's math functions come from (--libdevice aside). */
static void pj_print_version(void) {
  char path[4096];
  PjLibdeviceFrom from = pj_libdevice_find(NULL, NULL, path, sizeof path);
  printf("%s\n", pj_version_string());
  if (from) printf("libdevice: %s (%s)\n", path, pj_libdevice_from_name(from));
  else printf("libdevice: not found (math functions on the GPU need it: pip install 'pyjitc[cu12]' or 'pyjitc[cu13]', "
              "or set PYJITC_LIBDEVICE or CUDA_HOME)\n");
}

/* The options that take a value (pj_opt_value). */
static const char *const pj_valued[] = {"--max-registers", "--emit", "--grid", "--block", "--shared", "--repeat",
                                        "--save-dir", "--save", "--target", "--arch", "--kernel", "--sig",
                                        "--libdevice", "--passes", "--diagnostics", NULL};

static int pj_parse_cli(PjCli *c, int argc, char **argv) {
  c->opt = 3;
  c->repeat = 1;
  int after_dashes = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v;
    if (after_dashes && strcmp(a, "--save") != 0 && strncmp(a, "--save=", 7) != 0 && strcmp(a, "--save-dir") != 0 &&
        strncmp(a, "--save-dir=", 11) != 0) {
      if (c->nargs == PJ_MAX_ARGS) return pj_usage_error("too many arguments%s", "");
      c->args[c->nargs++] = a;
      continue;
    }
    if (!strcmp(a, "--")) after_dashes = 1;
    else if (!strcmp(a, "--help") || !strcmp(a, "-h")) { fputs(pj_usage, stdout); exit(0); }
    else if (!strcmp(a, "--version")) { pj_print_version(); exit(0); }
    else if (!strcmp(a, "--launch")) c->launch = 1;
    else if (!strcmp(a, "--time")) c->time = 1;
    else if (!strcmp(a, "--debug")) c->debug = 1;
    else if (!strcmp(a, "--fastmath")) c->fastmath = 1;
    else if (!strcmp(a, "--lineinfo")) c->lineinfo = 1;
    else if (!strcmp(a, "--noalias")) c->noalias = 1;
    else if (!strcmp(a, "--narrow")) c->narrow = 1;
    else if ((v = pj_opt_value(argc, argv, &i, "--max-registers"))) {
      if (!(c->max_registers = pj_parse_count(v, PJ_MAX_REGISTERS)))
        return pj_usage_error("bad --max-registers '%s': a whole number of registers per thread, 1 to 255", v);
    }
    else if (!strncmp(a, "-O", 2) && a[2] >= '0' && a[2] <= '3' && !a[3]) c->opt = a[2] - '0';
    else if (!strncmp(a, "-O", 2)) return pj_usage_error("bad optimization level '%s': -O0, -O1, -O2 or -O3", a);
    else if ((v = pj_opt_value(argc, argv, &i, "--emit"))) { if (!pj_parse_emit(c, v)) return pj_usage_error("unknown --emit value '%s' (ast, types, typed-ir, llvm, ptx)", v); }
    else if ((v = pj_opt_value(argc, argv, &i, "--grid"))) { if (!pj_parse_dims(v, c->config.grid)) return pj_usage_error("bad --grid '%s': N, X,Y or X,Y,Z", v); c->grid_set = 1; }
    else if ((v = pj_opt_value(argc, argv, &i, "--block"))) { if (!pj_parse_dims(v, c->config.block)) return pj_usage_error("bad --block '%s': N, X,Y or X,Y,Z", v); c->block_set = 1; }
    else if ((v = pj_opt_value(argc, argv, &i, "--shared"))) { if (!pj_parse_bytes(v, &c->config.shared_bytes)) return pj_usage_error("bad --shared '%s': a number of bytes, 0 to 4294967295", v); }
    else if ((v = pj_opt_value(argc, argv, &i, "--repeat"))) { c->repeat = pj_parse_count(v, 0x7fffffffLL); if (c->repeat < 1) return pj_usage_error("bad --repeat '%s': a whole number of runs, 1 or more", v); }
    else if ((v = pj_opt_value(argc, argv, &i, "--save-dir"))) c->save_dir = v;
    else if ((v = pj_opt_value(argc, argv, &i, "--save"))) { if (!strchr(v, '=')) return pj_usage_error("bad --save '%s': NAME=PATH", v); if (c->nsaves < PJ_MAX_SAVES) c->saves[c->nsaves++] = v; }
    else if ((v = pj_opt_value(argc, argv, &i, "--target"))) { if (!pj_parse_target(v, &c->target)) return pj_usage_error("unknown --target '%s' (auto, cuda, cpu)", v); }
    else if ((v = pj_opt_value(argc, argv, &i, "--arch"))) {
      char why[512];
      if (!pj_arch_check(v, why, sizeof why)) return pj_usage_error("--arch: %s", why);
      c->arch = v;
    }
    else if ((v = pj_opt_value(argc, argv, &i, "--kernel"))) c->kernel = v;
    else if ((v = pj_opt_value(argc, argv, &i, "--sig"))) c->sig = v;
    else if ((v = pj_opt_value(argc, argv, &i, "--libdevice"))) c->libdevice = v;
    else if ((v = pj_opt_value(argc, argv, &i, "--passes"))) c->passes = v;
    else if ((v = pj_opt_value(argc, argv, &i, "--diagnostics"))) {
      if (strcmp(v, "json") != 0 && strcmp(v, "text") != 0) return pj_usage_error("unknown --diagnostics '%s' (text, json)", v);
      c->json = !strcmp(v, "json");
    }
    else if (a[0] == '-' && a[1]) {
      for (const char *const *o = pj_valued; *o; o++) /* "--grid" last, with nothing after it */
        if (!strcmp(a, *o)) return pj_usage_error("%s needs a value", a);
      return pj_usage_error("unknown option '%s'", a);
    }
    else if (!c->file) c->file = a;
    else return pj_usage_error("unexpected '%s' (kernel arguments go after --)", a);
  }
  if (!c->file) return pj_usage_error("no input file%s", "");
  if (c->launch && (!c->grid_set || !c->block_set)) return pj_usage_error("--launch needs --grid and --block%s", "");
  if (!c->launch && !c->emit && !c->time) c->emit = PJ_EMIT_PTX;
  c->config.repeat = c->repeat;
  return 0;
}

/* A kernel file's text: 64 MiB is far beyond any program (tree-sitter's parser stops at 65,535
 * lines), and keeps /dev/zero from filling the memory. */
enum { PJ_MAX_SOURCE_BYTES = 64 << 20 };

static void pj_print_diags(const PjCli *c, PjDiags *d) {
  char *text = c->json ? pj_diags_format_json(d) : pj_diags_format(d);
  fputs(text, stderr);
  free(text);
}

/* The first n characters of s form a Python identifier (ASCII): NAME in NAME=VALUE. */
static int pj_is_identifier(const char *s, size_t n) {
  if (n == 0 || !(isalpha((unsigned char)s[0]) || s[0] == '_')) return 0;
  for (size_t i = 1; i < n; i++)
    if (!(isalnum((unsigned char)s[i]) || s[i] == '_')) return 0;
  return 1;
}

/* Put the command line's arguments in parameter order (positional, or NAME=VALUE). */
static int pj_bind_args(const PjCli *c, const PjSource *src, int k, PjValue *vals) {
  int np = (int)pj_source_param_count(src, k);
  int given[PJ_MAX_ARGS] = {0}, next = 0;
  for (int i = 0; i < c->nargs; i++) {
    const char *a = c->args[i], *eq = strchr(a, '=');
    int slot = -1;
    if (eq) {
      for (int p = 0; p < np; p++) {
        const char *name = pj_source_param_name(src, k, (size_t)p);
        if (strlen(name) == (size_t)(eq - a) && !strncmp(a, name, (size_t)(eq - a))) slot = p;
      }
    }
    if (eq && slot < 0 && pj_is_identifier(a, (size_t)(eq - a))) {
      char names[512] = "";
      for (int p = 0; p < np; p++)
        snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", p ? ", " : "",
                 pj_source_param_name(src, k, (size_t)p));
      fprintf(stderr, "pyjitc: kernel '%s' has no parameter named '%.*s' (its parameters: %s)\n",
              pj_source_kernel_name(src, (size_t)k), (int)(eq - a), a, names);
      return 1;
    }
    const char *spec = slot >= 0 ? eq + 1 : a;
    if (slot < 0) {
      while (next < np && given[next]) next++;
      slot = next;
    }
    if (slot >= np) {
      fprintf(stderr, "pyjitc: kernel '%s' takes %d arguments; '%s' is one too many\n", pj_source_kernel_name(src, (size_t)k), np, a);
      return 1;
    }
    if (given[slot]) {
      fprintf(stderr, "pyjitc: argument '%s' given twice\n", pj_source_param_name(src, k, (size_t)slot));
      return 1;
    }
    char err[512];
    if (pj_value_parse(spec, &vals[slot], err, sizeof err) != PJ_OK) {
      fprintf(stderr, "pyjitc: argument '%s': %s\n", pj_source_param_name(src, k, (size_t)slot), err);
      return 1;
    }
    given[slot] = 1;
  }
  for (int p = 0; p < np; p++)
    if (!given[p]) {
      fprintf(stderr, "pyjitc: missing argument '%s' of kernel '%s'\n", pj_source_param_name(src, k, (size_t)p),
              pj_source_kernel_name(src, (size_t)k));
      return 1;
    }
  return 0;
}

static void pj_print_times(FILE *out, const PjCompileTimes *t) {
  fprintf(out, "compile: parse %.2f ms, types %.2f ms, lower %.2f ms, optimize %.2f ms, codegen %.2f ms, total %.2f ms\n",
          t->parse, t->types, t->lower, t->optimize, t->codegen, t->total);
}

static void pj_print_signature(FILE *out, const PjSource *src, int k, const PjArgType *sig, int n) {
  fprintf(out, "kernel: %s(", pj_source_kernel_name(src, (size_t)k));
  for (int i = 0; i < n; i++) {
    fprintf(out, "%s%s %s", i ? ", " : "", pj_source_param_name(src, k, (size_t)i), pj_dtype_name(sig[i].dtype));
    if (sig[i].ndim) {
      fputc('[', out);
      for (int d = 0; d < sig[i].ndim; d++) fprintf(out, "%s:", d ? ", " : "");
      fputc(']', out);
    }
  }
  fprintf(out, ")\n");
}

static int pj_save_one(const char *path, const char *name, const PjValue *v) {
  char err[512];
  if (pj_value_save_npy(path, v, err, sizeof err) == PJ_OK) return 0;
  fprintf(stderr, "pyjitc: saving %s: %s\n", name, err);
  return 1;
}

static int pj_save_outputs(const PjCli *c, const PjSource *src, int k, PjValue *vals) {
  int np = (int)pj_source_param_count(src, k);
  for (int p = 0; c->save_dir && p < np; p++) {
    if (vals[p].ndim == 0) continue;
    char path[4096];
    const char *name = pj_source_param_name(src, k, (size_t)p);
    snprintf(path, sizeof path, "%s/%s.npy", c->save_dir, name);
    if (pj_save_one(path, name, &vals[p])) return 1;
  }
  for (int s = 0; s < c->nsaves; s++) {
    const char *eq = strchr(c->saves[s], '=');
    int slot = -1;
    for (int p = 0; p < np; p++) {
      const char *name = pj_source_param_name(src, k, (size_t)p);
      if (strlen(name) == (size_t)(eq - c->saves[s]) && !strncmp(c->saves[s], name, strlen(name))) slot = p;
    }
    if (slot < 0) {
      fprintf(stderr, "pyjitc: --save %s: the kernel has no parameter of that name\n", c->saves[s]);
      return 1;
    }
    if (pj_save_one(eq + 1, c->saves[s], &vals[slot])) return 1;
    printf("saved %s -> %s\n", pj_source_param_name(src, k, (size_t)slot), eq + 1);
  }
  return 0;
}

static int pj_run_launch(const PjCli *c, PjDevice *dev, PjKernel *kern, const PjSource *src, int k, PjValue *vals) {
  PjLaunchTimes lt = {0};
  char err[2048];
  int np = (int)pj_source_param_count(src, k);
  PjStatus st = pj_launch(dev, kern, &c->config, vals, np, &lt, err, sizeof err);
  if (st != PJ_OK) {
    fprintf(stderr, "pyjitc: launch of '%s' failed: %s\n", pj_kernel_name(kern), err);
    return 1;
  }
  if (pj_device_target(dev) == PJ_TARGET_CUDA) printf("load: %.2f ms (driver JIT of the PTX)\n", lt.load_ms);
  printf("transfers: in %.3f ms, out %.3f ms\n", lt.transfer_in_ms, lt.transfer_out_ms);
  printf("kernel time: %.4f ms median of %d run%s (min %.4f, max %.4f)%s\n", lt.kernel_ms, lt.runs, lt.runs == 1 ? "" : "s",
         lt.kernel_min_ms, lt.kernel_max_ms, pj_device_target(dev) == PJ_TARGET_CUDA ? " [CUDA events]" : " [wall clock]");
  for (int p = 0; p < np; p++) {
    if (vals[p].ndim == 0) continue;
    char *s = pj_value_summary(&vals[p]);
    printf("  %s: %s\n", pj_source_param_name(src, k, (size_t)p), s);
    free(s);
  }
  return pj_save_outputs(c, src, k, vals);
}

/* Argument types: --sig, else the arguments given, else the decorator's eager signature. */
static int pj_pick_signature(const PjCli *c, const PjSource *src, int k, PjValue *vals, PjArgType *sig) {
  int np = (int)pj_source_param_count(src, k);
  char err[512];
  const char *text = c->sig ? c->sig : pj_source_kernel_signature(src, k);
  if (!text && !c->nargs && np == 0) return 0; /* a kernel without parameters */
  if (!text && !c->nargs) {
    fprintf(stderr, "pyjitc: kernel '%s' needs argument types: give --sig 'void(...)' or the arguments after --\n",
            pj_source_kernel_name(src, (size_t)k));
    return -1;
  }
  if (!text) {
    for (int p = 0; p < np; p++) sig[p] = (PjArgType){vals[p].dtype, vals[p].ndim, vals[p].ndim ? pj_value_layout(&vals[p]) : 'C'};
    return np;
  }
  int n = pj_signature_parse(text, sig, PJ_MAX_ARGS, err, sizeof err);
  if (n < 0) {
    fprintf(stderr, "pyjitc: %s\n", err);
    return -1;
  }
  /* [:] (any layout) compiles for the layout of the argument given, C-contiguous without one:
   * the same numbers, and the cheapest indexing */
  for (int p = 0; p < n; p++)
    if (sig[p].ndim && sig[p].layout == 'A') sig[p].layout = c->nargs && p < np && vals[p].ndim ? pj_value_layout(&vals[p]) : 'C';
  /* arguments given with a signature are converted to it, as numba does for eager signatures */
  for (int p = 0; c->nargs && p < np && p < n; p++) {
    if (sig[p].ndim != vals[p].ndim) {
      fprintf(stderr, "pyjitc: argument '%s' has %d dimension%s; the signature wants %d\n",
              pj_source_param_name(src, k, (size_t)p), vals[p].ndim, vals[p].ndim == 1 ? "" : "s", sig[p].ndim);
      return -1;
    }
    if (pj_value_cast(&vals[p], sig[p].dtype, err, sizeof err) != PJ_OK) {
      fprintf(stderr, "pyjitc: argument '%s': %s\n", pj_source_param_name(src, k, (size_t)p), err);
      return -1;
    }
  }
  return n;
}

static void pj_emit_texts(const PjCli *c, const PjSource *src, PjKernel *kern) {
  if (c->emit & PJ_EMIT_AST) {
    char *ast = pj_source_dump_ast(src);
    fputs(ast, stdout);
    free(ast);
  }
  const PjEmit order[] = {PJ_EMIT_TYPES, PJ_EMIT_TYPED_IR, PJ_EMIT_LLVM, PJ_EMIT_PTX};
  for (int i = 0; i < 4; i++)
    if ((c->emit & order[i]) && kern && pj_kernel_text(kern, order[i])) fputs(pj_kernel_text(kern, order[i]), stdout);
}

static int pj_main(PjCli *c) {
  size_t len;
  char why[4096];
  char *text = pj_file_read(c->file, PJ_MAX_SOURCE_BYTES, &len, why, sizeof why);
  if (!text) {
    fprintf(stderr, "pyjitc: %s\n", why);
    return 1;
  }
  PjDiags *diags = pj_diags_new();
  PjSource *src = pj_source_new(strcmp(c->file, "-") ? c->file : "<stdin>", text, len, diags);
  free(text);
  int rc = 1, k = -1;
  PjDevice *dev = NULL;
  PjKernel *kern = NULL;
  PjValue vals[PJ_MAX_ARGS] = {0};
  if (!src || (k = pj_source_find_kernel(src, c->kernel, diags)) < 0) goto done;
  if (c->emit == PJ_EMIT_AST && !c->launch && !c->time) {
    pj_emit_texts(c, src, NULL);
    rc = 0;
    goto done;
  }
  if (c->nargs && pj_bind_args(c, src, k, vals)) goto done;
  PjTarget target = c->target;
  if (c->launch) {
    char err[512];
    if (pj_device_open(target, 0, &dev, err, sizeof err) != PJ_OK) {
      fprintf(stderr, "pyjitc: %s\n", err);
      goto done;
    }
    target = pj_device_target(dev);
    printf("device: %s\n", pj_device_name(dev));
  } else if (target == PJ_TARGET_AUTO) {
    target = (c->emit & PJ_EMIT_PTX) || !getenv("PYJITC_TARGET") ? PJ_TARGET_CUDA
             : !strcmp(getenv("PYJITC_TARGET"), "cpu") ? PJ_TARGET_CPU : PJ_TARGET_CUDA;
  }
  if ((c->emit & PJ_EMIT_PTX) && target == PJ_TARGET_CPU) {
    fprintf(stderr, "pyjitc: --emit=ptx needs --target cuda (the CPU target makes native code)\n");
    goto done;
  }
  PjArgType sig[PJ_MAX_ARGS];
  int n = pj_pick_signature(c, src, k, vals, sig);
  if (n < 0) goto done;
  const char *arch = c->arch ? c->arch : dev && pj_device_arch(dev) ? pj_device_arch(dev) : "sm_90";
  PjCompileOptions opts = {target, arch, c->opt, c->emit, c->libdevice, c->debug, c->fastmath, c->max_registers,
                           c->lineinfo, c->noalias, c->narrow || (c->launch && pj_values_fit_int32(vals, n) &&
                                                         pj_grid_fits_int32(c->config.grid, c->config.block))};
  opts.passes = c->passes;
  PjStatus st;
  kern = pj_kernel_compile(src, k, sig, n, &opts, diags, &st);
  if (!kern) goto done;
  pj_emit_texts(c, src, kern);
  if (c->launch) pj_print_signature(stdout, src, k, sig, n);
  if (c->time || c->launch) pj_print_times(c->emit ? stderr : stdout, pj_kernel_times(kern));
  rc = c->launch ? pj_run_launch(c, dev, kern, src, k, vals) : 0;
done:
  if (pj_diags_count(diags)) pj_print_diags(c, diags);
  for (int i = 0; i < PJ_MAX_ARGS; i++) pj_value_free(&vals[i]);
  pj_kernel_delete(kern);
  pj_device_close(dev);
  pj_source_delete(src);
  pj_diags_delete(diags);
  return rc;
}

int main(int argc, char **argv) {
  PjCli c = {0};
  int rc = pj_parse_cli(&c, argc, argv);
  if (rc) return rc;
  return pj_main(&c);
}
