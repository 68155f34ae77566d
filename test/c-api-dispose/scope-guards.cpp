// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-c-api-dispose and scope guards: a local object whose destructor
// calls a lambda it was built from (a `defer(...)` macro,
// llvm::make_scope_exit) releases what the lambda releases when it goes out
// of scope, on every path, with whatever the captured variable holds then.
// Not flagged: a message written after the guard was set up, on the error
// path and on success. Flagged: a message the variable drops before the
// guard runs, a guard that releases another variable, a guard
// the function may disarm (release()), and a std::function (its destructor
// does not call it).

#include "llvm-c/Analysis.h"
#include "llvm-c/Core.h"
#include "llvm/ADT/ScopeExit.h"
#include <functional>
#include <stdio.h>

template <typename F> struct Deferred {
  F Fn;
  explicit Deferred(F &&Fn) : Fn(static_cast<F &&>(Fn)) {}
  ~Deferred() { Fn(); }
};
template <typename F> Deferred<F> makeDeferred(F &&Fn) {
  return Deferred<F>(static_cast<F &&>(Fn));
}
#define DEFER_CAT2(A, B) A##B
#define DEFER_CAT(A, B) DEFER_CAT2(A, B)
#define defer(code)                                                            \
  auto DEFER_CAT(Deferred_, __LINE__) = makeDeferred([&]() -> void { code; })

// The shape of a real verifier: the deferred dispose covers every return.
int verify(LLVMModuleRef M) {
  char *Error = nullptr;
  defer(LLVMDisposeMessage(Error));
  if (LLVMVerifyModule(M, LLVMReturnStatusAction, &Error)) {
    fprintf(stderr, "%s\n", Error);
    return 1;
  }
  return 0;
}

bool dumpTo(LLVMModuleRef M, const char *Path) {
  char *Error = nullptr;
  auto Guard = llvm::make_scope_exit([&] {
    if (Error)
      LLVMDisposeMessage(Error);
  });
  if (LLVMPrintModuleToFile(M, Path, &Error)) {
    fprintf(stderr, "%s\n", Error);
    return false;
  }
  return true;
}

// The verifier's message is dropped (set to null) before the guard runs:
// the guard disposes only what the variable holds when it runs.
int verifyThenForget(LLVMModuleRef M) {
  char *Error = nullptr;
  defer(LLVMDisposeMessage(Error));
  int Failed = LLVMVerifyModule(M, LLVMReturnStatusAction, &Error); // WARN: message string written by 'LLVMVerifyModule' is overwritten while still owned
  Error = nullptr;
  return Failed;
}

// The guard releases another variable.
int wrongVariable(LLVMModuleRef M) {
  char *Error = nullptr;
  char *Other = nullptr;
  defer(LLVMDisposeMessage(Other));
  return LLVMVerifyModule(M, LLVMReturnStatusAction, &Error); // WARN: message string written by 'LLVMVerifyModule'
}

// A guard the function may disarm is not relied on.
int disarmed(LLVMModuleRef M, bool Keep) {
  char *Error = nullptr;
  auto Guard = llvm::make_scope_exit([&] { LLVMDisposeMessage(Error); });
  if (Keep)
    Guard.release();
  return LLVMVerifyModule(M, LLVMReturnStatusAction, &Error); // WARN: message string written by 'LLVMVerifyModule'
}

// A std::function's destructor does not call it.
int notAGuard(LLVMModuleRef M) {
  char *Error = nullptr;
  std::function<void()> Cleanup = [&] { LLVMDisposeMessage(Error); };
  return LLVMVerifyModule(M, LLVMReturnStatusAction, &Error); // WARN: message string written by 'LLVMVerifyModule'
}
