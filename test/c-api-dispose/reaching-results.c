// RUN: %check_llvmown --frontend tidy %s -- -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -I%stubs
//
// llvmown-c-api-dispose: a branch that tests a variable holding a call's
// result (`Err = f(&J); ... if (Err)`) refines what every call whose result
// can reach the test wrote: the state carries, per variable, the calls whose
// result it may hold. Before, one call was kept per variable, the last one
// the solver happened to visit, so with two creators the finding moved from
// one call to the other with the visit order (the lit runner compares the
// orders). A loop whose error was consumed in an earlier iteration does not
// release it twice.

#include "llvm-c/Core.h"
#include "llvm-c/Error.h"
#include "llvm-c/LLJIT.h"
#include "llvm-c/Orc.h"
#include <stddef.h>

void useJIT(LLVMOrcLLJITRef J);
LLVMOrcLLJITBuilderRef makeBuilder(void);

//===--- Must flag ---------------------------------------------------------===//

// Must flag: the machine written on success is never disposed, whichever
// call wrote it.
void twoCreatorsNoDispose(int N) {
  for (int I = 0; I < N; ++I) {
    LLVMOrcLLJITRef J;
    LLVMErrorRef Err;
    if (I % 2)
      Err = LLVMOrcCreateLLJIT(&J, NULL); // WARN: LLVMOrcLLJITRef written by 'LLVMOrcCreateLLJIT' leaks when 'J' goes out of scope at line 39
    else
      Err = LLVMOrcCreateLLJIT(&J, makeBuilder()); // WARN: LLVMOrcLLJITRef written by 'LLVMOrcCreateLLJIT' leaks when 'J' goes out of scope at line 39
    if (Err) {
      LLVMConsumeError(Err);
      continue;
    }
    LLVMOrcLLJITGetMainJITDylib(J);
  } // NOTE: 'J' goes out of scope here // NOTE: 'J' goes out of scope here
}

// Must flag: the failure branch drops the error of either call.
int twoCreatorsErrorDropped(int Lazy) {
  LLVMOrcLLJITRef J;
  LLVMErrorRef Err;
  if (Lazy)
    Err = LLVMOrcCreateLLJIT(&J, makeBuilder()); // WARN: LLVMErrorRef returned by 'LLVMOrcCreateLLJIT' is never released with 'LLVMConsumeError'
  else
    Err = LLVMOrcCreateLLJIT(&J, NULL); // WARN: LLVMErrorRef returned by 'LLVMOrcCreateLLJIT' is never released with 'LLVMConsumeError'
  if (Err)
    return 1; // NOTE: 'Err' still holds it // NOTE: 'Err' still holds it
  useJIT(J);
  LLVMOrcDisposeLLJIT(J);
  return 0;
}

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: on the failure edge neither call wrote J; on the other,
// J is disposed. The error consumed in one iteration is not released again
// in the next.
void twoCreatorsOneTest(int N) {
  for (int I = 0; I < N; ++I) {
    LLVMOrcLLJITRef J;
    LLVMErrorRef Err;
    if (I % 2)
      Err = LLVMOrcCreateLLJIT(&J, NULL);
    else
      Err = LLVMOrcCreateLLJIT(&J, makeBuilder());
    if (Err) {
      LLVMConsumeError(Err);
      continue;
    }
    useJIT(J);
    LLVMOrcDisposeLLJIT(J);
  }
}

// Must not flag: the result tested is the second call's; the first one's
// was handled before it was overwritten.
int resultOverwritten(void) {
  LLVMOrcLLJITRef J, K;
  LLVMErrorRef Err = LLVMOrcCreateLLJIT(&J, NULL);
  if (Err) {
    LLVMConsumeError(Err);
    return 1;
  }
  Err = LLVMOrcCreateLLJIT(&K, makeBuilder());
  if (Err) {
    LLVMConsumeError(Err);
    LLVMOrcDisposeLLJIT(J);
    return 1;
  }
  useJIT(J);
  useJIT(K);
  LLVMOrcDisposeLLJIT(K);
  LLVMOrcDisposeLLJIT(J);
  return 0;
}
