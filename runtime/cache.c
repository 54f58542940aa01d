/* runtime/: the on-disk cache (runtime/cache.h). */
#include "runtime/cache.h"

#include <pyjitc.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
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

/* Creates the missing folders of dir, private to the user (0700). */
static bool pj_mkdirs(const char *dir) {
  char tmp[4096];
  if (strlen(dir) >= sizeof tmp) return false;
  strcpy(tmp, dir);
  for (char *p = tmp + 1; *p; p++) {
    if (*p != '/') continue;
    *p = 0;
    if (mkdir(tmp, 0700) != 0 && errno != EEXIST) return false;
    *p = '/';
  }
  return mkdir(tmp, 0700) == 0 || errno == EEXIST;
}

char *pj_cache_dir(void) {
  const char *off = getenv("PYJITC_CACHE");
  if (off && strcmp(off, "0") == 0) return NULL;
  const char *dir = getenv("PYJITC_CACHE_DIR");
  const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
  char *base = NULL;
  int n = dir && *dir ? asprintf(&base, "%s", dir)
          : xdg && *xdg ? asprintf(&base, "%s/pyjitc", xdg)
          : home && *home ? asprintf(&base, "%s/.cache/pyjitc", home)
          : -1;
  if (n < 0) return NULL;
  /* the folder must be a folder of this user's (a path that is a file, or someone else's
   * folder, turns the cache off); the user may name it through a link of their own */
  struct stat st;
  if (!pj_mkdirs(base) || stat(base, &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != geteuid()) {
    free(base);
    return NULL;
  }
  return base;
}

char *pj_cache_path(const char *kind, const void *key, size_t key_len) {
  char *base = pj_cache_dir();
  if (!base) return NULL;
  uint64_t h[2];
  pj_hash128(key, key_len, h);
  char *path = NULL;
  if (asprintf(&path, "%s/%016llx%016llx.%s", base, (unsigned long long)h[0], (unsigned long long)h[1], kind) < 0)
    path = NULL;
  free(base);
  return path;
}

/* An entry: "PJC1", the payload's length (8 bytes), its checksum (8 bytes), the payload. */
enum { PJ_CACHE_HEADER = 20 };

/* Removes what stands at an entry's path and is not an intact entry: a file or link of any kind
 * (a link is removed, never what it points to), or an empty folder. A folder with contents,
 * or someone else's file, stays (the entry is then never stored: the rename onto it fails). */
static void pj_cache_discard(const char *path) {
  struct stat st;
  if (lstat(path, &st) != 0) return;
  if (S_ISDIR(st.st_mode)) rmdir(path);
  else if (S_ISLNK(st.st_mode) || st.st_uid == geteuid()) unlink(path);
}

static bool pj_read_full(int fd, void *buf, size_t n) {
  char *p = buf;
  while (n > 0) {
    ssize_t got = read(fd, p, n);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) return false;
    p += got;
    n -= (size_t)got;
  }
  return true;
}

static bool pj_write_full(int fd, const void *buf, size_t n) {
  const char *p = buf;
  while (n > 0) {
    ssize_t put = write(fd, p, n);
    if (put < 0 && errno == EINTR) continue;
    if (put <= 0) return false;
    p += put;
    n -= (size_t)put;
  }
  return true;
}

bool pj_cache_read(const char *path, void **data, size_t *len) {
  /* never through a link (O_NOFOLLOW), never blocking on a FIFO (O_NONBLOCK); only a regular
   * file of this user's whose size, magic and checksum agree is an entry */
  int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    if (errno != ENOENT) pj_cache_discard(path);
    return false;
  }
  struct stat st;
  unsigned char head[PJ_CACHE_HEADER];
  uint64_t n = 0, sum = 0;
  bool ok = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == geteuid() && st.st_size > PJ_CACHE_HEADER &&
            pj_read_full(fd, head, sizeof head) && memcmp(head, "PJC1", 4) == 0;
  if (ok) {
    memcpy(&n, head + 4, 8);
    memcpy(&sum, head + 12, 8);
    ok = n > 0 && n < ((uint64_t)1 << 32) && (uint64_t)st.st_size == n + PJ_CACHE_HEADER;
  }
  void *buf = ok ? malloc((size_t)n) : NULL;
  ok = buf && pj_read_full(fd, buf, (size_t)n) && pj_fnv1a(buf, (size_t)n, 0xcbf29ce484222325ull) == sum;
  close(fd);
  if (!ok) {
    free(buf);
    pj_cache_discard(path); /* torn or damaged: rebuilt by the caller */
    return false;
  }
  *data = buf;
  *len = (size_t)n;
  return true;
}

/* A temporary file is written and renamed within milliseconds; one this old was left by a
 * writer that died (killed mid-write) and will never be renamed. */
enum { PJ_CACHE_STALE_SECONDS = 600 };

static bool pj_ends_with(const char *s, const char *tail) {
  size_t n = strlen(s), t = strlen(tail);
  return n > t && strcmp(s + n - t, tail) == 0;
}

/* Removes the abandoned temporary files ("*.tmp": regular files of this user's, untouched for
 * PJ_CACHE_STALE_SECONDS) from the folder holding path: once a process for each folder it
 * writes to (the last one is remembered), so a folder of many entries is read rarely. */
static void pj_cache_sweep(const char *path) {
  static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
  static char *swept;
  const char *slash = strrchr(path, '/');
  if (!slash) return;
  size_t n = (size_t)(slash - path);
  pthread_mutex_lock(&lock);
  bool again = swept && strlen(swept) == n && strncmp(swept, path, n) == 0;
  if (!again) {
    free(swept);
    swept = strndup(path, n);
  }
  pthread_mutex_unlock(&lock);
  if (again) return;
  char *dir = strndup(path, n);
  int dfd = dir ? open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC) : -1;
  DIR *d = dfd >= 0 ? fdopendir(dfd) : NULL;
  if (!d && dfd >= 0) close(dfd);
  time_t now = time(NULL);
  for (struct dirent *e; d && (e = readdir(d));) {
    struct stat st;
    if (!pj_ends_with(e->d_name, ".tmp") || fstatat(dfd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0) continue;
    if (S_ISREG(st.st_mode) && st.st_uid == geteuid() && now - st.st_mtime > PJ_CACHE_STALE_SECONDS)
      unlinkat(dfd, e->d_name, 0);
  }
  if (d) closedir(d);
  free(dir);
}

bool pj_cache_write(const char *path, const void *data, size_t len) {
  static unsigned counter;
  pj_cache_sweep(path);
  char *tmp = NULL;
  if (asprintf(&tmp, "%s.%ld.%u.%d.tmp", path, (long)getpid(), __atomic_fetch_add(&counter, 1, __ATOMIC_RELAXED),
               rand()) < 0)
    return false;
  int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  bool ok = fd >= 0;
  if (ok) {
    unsigned char head[PJ_CACHE_HEADER];
    uint64_t n = len, sum = pj_fnv1a(data, len, 0xcbf29ce484222325ull);
    memcpy(head, "PJC1", 4);
    memcpy(head + 4, &n, 8);
    memcpy(head + 12, &sum, 8);
    /* a full disk (ENOSPC) or a file-size limit (EFBIG) fails a write: nothing is stored */
    ok = pj_write_full(fd, head, sizeof head) && pj_write_full(fd, data, len);
    ok = close(fd) == 0 && ok;
  }
  if (ok) ok = rename(tmp, path) == 0;
  if (!ok && fd >= 0) unlink(tmp);
  free(tmp);
  return ok;
}

void pj_cache_remove(const char *path) { pj_cache_discard(path); }

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
