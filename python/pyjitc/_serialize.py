"""Pickling kernels, device functions and configured launches by value, as numba-cuda does: a
dispatcher travels as its function's source text, the globals and closure values that text
reads, its signatures and options; unpickling rebuilds the function from that text and a new
dispatcher that compiles it again (in another process too, where the source file may not exist).

Modules travel by name (imported again on the other side); the dispatchers a function names
(device functions, itself), and theirs in turn, travel with it as one group, rebuilt together so
that recursive and mutually recursive functions find each other; other values (numbers, NumPy
arrays, module-level functions) go through pickle itself, so a value pickle refuses makes the
kernel refuse too, with pickle's error naming it."""
import builtins
import collections
import importlib
import pickle
import types as pytypes
import uuid
import weakref

_MODULE, _FUNCTION, _VALUE = "module", "function", "value"


def _encode(value, index, order):
    """A name's value as it travels: a module by name, a dispatcher as its place in the group
    (added to it when new), anything else as itself (pickled by pickle)."""
    from ._dispatcher import Dispatcher
    if isinstance(value, pytypes.ModuleType):
        return (_MODULE, value.__name__)
    if isinstance(value, Dispatcher):
        if id(value) not in index:
            index[id(value)] = len(order)
            order.append(value)
        return (_FUNCTION, index[id(value)])
    return (_VALUE, value)


# What a function's code gives its pickled state (file, source text, the names it reads), kept
# for as long as the code object lives: reading the source and the bytecode's names takes about
# 0.3 ms, and Dask pickles a kernel again with every task that names it. A code object's text and
# names do not change; the values of the names are read again at each pickling.
_read = weakref.WeakKeyDictionary()


def _read_code(fn):
    """(path, text, sorted names read) of fn, read once for its code object (a text pyjitc holds
    for the function itself, as a rebuilt one has, is taken as it is now)."""
    from ._dispatcher import _names
    from ._source import _source
    got = _read.get(fn.__code__)
    if got is None:
        path, text, _ = _source(fn)
        got = _read[fn.__code__] = (path, text, tuple(sorted(_names(fn.__code__))))
    if isinstance(getattr(fn, "_pyjitc_source", None), str):
        return fn.__code__.co_filename, fn._pyjitc_source, got[2]
    return got


def function_state(fn, index, order):
    """What rebuilds `fn`: (name, qualname, module name, source text at its own lines, file name,
    {name: encoded value} of the globals and closure cells the code reads, defaults)."""
    code = fn.__code__
    path, text, read = _read_code(fn)
    cells = {}
    for name, cell in zip(code.co_freevars, fn.__closure__ or ()):
        try:
            cells[name] = cell.cell_contents
        except ValueError:  # never assigned: the rebuilt function reports the name as unbound
            pass
    names = {}
    for dotted in read:
        head = dotted.split(".", 1)[0]
        if head in names:
            continue
        if head in cells:
            names[head] = _encode(cells[head], index, order)
        elif head in fn.__globals__:
            names[head] = _encode(fn.__globals__[head], index, order)
    return (fn.__name__, fn.__qualname__, fn.__module__, text, path, names, fn.__defaults__)


def _compile_function(state):
    """The function `state` describes, compiled from its text in a namespace of its names (the
    dispatchers it names are filled in by the caller), and that namespace."""
    name, qualname, module, text, path, names, defaults = state
    namespace = {"__builtins__": builtins, "__name__": module or "__main__"}
    for n, (kind, value) in names.items():
        if kind == _MODULE:
            namespace[n] = importlib.import_module(value)
        elif kind == _VALUE:
            namespace[n] = value
    exec(builtins.compile(text, path, "exec", dont_inherit=True), namespace)
    fn = namespace["pj_lambda" if name == "<lambda>" else name]  # a lambda's text is `def pj_lambda(...)`
    fn.__name__ = name
    fn.__qualname__ = qualname
    fn.__defaults__ = defaults
    fn._pyjitc_source = text  # the text the compiler reads (the file may differ or be gone)
    return fn, namespace


# A pickled dispatcher carries an identity of its own (made when it is first pickled), and a
# process rebuilds each identity once: a Dask worker unpickles the kernel with every task that
# names it, and a new dispatcher each time would compile the kernel again for every task. The
# process that pickled it gets the dispatcher itself back. The last 64 rebuilt stay alive
# between the tasks that use them (a task's arguments are dropped when it ends).
_rebuilt = weakref.WeakValueDictionary()
_recent = collections.deque(maxlen=64)


def _identity(d):
    key = getattr(d, "_pickle_id", None)
    if key is None:
        key = d._pickle_id = uuid.uuid4().hex
        _rebuilt[key] = d
    return key


def rebuild_dispatchers(entries, key=None):
    """The dispatchers of a pickled group, rebuilt together (so that functions calling each
    other, or themselves, find each other); the first is the one that was pickled. Once a
    process: the same `key` again gives the same dispatcher."""
    if key is not None:
        known = _rebuilt.get(key)
        if known is not None:
            return known
    d = _rebuild_group(entries)
    if key is not None:
        d._pickle_id = key
        _rebuilt[key] = d
        _recent.append(d)
    return d


def _rebuild_group(entries):
    from ._dispatcher import Dispatcher
    compiled = [_compile_function(e[0]) for e in entries]  # (function, its namespace)
    dispatchers = [None] * len(entries)

    def wire(k):  # dispatchers[k] into every namespace that names it
        for (state, *_), (_, namespace) in zip(entries, compiled):
            for n, (kind, value) in state[5].items():
                if kind == _FUNCTION and value == k:
                    namespace[n] = dispatchers[k]

    # kernels with signatures compile when made: the device functions they call come first
    for k in sorted(range(len(entries)), key=lambda k: bool(entries[k][2]) and not entries[k][1]):
        state, device, sigs, eager, options = entries[k]
        dispatchers[k] = Dispatcher(compiled[k][0], device, sigs, options)
        if eager and not sigs:  # a specialized dispatcher: the argument types it was made for
            dispatchers[k]._eager = list(eager)
        wire(k)
    return dispatchers[0]


def reduce_dispatcher(d):
    index, order, entries = {id(d): 0}, [d], []
    k = 0
    while k < len(order):  # the dispatchers this one reaches through its names, each once
        x = order[k]
        entries.append((function_state(x.py_func, index, order), x.device, list(x._sigs),
                        [tuple(t) for t in x._eager], {name: v for name, v in x.options.items() if name != "cache"}))
        k += 1
    return rebuild_dispatchers, (entries, _identity(d))


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
