# tree-sitter-python reads the field {x:=#8x} (x with the spec "=#8x") as x := then a comment,
# which breaks the rest of the line; the error says so at the '#' (pyjitc reads {x:=^9} and
# {x:=+8} as Python does).
# ARGS: --emit=types --sig "void(int64[:])"
from numba import cuda


@cuda.jit
def k(n):
    x = n[0]
    print(f"{x:=^9}|{x:=#8x}")  # expect error@25: give the '=' alignment a fill, as in '{x: =#10x}'
