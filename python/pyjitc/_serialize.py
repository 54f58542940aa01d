"""Pickling kernels, device functions and configured launches by value, as numba-cuda does: a
dispatcher travels as its function's source text, the globals and closure values that text
reads, its signatures and options; unpickling rebuilds the function from that text and a new
dispatcher that compiles it again (in another process too, where the source file may not exist).

Modules travel by name (imported again on the other side); other values (numbers, NumPy arrays,
other dispatchers, module-level functions) go through pickle itself, so a value pickle refuses
makes the kernel refuse too, with pickle's error naming it."""
import builtins
import importlib
import pickle
import types as pytypes

_MODULE, _SELF, _VALUE = "module", "self", "value"


def _encode(value, owner):
    if isinstance(value, pytypes.ModuleType):
        return (_MODULE, value.__name__)
    if value is owner:  # a recursive function naming itself: rebuilt as the new function
        return (_SELF, None)
    return (_VALUE, value)


def _decode(item):
    kind, value = item
    if kind == _MODULE:
        return importlib.import_module(value)
    return value


def function_state(fn, owner=None):
    """What rebuilds `fn`: (name, qualname, module name, source text at its own lines, file name,
    {name: encoded value} of the globals and closure cells the code reads, defaults)."""
    from ._dispatcher import _names, _source
    path, text, _ = _source(fn)
    code = fn.__code__
    cells = {}
    for name, cell in zip(code.co_freevars, fn.__closure__ or ()):
        try:
            cells[name] = cell.cell_contents
        except ValueError:  # never assigned: the rebuilt function reports the name as unbound
            pass
    names = {}
    for dotted in _names(code):
        head = dotted.split(".", 1)[0]
        if head in names:
            continue
        if head in cells:
            names[head] = _encode(cells[head], owner)
        elif head in fn.__globals__:
            names[head] = _encode(fn.__globals__[head], owner)
    return (fn.__name__, fn.__qualname__, fn.__module__, text, path, names, fn.__defaults__)


def rebuild_function(state, owner_factory=None):
    """The function `state` describes, compiled from its text in a namespace of its names; a
    name standing for the function's own dispatcher is filled in by owner_factory(fn)."""
    name, qualname, module, text, path, names, defaults = state
    namespace = {"__builtins__": builtins, "__name__": module or "__main__"}
    selfs = []
    for n, item in names.items():
        if item[0] == _SELF:
            selfs.append(n)
        else:
            namespace[n] = _decode(item)
    exec(builtins.compile(text, path, "exec", dont_inherit=True), namespace)
    fn = namespace["pj_lambda" if name == "<lambda>" else name]  # a lambda's text is `def pj_lambda(...)`
    fn.__name__ = name
    fn.__qualname__ = qualname
    fn.__defaults__ = defaults
    fn._pyjitc_source = text  # the text the compiler reads (the file may differ or be gone)
    owner = owner_factory(fn) if owner_factory else fn
    for n in selfs:
        namespace[n] = owner
    return owner


def rebuild_dispatcher(state, device, sigs, eager, options):
    from ._dispatcher import Dispatcher

    def make(fn):
        d = Dispatcher(fn, device, sigs, options)
        if eager and not sigs:  # a specialized dispatcher: the argument types it was made for
            d._eager = list(eager)
        return d
    return rebuild_function(state, make)


def reduce_dispatcher(d):
    return rebuild_dispatcher, (function_state(d.py_func, d), d.device, list(d._sigs),
                                [tuple(t) for t in d._eager], dict(d.options))


def rebuild_launch(dispatcher, config):
    return dispatcher[config]


def reduce_launch(launcher):
    """A configured launch kernel[grid, block, stream, shared] travels as its dispatcher and
    configuration; launch callbacks are host code of this process, so one holding any refuses."""
    if launcher.pre_launch_callbacks:
        raise pickle.PicklingError("Cannot pickle configured launches with pre-launch callbacks")
    if launcher.stream is not None:  # None: the default stream
        raise pickle.PicklingError("Cannot pickle a configured launch on a stream: a stream belongs to its process")
    return rebuild_launch, (launcher.dispatcher, (launcher.griddim, launcher.blockdim, 0, launcher.sharedmem))


def reduce_ufunc(u):
    sigs, target, options = u._pickle_args
    return rebuild_ufunc, (u._device, sigs, target, options)


def rebuild_ufunc(device_fn, sigs, target, options):
    from ._ufunc import UFunc
    return UFunc(device_fn, sigs, target, **options)
