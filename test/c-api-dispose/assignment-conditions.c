// RUN: %check_llvmown --frontend tidy %s -- -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -I%stubs
// RUN: %check_llvmown --frontend tidy %s -- -x c++ -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -x c++ -I%stubs
//
// llvmown-c-api-dispose: a call's result assigned in the condition that
// tests it, `if ((Err = f(&Out)))`, as C programs (and the OrcV2 C
// examples) write it. On the edge where the test says the call failed, the
// error is there to consume and the out-parameter was not written; on the
// other edge the error is null and the out-parameter holds an object. Run
// as C and as C++.

#include "llvm-c/Core.h"
#include "llvm-c/Error.h"
#include "llvm-c/LLJIT.h"
#include "llvm-c/Orc.h"
#include <stddef.h>

int reportError(LLVMErrorRef Err);
void useJIT(LLVMOrcLLJITRef J);

//===--- Must flag ---------------------------------------------------------===//

// Must flag: the failure branch returns without consuming the error.
int createAndLeakError(void) {
  LLVMOrcLLJITRef J;
  LLVMErrorRef Err;
  if ((Err = LLVMOrcCreateLLJIT(&J, NULL))) // WARN: LLVMErrorRef returned by 'LLVMOrcCreateLLJIT' is never released with 'LLVMConsumeError'
    return 1; // NOTE: 'Err' still holds it when the function returns here
  useJIT(J);
  return reportError(LLVMOrcDisposeLLJIT(J));
}

// Must flag: the JIT is created, asked for its JITDylib, and never disposed
// of.
int createAndLeakJIT(void) {
  LLVMOrcLLJITRef J;
  LLVMErrorRef Err;
  if ((Err = LLVMOrcCreateLLJIT(&J, NULL)) != NULL) // WARN: LLVMOrcLLJITRef written by 'LLVMOrcCreateLLJIT' is never released with 'LLVMOrcDisposeLLJIT'
    return reportError(Err);
  return LLVMOrcLLJITGetMainJITDylib(J) != NULL; // NOTE: 'J' still holds it when the function returns here
}

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: the shape of the OrcV2 C examples. On failure the error is
// handed to a handler and the JIT was never written; on success the error
// is null and the JIT is disposed of, its own error handled in turn.
int orcExampleShape(void) {
  int MainResult = 0;
  LLVMOrcLLJITRef J;
  LLVMErrorRef Err;
  if ((Err = LLVMOrcCreateLLJIT(&J, NULL))) {
    MainResult = reportError(Err);
    goto shutdown;
  }
  useJIT(J);
  if ((Err = LLVMOrcDisposeLLJIT(J))) {
    int DisposeResult = reportError(Err);
    if (MainResult == 0)
      MainResult = DisposeResult;
  }
shutdown:
  return MainResult;
}

// Must not flag: the same tests written negated and compared with NULL.
int negatedTests(void) {
  LLVMOrcLLJITRef J;
  LLVMErrorRef Err;
  if (!(Err = LLVMOrcCreateLLJIT(&J, NULL))) {
    useJIT(J);
    LLVMConsumeError(LLVMOrcDisposeLLJIT(J));
    return 0;
  }
  return reportError(Err);
}

int comparedWithNull(void) {
  LLVMOrcLLJITRef J;
  LLVMErrorRef Err;
  if ((Err = LLVMOrcCreateLLJIT(&J, NULL)) == NULL) {
    useJIT(J);
    return reportError(LLVMOrcDisposeLLJIT(J));
  }
  LLVMConsumeError(Err);
  return 1;
}
