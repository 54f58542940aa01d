/* The text of code compiled from a string. A function made by exec() has no file to read its
 * source from, and pyjitc compiles source text. Python announces every compilation of source
 * text with the audit event "compile" (source, filename); remember_compiled, a C function that
 * pyjitc gives to sys.addaudithook, keeps the most recent texts whose file name is not a file
 * ("<string>" and the like), newest last, so that the dispatcher can find the text a function's
 * code came from. Kept small: at most PJ_SOURCES_KEPT texts of at most PJ_SOURCE_MAX characters. */
#include "core.h"

enum { PJ_SOURCES_KEPT = 128, PJ_SOURCE_MAX = 1 << 20 };

static PyObject *g_sources; /* list of (filename, source) */

/* remember_compiled(event, args): an audit hook; cheap for every other event */
PyObject *pj_remember_compiled(PyObject *self, PyObject *const *argv, Py_ssize_t argc) {
  (void)self;
  if (argc != 2 || !PyUnicode_Check(argv[0]) || PyUnicode_CompareWithASCIIString(argv[0], "compile") != 0 ||
      !PyTuple_Check(argv[1]) || PyTuple_Size(argv[1]) < 2)
    Py_RETURN_NONE;
  PyObject *source = PyTuple_GetItem(argv[1], 0), *filename = PyTuple_GetItem(argv[1], 1);
  if (!PyUnicode_Check(filename) || PyUnicode_GetLength(filename) < 1 || PyUnicode_ReadChar(filename, 0) != '<')
    Py_RETURN_NONE;
  Py_ssize_t size = PyBytes_Check(source) ? PyBytes_Size(source) : PyUnicode_Check(source) ? PyUnicode_GetLength(source) : -1;
  if (size < 0 || size > PJ_SOURCE_MAX) /* an AST or a buffer is no text to keep; nor is a huge text */
    Py_RETURN_NONE;
  if (!g_sources && !(g_sources = PyList_New(0))) {
    PyErr_Clear(); /* never fail a compilation for this */
    Py_RETURN_NONE;
  }
  Py_ssize_t n = PyList_Size(g_sources);
  for (Py_ssize_t i = 0; i < n; i++) /* a text kept already, compiled again (pyjitc checks one so) */
    if (PyTuple_GetItem(PyList_GetItem(g_sources, i), 1) == source)
      Py_RETURN_NONE;
  PyObject *entry = PyTuple_Pack(2, filename, source);
  if (!entry || PyList_Append(g_sources, entry) < 0 ||
      (n + 1 > PJ_SOURCES_KEPT && PyList_SetSlice(g_sources, 0, n + 1 - PJ_SOURCES_KEPT, NULL) < 0))
    PyErr_Clear();
  Py_XDECREF(entry);
  Py_RETURN_NONE;
}

PyObject *pj_exec_sources(PyObject *self, PyObject *noargs) {
  (void)self;
  (void)noargs;
  return g_sources ? PyList_GetSlice(g_sources, 0, PyList_Size(g_sources)) : PyList_New(0);
}
