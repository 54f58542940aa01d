"""numba.misc: the stand-in's own, for numba.misc.special (literal_unroll)."""
