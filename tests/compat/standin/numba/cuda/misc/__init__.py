"""numba.cuda.misc: the stand-in's own, for numba.cuda.misc.special (literal_unroll)."""
