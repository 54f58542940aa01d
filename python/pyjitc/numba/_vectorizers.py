"""numba.cuda.vectorizers under pyjitc.numba: the two builders numba's own `@vectorize(...,
target="cuda")` and `@guvectorize(..., target="cuda")` ask numba.cuda for (numba installed), made
to build pyjitc's ufuncs. numba calls Builder(func, identity=, cache=, targetoptions=), then
.add(sig) per signature, .disable_compile() and .build_ufunc()."""

__all__ = ["CUDAVectorize", "CUDAGUFuncVectorize"]


class _Builder:
    def __init__(self, func, identity=None, cache=False, targetoptions=None, **_):
        self.pyfunc = func
        self.identity = identity
        self.options = {k: v for k, v in (targetoptions or {}).items() if k != "target"}
        self.sigs = []

    def add(self, sig=None):
        if sig is not None:
            self.sigs.append(sig)

    def disable_compile(self):
        pass


class CUDAVectorize(_Builder):
    def build_ufunc(self):
        from pyjitc._ufunc import UFunc
        return UFunc(self.pyfunc, list(self.sigs), "cuda", **self.options)


class CUDAGUFuncVectorize(_Builder):
    def __init__(self, func, signature, identity=None, cache=False, targetoptions=None, writable_args=(), **_):
        super().__init__(func, identity, cache, targetoptions)
        self.layout = signature

    def build_ufunc(self):
        from pyjitc._ufunc import GUFunc
        return GUFunc(self.pyfunc, list(self.sigs), self.layout, "cuda", **self.options)
