// Native test harness for the corpus' C programs: defines the SV-COMP style intrinsics the programs declare.
//
//   __VERIFIER_nondet_int()  the next value of $NONDET (comma-separated integers) while it lasts; after that
//                            (or without $NONDET) a pseudo-random value in [0, 10) from an LCG seeded by
//                            $SEED (default 1). Every corpus driver bounds its data to small ranges that
//                            include [0, 10), so most runs satisfy the assumptions.
//   __VERIFIER_assume(c)     if c is false the run is infeasible: exit status 77 ("vacuous", not a failure).
//
// Link it with a corpus program: gcc -fsanitize=address,undefined prog.c nondet.c -o prog
#include <stdio.h>
#include <stdlib.h>

static const char *next_value = NULL;
static int initialized = 0;
static unsigned long long state = 1;

static void init(void) {
  const char *seed = getenv("SEED");
  initialized = 1;
  next_value = getenv("NONDET");
  if (seed != NULL)
    state = strtoull(seed, NULL, 10) * 2654435761ULL + 12345ULL;
}

int __VERIFIER_nondet_int(void) {
  if (!initialized)
    init();
  if (next_value != NULL && *next_value != '\0') {
    char *end = NULL;
    long v = strtol(next_value, &end, 10);
    next_value = (*end == ',') ? end + 1 : end;
    return (int)v;
  }
  state = state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (int)((state >> 33) % 10);
}

void __VERIFIER_assume(int cond) {
  if (!cond) {
    fflush(stdout);
    exit(77);
  }
}
