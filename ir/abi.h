/* What the runtime needs to know of a compiled kernel, and nothing of how it was compiled.
 *
 * Parameter ABI, the same on both targets: the kernel's parameters are flattened in order;
 * a scalar argument is one parameter of its dtype (bool as one byte); an array argument is its
 * data pointer followed by `ndim` int64 extents (C-contiguous: strides follow from them).
 * An array of layout 'F' or 'A' also passes its `ndim` strides in bytes, after the extents; an
 * array of records always does; a single record is a pointer and an extent (1); a pointer
 * (CPointer, layout 'P') is its address.
 * On the GPU these are the kernel's .param list (cuLaunchKernel's kernelParams); on the CPU the
 * entry receives the same list as an array of pointers to the values. */
#ifndef PJ_IR_ABI_H
#define PJ_IR_ABI_H

#include <pyjitc.h>
#include <stdbool.h>

/* The block the CPU executor asks the entry to run. Layout shared with backend/ codegen. */
typedef struct PjCpuGrid {
  uint32_t grid[3];      /* gridDim */
  uint32_t block[3];     /* blockDim */
  uint32_t block_idx[3]; /* blockIdx of the block to run */
  uint32_t shared_bytes; /* dynamic shared memory per block (the launch's shared_bytes) */
  /* A kernel with a grid barrier (PjKernelCode.grid_sync) runs every block of the grid at once,
   * each in a thread of its own; at each g.sync() a block with live threads calls
   * grid_sync(sync), which returns when every block of the grid has called it: 0, or nonzero
   * when a block finished without reaching it (the launch then fails). NULL otherwise. */
  void *sync;
  int (*grid_sync)(void *sync);
  /* The executor's interrupt word (pj_cpu_interrupt): the kernel polls it (a relaxed atomic
   * load) at the back edges of its loops and, once it is nonzero, calls interrupted(), which
   * does not return: it abandons the block's run (the executor stops the launch). */
  const int *interrupt;
  void (*interrupted)(void);
  /* Block mode: the block's local arrays (every thread's copy) and dynamic shared memory come
   * from scratch(grid, bytes), memory 16-byte aligned that the executor's thread owns and takes
   * back when the block returns or is abandoned (an interrupt), never from malloc. */
  void *(*scratch)(const struct PjCpuGrid *grid, uint64_t bytes);
  void *scratch_state;
  /* The lowest stack address a recursive device function may enter below (the executor's
   * thread's stack, less a margin): deeper, the call records PJ_KERNEL_ERROR_RECURSION and
   * returns, instead of overflowing the stack. 0: unchecked. */
  uintptr_t stack_limit;
} PjCpuGrid;

/* Runs every thread of one block (kernels without barriers). */
typedef void (*PjCpuEntry)(void **params, const PjCpuGrid *grid);

/* What a kernel records of its first failed check (the global "pj_error" in its module, present
 * when compiled with debug checks or, on the CPU, when it has barriers or collectives). Layout
 * shared with backend/ codegen. */
enum {
  PJ_KERNEL_ERROR_INDEX = 1,      /* debug=True: an index out of bounds (axis, index, extent) */
  PJ_KERNEL_ERROR_DIVERGENT = 2,  /* CPU: control flow around cuda.syncthreads() differs within a block */
  PJ_KERNEL_ERROR_GRID_SYNC = 3,  /* CPU: a block waits at g.sync() while another block has finished */
  PJ_KERNEL_ERROR_RAISE = 4,      /* debug=True: a raise statement ran (line, col: the statement's) */
  PJ_KERNEL_ERROR_ZERO_DIVISION = 5, /* debug=True: a division or modulo by zero (not under fastmath for floats) */
  PJ_KERNEL_ERROR_TUPLE_INDEX = 6,   /* debug=True: a run-time tuple index out of range (index, extent) */
  PJ_KERNEL_ERROR_RESHAPE = 7,       /* debug=True: a.reshape(...) to another size, or with more than one
                                        negative extent (index: how many negative, extent: the size) */
  PJ_KERNEL_ERROR_RECURSION = 8,     /* CPU: a recursive device function went deeper than the thread's stack
                                        holds (PjCpuGrid.stack_limit) */
};

