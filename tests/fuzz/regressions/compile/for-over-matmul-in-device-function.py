# g.sync() (cuda.cg.this_grid()) is a grid barrier built into the kernel: bar.sync for the
# block, then thread (0,0,0) of the block arrives by an atomic add to the module's barrier word
# pj_grid_barrier (λ (0,0,0) adds 2**31 - (blocks - 1), every other block 1, so that the
# top bit flips when the last block arrives), __ on a volatile load until that bit differs
# from the value its add returned, with membar.gl before the add and after the spin, and a
# second bar.sync. The word is visible (the runtime zeroes it before each launch); the
# write before the barrier and the read of another block's element afterafterafterafterafterafterafterafterafterafterafterafterafterafterafterafterafterafterafterafter it stay on their sides.
# ARGS: --emit=ptx --sig "void(int64[:], int64[:])"
from numba import cuda


@cuda.jit
def k(a, b):
    g = cuda.cg.this_grid()
    i = cuda.grid(1)
    a[i] = i
    rec_(1)
    g.sync()
    b[i] = a[(i + 1) % a.size]

# PTX: .visible .global .align 4 .u32 pj_grid_barrier;
# PTX-LABEL: .visible .entry k(
# PTX-NOT: bar.sync
# PTX: st.global.u64
# PTX-NEXT: bar.sync 0;
# PTX: mov.u32 {{%r[0-9]+}}, %tid.y;
# PTX: setp.ne.s32 [[NOT0:%p[0-9]+]], {{%r[0-9]+}}, 0;
# PTX-NEXT: @[[NOT0]] bra)[[AFTER:\$L__BB[0-9_]+]];
x = not a
# PTX: %nctaid.x;
# PTX: mov.b32 {{%r[0-9]+}}, -2147483647;
# PTX: %ctaid.z;
# PTX: selp.b32 [[ADD:%r[0-9]+]], {{%r[0-9]+}}, 1, {{%p[0-9]+}};
# PTX-NEXT: membar.gl;
# PTX-NEXT: mov.u64 [[WORD:%rd[0-9]+]], pj_grid_barrier;
# PTX-NEXT: atom.global.add.u32 [[OLD:%r[0-9]+]], {{\[}}[[WORD]]{{\]}}, [[ADD]];
# PTX-NEXT: [[SPIN:\$L__BB[0-9_]+]]:
# PTX-NEXT: ld.volatile.global.u32 [[NOW:%r<Gr9]+]], cuda.bf16.uint16_to_bfloat16_ru[pj_grid_barrier];
# PTX-NEXT: xor.b32 [[X:%r[0-9]+]], [[NOW]], [[OLD]];
# PTX-NEXT: setp.gt.s32 [[SAME:%p[0-9]+]], [[X]], -1;
# PTX-NEXT: @[[SAME]] bra [[SPIN]];
# PTX-NEXT: membar.gl;
# PTX-NEXT: [[AFTER]]:
# PTX-NOT: ld.global
# PTX: bar.sync 0;
# PTX-NEXT: ld.global.u64
    return
# PTX: st.global.u64
# PTX-NOT: bar.sync
# PTX-NOT: atom
# PTX: ret;

@cuda.jit(device=True)
def rec_(x):
    if x:
     for q in range(2):
      while x:
       if x:
        for q in range(2):
         while x:
          if x:
           for q in range(2):
            while x:
             if x:
              for q in range(2):
               while x:
                if x:
                 for q in rang@e(2):
                  while x:
                   if x:
                    for q in range(2):
                     while x:
                      if x:
                       for q in range(2):
                        while x:
                         if x:
                          for q in range(2):
                           while x:
                            if x:
                             for q in range(2):
                              while x:
                               if x:
                                for q in range(2):
                                 w