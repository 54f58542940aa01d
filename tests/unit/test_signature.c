/* Unit test of api/signature.c: numba signature strings, every accepted form and the errors. */
#include <pyjitc.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

/* Parses text and compares with `want` ("f4:0 f4:1 i8:2", element short names and ndims). */
static void check_sig(const char *text, const char *want) {
  PjArgType args[PJ_MAX_DIMS * 2];
  char err[256] = "", got[256] = "";
  int n = pj_signature_parse(text, args, (int)(sizeof args / sizeof args[0]), err, sizeof err);
  if (n < 0) {
    printf("'%s' rejected: %s\n", text, err);
    failed++;
    return;
  }
  static const char *const short_names[PJ_DTYPE_COUNT] = {"b1", "i1", "i2", "i4", "i8", "u1",
                                                          "u2", "u4", "u8", "f4", "f8", "c8", "c16", "f2"};
  size_t len = 0;
  for (int i = 0; i < n; i++)
    len += (size_t)snprintf(got + len, sizeof got - len, "%s%s:%d", i ? " " : "", short_names[args[i].dtype], args[i].ndim);
  if (strcmp(got, want) != 0) printf("'%s': got '%s', want '%s'\n", text, got, want);
  CHECK(strcmp(got, want) == 0 && err[0] == '\0');
}

static void check_error(const char *text, const char *want) {
  PjArgType args[4];
  char err[256] = "";
  int n = pj_signature_parse(text, args, 4, err, sizeof err);
  if (n != -1) printf("'%s' accepted with %d arguments\n", text, n);
  CHECK(n == -1 && err[0] != '\0');
  if (want && strcmp(err, want) != 0) printf("'%s': got '%s', want '%s'\n", text, err, want);
  if (want) CHECK(strcmp(err, want) == 0);
}

static void test_forms(void) {
  check_sig("void(float32, float32[:], int64[:, :], float64[:,:,::1])", "f4:0 f4:1 i8:2 f8:3");
  check_sig("(float32, int32[:])", "f4:0 i4:1");
  check_sig("float32, int32[:]", "f4:0 i4:1");
  check_sig("void()", "");
  check_sig("()", "");
  check_sig("  void ( f4 [ : ] , i8 , u1[::1] , b1[:, ::1] )  ", "f4:1 i8:0 u1:1 b1:2");
  check_sig("none(float64)", "f8:0");
  check_sig("void(f8, f4, i8, i4, i2, i1, u8, u4, u2, u1, b1)", "f8:0 f4:0 i8:0 i4:0 i2:0 i1:0 u8:0 u4:0 u2:0 u1:0 b1:0");
  check_sig("void(bool, boolean, int, float, double, intp, uintp)", "b1:0 b1:0 i8:0 f8:0 f8:0 i8:0 u8:0");
  check_sig("void(uint8[:,:,:,:,:,:,:,::1])", "u1:8");
  check_sig("void(float32[:],)", "f4:1");
  check_sig("int16[:]", "i2:1");
}

static void test_limits(void) {
  PjArgType args[2];
  char err[128];
  CHECK(pj_signature_parse("(float32, int8)", args, 2, err, sizeof err) == 2 && args[1].dtype == PJ_INT8);
  CHECK(pj_signature_parse("(float32, int8, int8)", args, 2, err, sizeof err) == -1 &&
        strcmp(err, "more than 2 arguments at column 17 in signature '(float32, int8, int8)'") == 0);
  CHECK(pj_signature_parse("()", NULL, 0, err, sizeof err) == 0);
  CHECK(pj_signature_parse("(f4)", NULL, 0, NULL, 0) == -1);
  CHECK(pj_signature_parse(NULL, args, 2, err, sizeof err) == -1 && err[0]);
  char tiny[6];
  CHECK(pj_signature_parse("(flaot32)", args, 2, tiny, sizeof tiny) == -1 && strlen(tiny) == 5);
}

static void test_errors(void) {
  check_error("void(flaot32)", "unknown type 'flaot32' at column 6 in signature 'void(flaot32)'");
  check_error("float32(int32)",
              "a kernel returns nothing: its return type must be void, not 'float32' at column 1 in signature "
              "'float32(int32)'");
  check_error("void(float32[:, ::1, :])",
              "'::1' is allowed on the first or the last dimension only at column 17 in signature "
              "'void(float32[:, ::1, :])'");
  check_error("void(float32", "unexpected end, expected ')' at column 13 in signature 'void(float32'");
  check_error("void(float32[:)", "expected ']', found ')' at column 15 in signature 'void(float32[:)'");
  check_error("", "empty signature at column 1 in signature ''");
  static const char *const bad[] = {
    "   ", "void", "void(", "void(,)", "void(float32,,int32)", "void(float32[])", "void(float32[1:])",
    "void(float32[::2])", "void(float32[:::])", "void(float32[:] [:])", "void(float32) x", "void(float32))",
    "(float32 int32)", "void(float8)", "void(complex32)", "void(float32[:,:,:,:,:,:,:,:,:])", "float32[:",
    "void(float32[:][:])", "[:]", "void(:)", "void(1)", "void(float32)(int32)", "f4,,", ",", "void(f4 [:])x",
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) check_error(bad[i], NULL);
}

/* Random strings from the syntax's own characters are parsed or rejected cleanly. */
static void test_fuzz(void) {
  static const char alphabet[] = "voidflat3264[]::1,, ()()";
  uint64_t state = 99;
  int clean = 1;
  for (int round = 0; round < 20000; round++) {
    char text[32], err[128];
    int len = round % 31;
    for (int i = 0; i < len; i++) {
      state = state * 6364136223846793005u + 1442695040888963407u;
      text[i] = alphabet[(state >> 33) % (sizeof alphabet - 1)];
    }
    text[len] = '\0';
    PjArgType args[4];
    int n = pj_signature_parse(text, args, 4, err, sizeof err);
    clean &= (n >= 0 && n <= 4) || (n == -1 && err[0] != '\0');
  }
  CHECK(clean);
}

/* numba's layouts: '::1' last is C, first (of several) F, none A */
static void test_layouts(void) {
  static const struct { const char *text; char layout; } rows[] = {
      {"void(float32[::1])", 'C'}, {"void(float32[:])", 'A'}, {"void(float32[:, ::1])", 'C'},
      {"void(float32[::1, :])", 'F'}, {"void(float32[:, :])", 'A'}, {"void(float32[::1, :, :])", 'F'},
  };
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
    PjArgType a[2];
    char err[256] = "";
    int n = pj_signature_parse(rows[i].text, a, 2, err, sizeof err);
    if (n != 1 || a[0].layout != rows[i].layout) printf("'%s': layout '%c'\n", rows[i].text, n == 1 ? a[0].layout : '?');
    CHECK(n == 1 && a[0].layout == rows[i].layout);
  }
}

int main(void) {
  test_forms();
  test_limits();
  test_errors();
  test_layouts();
  test_fuzz();
  printf("%d passed, %d failed\n", passed, failed);
  return failed != 0;
}
