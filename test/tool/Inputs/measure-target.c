/* A library for llvmown-measure's own tests (test/tool/measure.test): one
   function per behaviour the meter must tell apart. Built by the test with
   the compiler under test, as a user's library would be. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int Initialised;
static int Calls;
/* What keeps_8k leaks, reachable so that nothing frees it by accident. */
static void **Kept;
static size_t KeptCount;

void target_init(void) { Initialised = 1; }

/* 8 KiB kept per call: a leak that every window sees. */
void keeps_8k(void) {
  void *P = malloc(8192);
  memset(P, 1, 8192);
  Kept = realloc(Kept, (KeptCount + 1) * sizeof(void *));
  Kept[KeptCount++] = P;
}

/* 8 KiB used and freed per call: bounded. */
void frees_8k(void) {
  void *P = malloc(8192);
  memset(P, 1, 8192);
  free(P);
}

/* 512 KiB kept once, on the first measured call: a one-time step that the
   whole run's average puts above 1 KiB per call, but no window but the
   first sees. */
void grows_once(void) {
  if (++Calls == 21) {
    void *P = malloc(512 * 1024);
    memset(P, 1, 512 * 1024);
    Kept = realloc(Kept, sizeof(void *));
    Kept[0] = P;
  }
}

/* Aborts unless target_init ran first. */
void needs_init(void) {
  if (!Initialised)
    abort();
}

void crashes(void) {
  if (++Calls == 5)
    raise(SIGSEGV);
}

void exits(void) {
  if (++Calls == 5)
    exit(7);
}

void hangs(void) {
  if (++Calls == 5)
    for (;;)
      pause();
}
