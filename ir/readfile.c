/* Reading a whole file: the one reader of the command line's kernel file, libdevice and the
 * files a kernel links. */
#include <pyjitc.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Reads to the end of the file, chunk by chunk: its size is not asked for, so that a pipe, a
 * FIFO, a process substitution or a character device reads as it comes, where a size would be
 * 0 (or, for a directory, whatever the file system says). */
static char *pj_read_fd(int fd, size_t max, size_t *len, const char *path, char *err, size_t errlen) {
  size_t cap = 1 << 16, n = 0;
  char *buf = malloc(cap + 1);
  if (!buf) {
    snprintf(err, errlen, "cannot read '%s': out of memory", path);
    return NULL;
  }
  for (;;) {
    if (n == cap) {
      size_t grown = cap * 2;
      char *bigger = realloc(buf, grown + 1);
      if (!bigger) {
        snprintf(err, errlen, "cannot read '%s': out of memory", path);
        free(buf);
        return NULL;
      }
      buf = bigger, cap = grown;
    }
    ssize_t got = read(fd, buf + n, cap - n);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) {
      snprintf(err, errlen, "cannot read '%s': %s", path, strerror(errno));
      free(buf);
      return NULL;
    }
    if (got == 0) break;
    n += (size_t)got;
    if (max && n > max) { /* /dev/zero or a runaway pipe: refused before memory runs out */
      snprintf(err, errlen, "cannot read '%s': larger than %zu bytes", path, max);
      free(buf);
      return NULL;
    }
  }
  buf[n] = 0;
  *len = n;
  return buf;
}

char *pj_file_read(const char *path, size_t max, size_t *len, char *err, size_t errlen) {
  char none[1];
  if (!err || !errlen) err = none, errlen = sizeof none;
  err[0] = 0;
  if (!path || !len) {
    snprintf(err, errlen, "cannot read: no path");
    return NULL;
  }
  int stdin_ = strcmp(path, "-") == 0;
  const char *shown = stdin_ ? "<stdin>" : path;
  int fd = stdin_ ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    snprintf(err, errlen, "cannot read '%s': %s", shown, strerror(errno));
    return NULL;
  }
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    snprintf(err, errlen, "cannot read '%s': %s", shown, strerror(EISDIR));
    if (!stdin_) close(fd);
    return NULL;
  }
  char *text = pj_read_fd(fd, max, len, shown, err, errlen);
  if (!stdin_) close(fd);
  return text;
}
