/* runtime/: an on-disk cache of compiled artifacts (internal): ~/.cache/pyjitc, or
 * $PYJITC_CACHE_DIR; PYJITC_CACHE=0 turns it off. Entries are named by a 128-bit hash of their
 * key, carry their length and a checksum, and are written to a temporary file renamed into
 * place, so concurrent processes never read a torn entry; one that fails its check is removed.
 * Entries are read only as regular files of this user's, never through a link
 * (docs/reliability.md). */
#ifndef PJ_RUNTIME_CACHE_H
#define PJ_RUNTIME_CACHE_H

#include <stdbool.h>
#include <stddef.h>

/* The cache's folder (malloc'ed), created 0700 when missing, or NULL when the cache is off or
 * the path is not a folder owned by this user. */
char *pj_cache_dir(void);
/* The entry's path for a key (key_len bytes), or NULL when the cache is off or unusable. Free it. */
char *pj_cache_path(const char *kind, const void *key, size_t key_len);
/* The entry's payload (malloc'ed) when present and intact; a damaged entry is deleted. */
bool pj_cache_read(const char *path, void **data, size_t *len);
/* Stores the payload (true when stored); failures are otherwise silent (the cache is an
 * optimisation). */
bool pj_cache_write(const char *path, const void *data, size_t len);
/* Removes an entry found unusable (a link is removed, never followed). */
void pj_cache_remove(const char *path);

#endif