typedef struct PjKernelError {
  uint32_t flag;           /* 0: none; else a PJ_KERNEL_ERROR_ kind */
  int32_t line, col;       /* of the indexing in the source */
  int32_t axis;
  int64_t index, extent;
  uint32_t thread[3], block[3];
} PjKernelError;

#define PJ_KERNEL_ERROR_SYMBOL "pj_error"

/* What a GPU holds, refused beyond on every target (backend/codegen.c): local arrays a thread
 * (ptxas' 0x80000 bytes of local data; the CPU executor's thread stacks are sized from it,
 * runtime/cpu.c) and static shared arrays a block (0xc000 bytes). */
#define PJ_GPU_MAX_LOCAL (512u * 1024u)
#define PJ_GPU_MAX_STATIC_SHARED (48u * 1024u)
/* GPU: the uint32 word of a kernel's grid barriers (backend/target.c), present when it has one;
 * the runtime zeroes it before each launch. */
#define PJ_GRID_BARRIER_SYMBOL "pj_grid_barrier"

/* One input of the driver's linker besides the kernel's PTX (cuda.declare_device's link files);
 * kind is CUDA's CUjitInputType. */
enum { PJ_LINK_CUBIN = 0, PJ_LINK_PTX = 1, PJ_LINK_FATBIN = 2, PJ_LINK_OBJECT = 3, PJ_LINK_LIBRARY = 4 };
typedef struct PjLinkInput {
  int kind;
  const void *data;
  size_t size;
  const char *name;
} PjLinkInput;

typedef struct PjKernelCode {
  PjTarget target;           /* PJ_TARGET_CUDA or PJ_TARGET_CPU */
  const char *name;          /* the kernel's Python name */
  const char *entry;         /* CUDA: the .entry symbol in the PTX */
  const char *ptx;           /* CUDA: NUL-terminated PTX */
  PjCpuEntry cpu_entry;      /* CPU: native entry, valid while the PjKernel lives */
  int nargs;
  const PjArgType *args;     /* the signature it was compiled for */
  const char *file;          /* the kernel's source file, for messages */
  bool debug;                /* compiled with checks: the module has PJ_KERNEL_ERROR_SYMBOL */
  PjKernelError *cpu_error;  /* CPU: that record's address, valid while the PjKernel lives */
  uint64_t static_shared;    /* bytes of cuda.shared.array per block with a constant shape */
  const PjLinkInput *links;  /* CUDA: code linked with the PTX (foreign functions) */
  int nlinks;
  bool grid_sync;            /* it synchronises its whole grid (g.sync()): launched cooperatively, every
                              * block at once, at most pj_loaded_max_cooperative_blocks of them */
  uint32_t max_threads;      /* its launch_bounds' most threads per block (PTX .maxntid), 0: none */
} PjKernelCode;

/* The message for a recorded failure, in err. */
PjStatus pj_kernel_error_report(const PjKernelCode *code, const PjKernelError *e, char *err, size_t errlen);

/* Number of flattened parameters of one argument, and of a whole signature. */
/* A pointer parameter (numba's CPointer(dtype)): ndim 0 and layout 'P'; one parameter, the address
 * (a launch passes it as an integer, uint64). */
static inline bool pj_abi_pointer(const PjArgType *a) { return a->ndim == 0 && a->layout == 'P' && !a->record; }
static inline bool pj_abi_strided(const PjArgType *a) {
  return a->ndim > 0 && ((a->layout && a->layout != 'C') || a->record);
}
static inline int pj_abi_param_count(const PjArgType *a) {
  if (a->record && a->ndim == 0) return 2; /* a single record: its address and an extent of 1 */
  if (pj_abi_pointer(a)) return 1;
  if (a->ndim == 0) return a->dtype == PJ_COMPLEX64 || a->dtype == PJ_COMPLEX128 ? 2 : 1; /* complex: real, imaginary */
  return 1 + a->ndim * (pj_abi_strided(a) ? 2 : 1);
}

#endif
