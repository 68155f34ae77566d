// RUN: %check_llvmown --frontend tidy --checks llvmown-jit-resource-leak %s -- -I%stubs
// RUN: %check_llvmown --frontend tool --checks llvmown-jit-resource-leak %s -- -I%stubs
// RUN: %check_llvmown --frontend tidy --checks llvmown-jit-resource-leak %s -- -x c++ -I%stubs
// RUN: %check_llvmown --frontend tool --checks llvmown-jit-resource-leak %s -- -x c++ -I%stubs
//
// llvmown-jit-resource-leak with the add's error assigned in the condition
// that tests it, `if ((Err = LLVMOrcLLJITAddLLVMIRModuleWithRT(...)))`: on
// the failure edge the tracker holds no new code, so releasing it there is
// fine; on the success edge it must be removed first. Run as C and as C++.

#include "llvm-c/Core.h"
#include "llvm-c/Error.h"
#include "llvm-c/LLJIT.h"
#include "llvm-c/Orc.h"
#include <stddef.h>

int reportError(LLVMErrorRef Err);
int runMain(LLVMOrcLLJITRef J);

//===--- Must flag ---------------------------------------------------------===//

// Must flag: on success the tracker is released with its code still in.
int releasedAfterSuccess(LLVMOrcLLJITRef J, LLVMOrcThreadSafeModuleRef TSM) {
  LLVMOrcJITDylibRef JD = LLVMOrcLLJITGetMainJITDylib(J);
  LLVMOrcResourceTrackerRef RT = LLVMOrcJITDylibCreateResourceTracker(JD); // WARN: resource tracker created by 'LLVMOrcJITDylibCreateResourceTracker' is released without 'LLVMOrcResourceTrackerRemove'
  LLVMErrorRef Err;
  if ((Err = LLVMOrcLLJITAddLLVMIRModuleWithRT(J, RT, TSM))) {
    LLVMOrcReleaseResourceTracker(RT);
    return reportError(Err);
  }
  int Result = runMain(J);
  LLVMOrcReleaseResourceTracker(RT); // NOTE: released here without 'LLVMOrcResourceTrackerRemove'
  return Result;
}

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: the failure path releases a tracker that holds nothing;
// the success path removes the code first.
int removedAfterSuccess(LLVMOrcLLJITRef J, LLVMOrcThreadSafeModuleRef TSM) {
  LLVMOrcJITDylibRef JD = LLVMOrcLLJITGetMainJITDylib(J);
  LLVMOrcResourceTrackerRef RT = LLVMOrcJITDylibCreateResourceTracker(JD);
  LLVMErrorRef Err;
  if ((Err = LLVMOrcLLJITAddLLVMIRModuleWithRT(J, RT, TSM))) {
    LLVMOrcReleaseResourceTracker(RT);
    return reportError(Err);
  }
  int Result = runMain(J);
  if ((Err = LLVMOrcResourceTrackerRemove(RT)))
    reportError(Err);
  LLVMOrcReleaseResourceTracker(RT);
  return Result;
}

// Must not flag: the same with the test negated.
int negatedTest(LLVMOrcLLJITRef J, LLVMOrcThreadSafeModuleRef TSM) {
  LLVMOrcJITDylibRef JD = LLVMOrcLLJITGetMainJITDylib(J);
  LLVMOrcResourceTrackerRef RT = LLVMOrcJITDylibCreateResourceTracker(JD);
  LLVMErrorRef Err;
  if (!(Err = LLVMOrcLLJITAddLLVMIRModuleWithRT(J, RT, TSM))) {
    int Result = runMain(J);
    reportError(LLVMOrcResourceTrackerRemove(RT));
    LLVMOrcReleaseResourceTracker(RT);
    return Result;
  }
  LLVMOrcReleaseResourceTracker(RT);
  return reportError(Err);
}
