# f-strings and str.format() in kernels: what Python refuses for the value's type (its own
# ValueError text), what the device printf cannot print, and where they may not stand.
# ARGS: --emit=types --sig "void(float64[:], int64[:], boolean[:], complex128[:], float32[:,:])"
from numba import cuda


@cuda.jit
def k(a, n, b, z, m):
    i = cuda.grid(1)
    x = a[i]
    print(f"{x:d}")  # expect error@16: Unknown format code 'd' for object of type 'float'
    print(f"{n[i]:.3}")  # expect error@19: Precision not allowed in integer format specifier
    print(f"{n[i]:,x}")  # expect error@19: Cannot specify ',' with 'x'.
    print(f"{n[i]:s}")  # expect error@19: Unknown format code 's' for object of type 'int'
    print(f"{b[i]:s}")  # expect error@19: Unknown format code 's' for object of type 'bool'
    print(f"{n[i]:z}")  # expect error@19: Negative zero coercion (z) not allowed in integer format specifier
    print(f"{n[i]:c}")  # expect error@19: the character type 'c' of int values is not supported in kernels
    print(f"{n[i]:n}")  # expect error@19: the locale's type 'n' of int values is not supported in kernels
    print(f"{x:^10.2f}")  # expect error@16: centring of float values is not supported in kernels
    print(f"{x:*>10.2f}")  # expect error@16: a fill other than spaces of float values is not supported
    print(f"{x:*=10.2f}")  # expect error@16: '=' alignment with a fill other than 0 or space of float values
    print(f"{x:,.2f}")  # expect error@16: digit grouping of float values is not supported in kernels
    print(f"{x:.3}")  # expect error@16: a precision without a type
    print(f"{x:z.1f}")  # expect error@16: negative zero coercion (z) of float values
    print(f"{x:<9.1%}")  # expect error@16: left alignment of the '%' type of float values
    print(f"{x!r:.3}")  # expect error@18: a precision (truncation) of the text of float values
    print(f"{x!s:+}")  # expect error@18: Sign not allowed in string format specifier
    print(f"{x!s:=5}")  # expect error@18: '=' alignment not allowed in string format specifier
    print(f"{z[i]}")  # expect error@13: a complex number without a type ('{z}') is not supported in kernels
    print(f"{z[i]:10.2f}")  # expect error@19: a width of complex values is not supported in kernels
    print(f"{z[i]:%}")  # expect error@19: Unknown format code '%' for object of type 'complex'
    print(f"{z[i]:010.2f}")  # expect error@19: Zero padding is not allowed in complex format specifier
    print(f"{(x, 1):>5}")  # expect error@21: unsupported format string passed to tuple.__format__
    print(f"{m}")  # expect error@14: an f-string or format() cannot print array(float32, 2d, C) in a kernel
    print(f"{'abc'!r}")  # expect error@13: the repr of a string is not supported in kernels
    print(f"{'abc':>+5}")  # expect error@20: Sign not allowed in string format specifier
    print(f"{x:>2000}")  # expect error@16: a width or precision over 1000 in a format spec
    print("{:e}|{:x}".format(x, x))  # expect error@19: Unknown format code 'x' for object of type 'float'
    s = f"{x:.2f}"  # expect error@9: an f-string or str.format() is supported in kernels only as an argument of print()
    t = "{}".format(x)  # expect error@9: an f-string or str.format() is supported in kernels only as an argument of print()
    print(f"{f'{x}'}")  # expect error@14: an f-string inside an f-string is not supported in kernels
    print(f"{n[0]:x}{n[1]:x}{n[2]:x}{n[3]:x}{n[4]:x}{n[5]:x}{n[6]:x}{n[7]:x}",  # expect error@5: this print() needs 36 printf values
          f"{n[8]:x}{n[9]:x}{n[10]:x}{n[11]:x}", f"{x:010f}{x:010f}{x:010f}{x:010f}{x:010f}{x:010f}")
    print(f"{x:F}{x:.1F}{x:E}", f"{z[i]:.2F}", "{:+F}".format(x))  # expect error@5: this print() has 5 fields of type 'F'
