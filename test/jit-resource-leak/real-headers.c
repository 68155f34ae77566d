// RUN: %check_llvmown --frontend tidy %s -- -I%llvm_include -D_GNU_SOURCE -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS
// RUN: %check_llvmown --frontend tool %s -- -I%llvm_include -D_GNU_SOURCE -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS
// RUN: %check_llvmown --frontend tool --llvm-includes %llvm_other_includes %s -- -D_GNU_SOURCE -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS
// llvmown-jit-resource-leak against the real LLVM 19 C headers (llvm-c/Orc.h,
// llvm-c/LLJIT.h): a REPL adding each line's module to the main JITDylib's
// default tracker, an object server loop, a tracker released without
// LLVMOrcResourceTrackerRemove, and their correct versions. Every tracker
// reference is released, so llvmown-c-api-dispose has nothing to report.

#include "llvm-c/Core.h"
#include "llvm-c/Error.h"
#include "llvm-c/LLJIT.h"
#include "llvm-c/Orc.h"
#include <stddef.h>
#include <stdio.h>

// The project's own code, defined elsewhere.
LLVMOrcThreadSafeModuleRef compileLine(LLVMOrcThreadSafeContextRef TSC,
                                       const char *Line);
LLVMMemoryBufferRef receiveObject(void);
void runMain(LLVMOrcLLJITRef J);

//===--- Must flag ---------------------------------------------------------===//

// Must flag: a REPL: each line's code stays in the main JITDylib.
void repl(LLVMOrcLLJITRef J, LLVMOrcThreadSafeContextRef TSC, FILE *In) {
  char Line[256];
  while (fgets(Line, sizeof Line, In)) {
    LLVMErrorRef Err = LLVMOrcLLJITAddLLVMIRModule(J, LLVMOrcLLJITGetMainJITDylib(J), compileLine(TSC, Line)); // WARN: JIT'd code added by 'LLVMOrcLLJITAddLLVMIRModule' in a loop is never freed: it goes to the default resource tracker
    if (Err) {
      LLVMConsumeError(Err);
      continue;
    }
    runMain(J);
  }
}

// Must flag: a server loop adding every received object file.
void serveObjects(LLVMOrcLLJITRef J) {
  for (;;) {
    LLVMMemoryBufferRef Obj = receiveObject();
    if (!Obj)
      return;
    LLVMErrorRef Err = LLVMOrcLLJITAddObjectFile(J, LLVMOrcLLJITGetMainJITDylib(J), Obj); // WARN: JIT'd code added by 'LLVMOrcLLJITAddObjectFile' in a loop is never freed
    if (Err)
      LLVMConsumeError(Err);
  }
}

// Must flag: released, not removed: the code moves to the default tracker.
void evalReleasing(LLVMOrcLLJITRef J, LLVMOrcThreadSafeModuleRef TSM) {
  LLVMOrcResourceTrackerRef RT = LLVMOrcJITDylibCreateResourceTracker(LLVMOrcLLJITGetMainJITDylib(J)); // WARN: resource tracker created by 'LLVMOrcJITDylibCreateResourceTracker' is released without 'LLVMOrcResourceTrackerRemove'
  LLVMErrorRef Err = LLVMOrcLLJITAddLLVMIRModuleWithRT(J, RT, TSM);
  if (Err) {
    LLVMConsumeError(Err);
    LLVMOrcReleaseResourceTracker(RT);
    return;
  }
  runMain(J);
  LLVMOrcReleaseResourceTracker(RT); // NOTE: released here without 'LLVMOrcResourceTrackerRemove'
}

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: a tracker per line, removed and released.
void replWithTrackers(LLVMOrcLLJITRef J, LLVMOrcThreadSafeContextRef TSC,
                      FILE *In) {
  char Line[256];
  while (fgets(Line, sizeof Line, In)) {
    LLVMOrcResourceTrackerRef RT =
        LLVMOrcJITDylibCreateResourceTracker(LLVMOrcLLJITGetMainJITDylib(J));
    LLVMErrorRef Err =
        LLVMOrcLLJITAddLLVMIRModuleWithRT(J, RT, compileLine(TSC, Line));
    if (Err) {
      LLVMConsumeError(Err);
    } else {
      runMain(J);
      LLVMConsumeError(LLVMOrcResourceTrackerRemove(RT));
    }
    LLVMOrcReleaseResourceTracker(RT);
  }
}

// Must not flag: an object file per request, in a JITDylib cleared
// afterwards.
void serveObjectsClearing(LLVMOrcLLJITRef J, LLVMOrcJITDylibRef Scratch) {
  for (;;) {
    LLVMMemoryBufferRef Obj = receiveObject();
    if (!Obj)
      return;
    LLVMErrorRef Err = LLVMOrcLLJITAddObjectFile(J, Scratch, Obj);
    if (Err)
      LLVMConsumeError(Err);
    else
      runMain(J);
    LLVMConsumeError(LLVMOrcJITDylibClear(Scratch));
  }
}

// Must not flag: a one-shot run of the command line's objects.
int runFiles(LLVMOrcLLJITRef J, int argc, char **argv) {
  for (int I = 1; I < argc; ++I) {
    LLVMMemoryBufferRef Obj = NULL;
    char *Msg = NULL;
    if (LLVMCreateMemoryBufferWithContentsOfFile(argv[I], &Obj, &Msg)) {
      fprintf(stderr, "%s: %s\n", argv[I], Msg);
      LLVMDisposeMessage(Msg);
      return 1;
    }
    LLVMErrorRef Err =
        LLVMOrcLLJITAddObjectFile(J, LLVMOrcLLJITGetMainJITDylib(J), Obj);
    if (Err) {
      LLVMConsumeError(Err);
      return 1;
    }
  }
  runMain(J);
  return 0;
}

// Must not flag: the object's code moves to a long-lived tracker before the
// new tracker is released.
void linkKeeping(LLVMOrcLLJITRef J, LLVMMemoryBufferRef Obj,
                 LLVMOrcResourceTrackerRef Keep) {
  LLVMOrcResourceTrackerRef RT =
      LLVMOrcJITDylibCreateResourceTracker(LLVMOrcLLJITGetMainJITDylib(J));
  LLVMErrorRef Err = LLVMOrcLLJITAddObjectFileWithRT(J, RT, Obj);
  if (Err)
    LLVMConsumeError(Err);
  else
    LLVMOrcResourceTrackerTransferTo(RT, Keep);
  LLVMOrcReleaseResourceTracker(RT);
}
