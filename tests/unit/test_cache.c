/* The on-disk cache (runtime/cache.h): entries round-trip, a damaged or truncated entry is
 * refused and removed, different keys get different entries, and PYJITC_CACHE=0 turns it off.
 * The reader's faults (docs/reliability.md): garbage, a wrong length, a folder, a FIFO and a link
 * out of the folder at an entry's path are refused (the link is removed, its target untouched),
 * as is another user's entry,
 * a read-only or full folder stores nothing and leaves no temporary file, a cache path that is a
 * file turns the cache off, and a new folder is private (0700). A writer's first entry in a
 * folder removes the temporary files that writers killed mid-write left there long ago, and
 * nothing else. */
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "runtime/cache.h"
#include "tests/unit/check.h"

static size_t file_size(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 ? (size_t)st.st_size : 0;
}

/* The files in dir whose names end in ".tmp". */
static int tmp_files(const char *dir) {
  DIR *d = opendir(dir);
  int n = 0;
  for (struct dirent *e; d && (e = readdir(d));) {
    size_t len = strlen(e->d_name);
    n += len > 4 && strcmp(e->d_name + len - 4, ".tmp") == 0;
  }
  if (d) closedir(d);
  return n;
}

static void write_file(const char *path, const void *data, size_t len) {
  FILE *f = fopen(path, "wb");
  if (f) {
    fwrite(data, 1, len, f);
    fclose(f);
  }
}

static void faults(const char *dir, const char *path, const unsigned char *payload, size_t n) {
  void *data = NULL;
  size_t len = 0;
  struct stat st;
  /* garbage of the right size */
  unsigned char junk[1020];
  for (size_t i = 0; i < sizeof junk; i++) junk[i] = (unsigned char)(i * 131 + 17);
  write_file(path, junk, sizeof junk);
  CHECK(!pj_cache_read(path, &data, &len) && access(path, F_OK) != 0);
  /* an intact entry with a byte more at its end: the length disagrees */
  CHECK(pj_cache_write(path, payload, n));
  FILE *f = fopen(path, "ab");
  CHECK(f != NULL);
  if (f) {
    fputc(0, f);
    fclose(f);
  }
  CHECK(!pj_cache_read(path, &data, &len) && access(path, F_OK) != 0);
  /* a header alone, and an empty file */
  CHECK(pj_cache_write(path, payload, n) && truncate(path, 20) == 0);
  CHECK(!pj_cache_read(path, &data, &len) && access(path, F_OK) != 0);
  write_file(path, "", 0);
  CHECK(!pj_cache_read(path, &data, &len) && access(path, F_OK) != 0);

  /* an empty folder at the entry's path: refused and removed, then stored again */
  CHECK(mkdir(path, 0700) == 0);
  CHECK(!pj_cache_read(path, &data, &len) && access(path, F_OK) != 0);
  CHECK(pj_cache_write(path, payload, n) && pj_cache_read(path, &data, &len) && len == n);
  free(data);
  unlink(path);
  /* a folder with contents: refused and left; nothing is stored and no temporary file stays */
  char inner[4200];
  snprintf(inner, sizeof inner, "%s/x", path);
  CHECK(mkdir(path, 0700) == 0);
  write_file(inner, "x", 1);
  CHECK(!pj_cache_read(path, &data, &len));
  CHECK(!pj_cache_write(path, payload, n) && tmp_files(dir) == 0);
  CHECK(stat(path, &st) == 0 && S_ISDIR(st.st_mode));
  unlink(inner);
  rmdir(path);

  /* a FIFO: refused at once (never waited on), removed */
  CHECK(mkfifo(path, 0600) == 0);
  CHECK(!pj_cache_read(path, &data, &len) && access(path, F_OK) != 0);

  /* a link to an intact entry outside the folder: never followed; the link goes, its target stays */
  char outside[4200];
  snprintf(outside, sizeof outside, "%s.outside", dir);
  CHECK(pj_cache_write(outside, payload, n));
  CHECK(symlink(outside, path) == 0);
  CHECK(!pj_cache_read(path, &data, &len));
  CHECK(lstat(path, &st) != 0);
  CHECK(pj_cache_read(outside, &data, &len) && len == n && memcmp(data, payload, n) == 0);
  free(data);
  unlink(outside);

  /* an intact entry of another user's (checked where this test may give files away: as root):
   * refused, and left for its owner */
  CHECK(pj_cache_write(path, payload, n));
  if (geteuid() == 0 && chown(path, 65534, 65534) == 0) {
    CHECK(!pj_cache_read(path, &data, &len) && access(path, F_OK) == 0);
    CHECK(pj_cache_write(path, payload, n) && pj_cache_read(path, &data, &len) && len == n); /* replaced */
    free(data);
  }
  unlink(path);

  /* a read-only folder (root writes anyway: not checked then): nothing stored, entries still read */
  CHECK(pj_cache_write(path, payload, n));
  char *other = malloc(strlen(path) + 8);
  sprintf(other, "%s.other", path);
  CHECK(chmod(dir, 0500) == 0);
  if (geteuid() != 0) {
    CHECK(!pj_cache_write(other, payload, n) && access(other, F_OK) != 0);
    CHECK(pj_cache_read(path, &data, &len) && len == n);
    free(data);
  }
  CHECK(chmod(dir, 0700) == 0);

  /* a full folder (a file-size limit, SIGXFSZ ignored, in a child): nothing stored, no
   * temporary file, and the process goes on */
  pid_t pid = fork();
  if (pid == 0) {
    signal(SIGXFSZ, SIG_IGN);
    struct rlimit lim = {100, 100};
    if (setrlimit(RLIMIT_FSIZE, &lim) != 0) _exit(3);
    _exit(pj_cache_write(other, payload, n) ? 1 : 0);
  }
  int status = -1;
  CHECK(pid > 0 && waitpid(pid, &status, 0) == pid);
  CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  CHECK(access(other, F_OK) != 0 && tmp_files(dir) == 0);
  CHECK(pj_cache_write(other, payload, n) && pj_cache_read(other, &data, &len) && len == n);
  free(data);
  unlink(other);
  free(other);
  unlink(path);
}

