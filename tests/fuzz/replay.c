/* tests/fuzz: runs a fuzz target's entry point over files, without libFuzzer: the regression
 * tests (tests/fuzz/regressions/TARGET/..., each an input that once found a defect) in every build,
 * the sanitized one included. Exits non-zero when an input fails its target's checks. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    FILE *f = fopen(argv[i], "rb");
    if (!f) {
      fprintf(stderr, "replay: cannot open %s\n", argv[i]);
      return 2;
    }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *data = malloc(n > 0 ? (size_t)n : 1);
    size_t got = fread(data, 1, (size_t)n, f);
    fclose(f);
    printf("replay: %s (%zu bytes)\n", argv[i], got);
    fflush(stdout);
    LLVMFuzzerTestOneInput(data, got); /* a defect aborts, with its message on stderr */
    free(data);
  }
  printf("replay: %d inputs passed\n", argc - 1);
  return 0;
}
