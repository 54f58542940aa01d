/* The on-disk cache (runtime/cache.h): entries round-trip, a damaged or truncated entry is
 * refused and removed, different keys get different entries, and PYJITC_CACHE=0 turns it off. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runtime/cache.h"
#include "tests/unit/check.h"

static size_t file_size(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 ? (size_t)st.st_size : 0;
}

int main(void) {
  char dir[] = "/tmp/pj_cache_test_XXXXXX";
  CHECK(mkdtemp(dir) != NULL);
  char sub[256];
  snprintf(sub, sizeof sub, "%s/nested/dir", dir);
  setenv("PYJITC_CACHE_DIR", sub, 1);
  unsetenv("PYJITC_CACHE");

  const char key[] = "sm_90|driver 13000|ptx text";
  char *path = pj_cache_path("cubin", key, sizeof key);
  CHECK(path != NULL && strncmp(path, sub, strlen(sub)) == 0 && strstr(path, ".cubin") != NULL);
  char *other = pj_cache_path("cubin", "sm_80|driver 13000|ptx text", sizeof key);
  CHECK(other != NULL && strcmp(path, other) != 0);

  void *data = NULL;
  size_t len = 0;
  CHECK(!pj_cache_read(path, &data, &len)); /* nothing there yet */
  unsigned char payload[1000];
  for (int i = 0; i < 1000; i++) payload[i] = (unsigned char)(i * 7 + 3);
  pj_cache_write(path, payload, sizeof payload);
  CHECK(file_size(path) == sizeof payload + 20);
  CHECK(pj_cache_read(path, &data, &len));
  CHECK(len == sizeof payload && data && memcmp(data, payload, len) == 0);
  free(data);

  /* a flipped byte: refused, and the entry is gone */
  FILE *f = fopen(path, "r+b");
  CHECK(f != NULL);
  fseek(f, 500, SEEK_SET);
  fputc(0xAB ^ payload[480], f);
  fclose(f);
  CHECK(!pj_cache_read(path, &data, &len));
  CHECK(access(path, F_OK) != 0);

  /* a truncated entry (a writer that died): refused too */
  pj_cache_write(path, payload, sizeof payload);
  CHECK(truncate(path, 300) == 0);
  CHECK(!pj_cache_read(path, &data, &len));
  CHECK(access(path, F_OK) != 0);

  setenv("PYJITC_CACHE", "0", 1);
  CHECK(pj_cache_path("cubin", key, sizeof key) == NULL);
  free(path);
  free(other);
  char cmd[300];
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  CHECK(system(cmd) == 0);
  printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}
