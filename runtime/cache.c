/* runtime/: the on-disk cache (runtime/cache.h). */
#include "runtime/cache.h"

#include <pyjitc.h>

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static uint64_t pj_fnv1a(const void *data, size_t len, uint64_t h) {
  const unsigned char *p = data;
  for (size_t i = 0; i < len; i++) {
    h ^= p[i];
    h *= 0x100000001b3ull;
  }
  return h;
}

/* Two 64-bit hashes of the same bytes from different starting points, mixed: 128 bits. */
static void pj_hash128(const void *data, size_t len, uint64_t out[2]) {
  out[0] = pj_fnv1a(data, len, 0xcbf29ce484222325ull);
  out[1] = pj_fnv1a(data, len, 0x84222325cbf29ce4ull ^ (uint64_t)len);
  out[1] ^= out[0] >> 29;
}

static bool pj_mkdirs(const char *dir) {
  char tmp[4096];
  if (strlen(dir) >= sizeof tmp) return false;
  strcpy(tmp, dir);
  for (char *p = tmp + 1; *p; p++) {
    if (*p != '/') continue;
    *p = 0;
    if (mkdir(tmp, 0755) != 0 && errno != EEXIST) return false;
    *p = '/';
  }
  return mkdir(tmp, 0755) == 0 || errno == EEXIST;
}

char *pj_cache_path(const char *kind, const void *key, size_t key_len) {
  const char *off = getenv("PYJITC_CACHE");
  if (off && strcmp(off, "0") == 0) return NULL;
  const char *dir = getenv("PYJITC_CACHE_DIR");
  char base[4096];
  if (dir && *dir) snprintf(base, sizeof base, "%s", dir);
  else if (getenv("XDG_CACHE_HOME") && *getenv("XDG_CACHE_HOME")) snprintf(base, sizeof base, "%s/pyjitc", getenv("XDG_CACHE_HOME"));
  else if (getenv("HOME") && *getenv("HOME")) snprintf(base, sizeof base, "%s/.cache/pyjitc", getenv("HOME"));
  else return NULL;
  if (!pj_mkdirs(base)) return NULL;
  uint64_t h[2];
  pj_hash128(key, key_len, h);
  char *path = NULL;
  if (asprintf(&path, "%s/%016llx%016llx.%s", base, (unsigned long long)h[0], (unsigned long long)h[1], kind) < 0)
    return NULL;
  return path;
}

/* An entry: "PJC1", the payload's length (8 bytes), its checksum (8 bytes), the payload. */
enum { PJ_CACHE_HEADER = 20 };

bool pj_cache_read(const char *path, void **data, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return false;
  unsigned char head[PJ_CACHE_HEADER];
  bool ok = fread(head, 1, sizeof head, f) == sizeof head && memcmp(head, "PJC1", 4) == 0;
  uint64_t n = 0, sum = 0;
  if (ok) {
    memcpy(&n, head + 4, 8);
    memcpy(&sum, head + 12, 8);
    ok = n > 0 && n < ((uint64_t)1 << 32);
  }
  void *buf = ok ? malloc((size_t)n) : NULL;
  ok = buf && fread(buf, 1, (size_t)n, f) == n && fgetc(f) == EOF && pj_fnv1a(buf, (size_t)n, 0xcbf29ce484222325ull) == sum;
  fclose(f);
  if (!ok) {
    free(buf);
    unlink(path); /* torn or damaged: rebuilt by the caller */
    return false;
  }
  *data = buf;
  *len = (size_t)n;
  return true;
}

void pj_cache_write(const char *path, const void *data, size_t len) {
  char *tmp = NULL;
  if (asprintf(&tmp, "%s.%ld.%d.tmp", path, (long)getpid(), rand()) < 0) return;
  FILE *f = fopen(tmp, "wb");
  bool ok = f != NULL;
  if (ok) {
    uint64_t n = len, sum = pj_fnv1a(data, len, 0xcbf29ce484222325ull);
    ok = fwrite("PJC1", 1, 4, f) == 4 && fwrite(&n, 1, 8, f) == 8 && fwrite(&sum, 1, 8, f) == 8 &&
         fwrite(data, 1, len, f) == len;
    ok = fclose(f) == 0 && ok;
  }
  if (!ok || rename(tmp, path) != 0) unlink(tmp);
  free(tmp);
}

void pj_cache_remove(const char *path) { unlink(path); }

/* The public form (include/pyjitc.h): by key rather than by path. */
int pj_cache_get(const char *kind, const void *key, size_t key_len, void **data, size_t *len) {
  char *path = pj_cache_path(kind, key, key_len);
  bool ok = path && pj_cache_read(path, data, len);
  free(path);
  return ok;
}

void pj_cache_put(const char *kind, const void *key, size_t key_len, const void *data, size_t len) {
  char *path = pj_cache_path(kind, key, key_len);
  if (path) pj_cache_write(path, data, len);
  free(path);
}
