// RUN: %check_llvmown --frontend tidy %s -- -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -I%stubs
// RUN: %check_llvmown --frontend tidy %s -- -x c++ -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -x c++ -I%stubs
//
// llvmown-c-api-dispose: a path that ends in a call that does not return
// (exit, abort, __builtin_trap, a function declared noreturn, a project's
// error macro that expands to __builtin_unreachable, as PostgreSQL's
// elog(ERROR, ...) does) leaks nothing: the process ends or unwinds there,
// even what was lost on the way (a temporary message printed before the
// trap). Run as C and as C++.

#include "llvm-c/Core.h"
#include <stdlib.h>

#define ERROR 21
void errstart(int Level);
void errfinish(const char *Fmt, ...);
// A project's error macro: at ERROR or above it never returns.
#define elog(Level, ...)                                                       \
  do {                                                                         \
    errstart(Level);                                                           \
    errfinish(__VA_ARGS__);                                                    \
    if (__builtin_constant_p(Level) && (Level) >= ERROR)                       \
      __builtin_unreachable();                                                 \
  } while (0)
#define WARNING 19

__attribute__((noreturn)) void fatal(const char *Msg);
int bad(void);
void report(const char *Fmt, ...);

//===--- Must flag ---------------------------------------------------------===//

// Must flag: a warning returns, and the path goes on to return early.
int warningReturns(void) {
  LLVMContextRef C = LLVMContextCreate(); // WARN: LLVMContextRef returned by 'LLVMContextCreate' is not released when the function returns at line 40
  if (bad()) {
    elog(WARNING, "bad");
    return 1; // NOTE: 'C' still holds it when the function returns here
  }
  LLVMContextDispose(C);
  return 0;
}

// Must flag: the temporary string is lost on a path that goes on.
void printThenReturn(LLVMTypeRef T) {
  report("%s", LLVMPrintTypeToString(T)); // WARN: message string returned by 'LLVMPrintTypeToString' is never released: it is used only as a temporary
}

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: a message printed on the way to a trap; that path ends.
void printThenTrap(LLVMTypeRef T) {
  if (bad()) {
    report("%s", LLVMPrintTypeToString(T));
    __builtin_trap();
  }
}

// Must not flag: every way out of the error branch ends the process.
void printThenExitOrAbort(LLVMTypeRef T) {
  if (bad()) {
    report("%s", LLVMPrintTypeToString(T));
    if (bad())
      exit(1);
    else
      abort();
  }
}

void viaElog(void) {
  LLVMContextRef C = LLVMContextCreate();
  if (bad())
    elog(ERROR, "bad");
  LLVMContextDispose(C);
}

void viaExit(void) {
  LLVMContextRef C = LLVMContextCreate();
  if (bad())
    exit(1);
  LLVMContextDispose(C);
}

void viaAbort(void) {
  LLVMContextRef C = LLVMContextCreate();
  if (bad())
    abort();
  LLVMContextDispose(C);
}

void viaNoreturnFunction(void) {
  LLVMContextRef C = LLVMContextCreate();
  if (bad())
    fatal("bad");
  LLVMContextDispose(C);
}