/* path's modification time set to secs ago */
static void age(const char *path, int secs) {
  struct timespec t[2];
  clock_gettime(CLOCK_REALTIME, &t[0]);
  t[0].tv_sec -= secs;
  t[1] = t[0];
  CHECK(utimensat(AT_FDCWD, path, t, AT_SYMLINK_NOFOLLOW) == 0);
}

static void stale_temporaries(const char *dir, const unsigned char *payload, size_t n) {
  char folder[300], p[400], entry[400], outside[400];
  snprintf(folder, sizeof folder, "%s/sweep", dir);
  CHECK(mkdir(folder, 0700) == 0);
  const char *names[] = {"a.cubin.123.0.1.tmp", "b.cubin.124.0.2.tmp", "old.cubin", "link.tmp", "folder.tmp"};
  snprintf(outside, sizeof outside, "%s/outside.tmp", dir);
  write_file(outside, "o", 1);
  age(outside, 7200);
  for (int i = 0; i < 5; i++) {
    snprintf(p, sizeof p, "%s/%s", folder, names[i]);
    if (i == 3) CHECK(symlink(outside, p) == 0);
    else if (i == 4) CHECK(mkdir(p, 0700) == 0);
    else write_file(p, "x", 1);
    age(p, i == 1 ? 5 : 3600); /* b is being written now; the rest are old */
  }
  snprintf(entry, sizeof entry, "%s/c.cubin", folder);
  CHECK(pj_cache_write(entry, payload, n));
  bool kept[5] = {false, true, true, true, true};
  for (int i = 0; i < 5; i++) {
    snprintf(p, sizeof p, "%s/%s", folder, names[i]);
    struct stat st;
    CHECK((lstat(p, &st) == 0) == kept[i]);
  }
  CHECK(access(outside, F_OK) == 0); /* a link's target is never touched */
  /* the folder is read once a process: a later write there leaves a new stale file alone */
  snprintf(p, sizeof p, "%s/d.cubin.9.0.1.tmp", folder);
  write_file(p, "x", 1);
  age(p, 3600);
  CHECK(pj_cache_write(entry, payload, n) && access(p, F_OK) == 0);
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

  faults(sub, path, payload, sizeof payload);
  CHECK(tmp_files(sub) == 0);
  stale_temporaries(dir, payload, sizeof payload);

  /* the folder was made private; a cache path that is a file turns the cache off */
  struct stat st;
  CHECK(stat(sub, &st) == 0 && (st.st_mode & 0777) == 0700);
  char file[300];
  snprintf(file, sizeof file, "%s/a-file", dir);
  write_file(file, "x", 1);
  setenv("PYJITC_CACHE_DIR", file, 1);
  CHECK(pj_cache_dir() == NULL && pj_cache_path("cubin", key, sizeof key) == NULL);
  setenv("PYJITC_CACHE_DIR", sub, 1);

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
