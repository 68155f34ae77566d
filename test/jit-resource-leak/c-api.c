// RUN: %check_llvmown --frontend tidy --checks llvmown-jit-resource-leak %s -- -I%stubs
// RUN: %check_llvmown --frontend tool --checks llvmown-jit-resource-leak %s -- -I%stubs
//
// llvmown-jit-resource-leak with the LLJIT C API. (A) loops:
// LLVMOrcLLJITAddLLVMIRModule and LLVMOrcLLJITAddObjectFile add to the
// JITDylib's default tracker; in a while, do-while or for (;;) loop on a JIT
// made before the loop, every iteration's code stays. (B) trackers: a
// tracker from LLVMOrcJITDylibCreateResourceTracker used with
// LLVMOrcLLJITAdd*WithRT and then released (LLVMOrcReleaseResourceTracker)
// or dropped without LLVMOrcResourceTrackerRemove, on a path where the add
// succeeded. Not flagged: counted loops, a JIT or a JITDylib per iteration,
// JITDylibs cleared, trackers removed or transferred before they are
// released, the add's own failure path, trackers stored or returned.
// Only this check runs: llvmown-c-api-dispose reports the never-released
// tracker reference of evalLeakingTracker on its own.

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
LLVMMemoryBufferRef readFile(const char *Path);
int moreRequests(void);
void runMain(LLVMOrcLLJITRef J);

//===--- Must flag ---------------------------------------------------------===//

// Must flag: a REPL: each line's module goes to the main JITDylib's default
// tracker and stays.
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

// Must flag: the default tracker taken into a variable before the loop; every
// line's code is added with it and stays.
void replWithDefaultTracker(LLVMOrcLLJITRef J, LLVMOrcThreadSafeContextRef TSC,
                            FILE *In) {
  char Line[256];
  LLVMOrcResourceTrackerRef RT =
      LLVMOrcJITDylibGetDefaultResourceTracker(LLVMOrcLLJITGetMainJITDylib(J));
  while (fgets(Line, sizeof Line, In)) {
    LLVMErrorRef Err = LLVMOrcLLJITAddLLVMIRModuleWithRT(J, RT, compileLine(TSC, Line)); // WARN: JIT'd code added by 'LLVMOrcLLJITAddLLVMIRModuleWithRT' in a loop is never freed: it goes to the default resource tracker
    if (Err)
      LLVMConsumeError(Err);
  }
  LLVMOrcReleaseResourceTracker(RT);
}

// Must flag: a server loop adding every received object file.
void serveObjects(LLVMOrcLLJITRef J) {
  LLVMOrcJITDylibRef JD = LLVMOrcLLJITGetMainJITDylib(J);
  for (;;) {
    LLVMMemoryBufferRef Obj = receiveObject();
    if (!Obj)
      return;
    LLVMErrorRef Err = LLVMOrcLLJITAddObjectFile(J, JD, Obj); // WARN: JIT'd code added by 'LLVMOrcLLJITAddObjectFile' in a loop is never freed
    if (Err)
      LLVMConsumeError(Err);
    else
      runMain(J);
  }
}

// Must flag: a do-while loop.
void pump(LLVMOrcLLJITRef J, LLVMOrcThreadSafeContextRef TSC) {
  do {
    LLVMConsumeError(LLVMOrcLLJITAddLLVMIRModule(J, LLVMOrcLLJITGetMainJITDylib(J), compileLine(TSC, "next"))); // WARN: JIT'd code added by 'LLVMOrcLLJITAddLLVMIRModule' in a loop is never freed
    runMain(J);
  } while (moreRequests());
}

// Must flag: the tracker is released, but its code was never removed: it
// moves to the default tracker.
void evalReleasing(LLVMOrcLLJITRef J, LLVMOrcThreadSafeModuleRef TSM) {
  LLVMOrcResourceTrackerRef RT = LLVMOrcJITDylibCreateResourceTracker(LLVMOrcLLJITGetMainJITDylib(J)); // WARN: resource tracker created by 'LLVMOrcJITDylibCreateResourceTracker' is released without 'LLVMOrcResourceTrackerRemove'
  LLVMErrorRef Err = LLVMOrcLLJITAddLLVMIRModuleWithRT(J, RT, TSM);
  if (Err)
    LLVMConsumeError(Err);
  else
    runMain(J);
  LLVMOrcReleaseResourceTracker(RT); // NOTE: released here without 'LLVMOrcResourceTrackerRemove'
}

// Must flag: the lookup's failure path releases the tracker without
// removing the object file's code (the add's failure path is fine).
LLVMErrorRef runObject(LLVMOrcLLJITRef J, LLVMMemoryBufferRef Obj,
                       int *Result) {
  LLVMOrcResourceTrackerRef RT = LLVMOrcJITDylibCreateResourceTracker(LLVMOrcLLJITGetMainJITDylib(J)); // WARN: resource tracker created by 'LLVMOrcJITDylibCreateResourceTracker' is released without 'LLVMOrcResourceTrackerRemove'
  LLVMErrorRef Err = LLVMOrcLLJITAddObjectFileWithRT(J, RT, Obj);
  if (Err) {
    LLVMOrcReleaseResourceTracker(RT);
    return Err;
  }
  LLVMOrcExecutorAddress Addr = 0;
  Err = LLVMOrcLLJITLookup(J, &Addr, "entry");
  if (Err) {
    LLVMOrcReleaseResourceTracker(RT); // NOTE: released here without 'LLVMOrcResourceTrackerRemove'
    return Err;
  }
  *Result = ((int (*)(void))(size_t)Addr)();
  Err = LLVMOrcResourceTrackerRemove(RT);
  LLVMOrcReleaseResourceTracker(RT);
  return Err;
}

// Must flag: the tracker is neither removed nor released.
void evalLeakingTracker(LLVMOrcLLJITRef J, LLVMOrcThreadSafeModuleRef TSM) {
  LLVMOrcResourceTrackerRef RT = LLVMOrcJITDylibCreateResourceTracker(LLVMOrcLLJITGetMainJITDylib(J)); // WARN: resource tracker created by 'LLVMOrcJITDylibCreateResourceTracker' is dropped without 'LLVMOrcResourceTrackerRemove'
  LLVMErrorRef Err = LLVMOrcLLJITAddLLVMIRModuleWithRT(J, RT, TSM);
  if (Err) {
    LLVMConsumeError(Err);
    return;
  }
  runMain(J);
} // NOTE: dropped here

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: a counted loop over the command line is a fixed set.
int runFiles(LLVMOrcLLJITRef J, int argc, char **argv) {
  for (int I = 1; I < argc; ++I) {
    LLVMErrorRef Err = LLVMOrcLLJITAddObjectFile(
        J, LLVMOrcLLJITGetMainJITDylib(J), readFile(argv[I]));
    if (Err) {
      LLVMConsumeError(Err);
      return 1;
    }
  }
  runMain(J);
  return 0;
}

// Must not flag: a JIT per line, disposed of (with its code) at the end of
// the iteration.
void replFreshJIT(LLVMOrcThreadSafeContextRef TSC, FILE *In) {
  char Line[256];
  while (fgets(Line, sizeof Line, In)) {
    LLVMOrcLLJITRef J = NULL;
    LLVMErrorRef Err = LLVMOrcCreateLLJIT(&J, LLVMOrcCreateLLJITBuilder());
    if (Err) {
      LLVMConsumeError(Err);
      return;
    }
    Err = LLVMOrcLLJITAddLLVMIRModule(J, LLVMOrcLLJITGetMainJITDylib(J),
                                      compileLine(TSC, Line));
    if (Err)
      LLVMConsumeError(Err);
    else
      runMain(J);
    LLVMConsumeError(LLVMOrcDisposeLLJIT(J));
  }
}

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

// Must not flag: the scratch JITDylib is cleared after every request.
void serveScratch(LLVMOrcLLJITRef J, LLVMOrcJITDylibRef Scratch,
                  LLVMOrcThreadSafeContextRef TSC) {
  while (moreRequests()) {
    LLVMErrorRef Err =
        LLVMOrcLLJITAddLLVMIRModule(J, Scratch, compileLine(TSC, "req"));
    if (Err)
      LLVMConsumeError(Err);
    else
      runMain(J);
    LLVMConsumeError(LLVMOrcJITDylibClear(Scratch));
  }
}

// Must not flag: a JITDylib per request, cleared when the request is done.
void servePerRequestDylib(LLVMOrcLLJITRef J, LLVMOrcThreadSafeContextRef TSC) {
  unsigned N = 0;
  while (moreRequests()) {
    char Name[32];
    snprintf(Name, sizeof Name, "request%u", N++);
    LLVMOrcJITDylibRef JD = LLVMOrcExecutionSessionCreateBareJITDylib(
        LLVMOrcLLJITGetExecutionSession(J), Name);
    LLVMErrorRef Err =
        LLVMOrcLLJITAddLLVMIRModule(J, JD, compileLine(TSC, "req"));
    if (Err)
      LLVMConsumeError(Err);
    else
      runMain(J);
    LLVMConsumeError(LLVMOrcJITDylibClear(JD));
  }
}

// Must not flag: the add's failure path releases the tracker; on success it
// is removed, then released.
LLVMErrorRef evalChecked(LLVMOrcLLJITRef J, LLVMOrcThreadSafeModuleRef TSM) {
  LLVMOrcResourceTrackerRef RT =
      LLVMOrcJITDylibCreateResourceTracker(LLVMOrcLLJITGetMainJITDylib(J));
  LLVMErrorRef Err = LLVMOrcLLJITAddLLVMIRModuleWithRT(J, RT, TSM);
  if (Err) {
    LLVMOrcReleaseResourceTracker(RT);
    return Err;
  }
  runMain(J);
  Err = LLVMOrcResourceTrackerRemove(RT);
  LLVMOrcReleaseResourceTracker(RT);
  return Err;
}

// Must not flag: the code is transferred to a long-lived tracker first.
void promote(LLVMOrcLLJITRef J, LLVMOrcThreadSafeModuleRef TSM,
             LLVMOrcResourceTrackerRef Keep) {
  LLVMOrcResourceTrackerRef RT =
      LLVMOrcJITDylibCreateResourceTracker(LLVMOrcLLJITGetMainJITDylib(J));
  LLVMErrorRef Err = LLVMOrcLLJITAddLLVMIRModuleWithRT(J, RT, TSM);
  if (Err)
    LLVMConsumeError(Err);
  else
    LLVMOrcResourceTrackerTransferTo(RT, Keep);
  LLVMOrcReleaseResourceTracker(RT);
}

// Must not flag: the JITDylib is cleared, which removes the tracker's code.
void evalInScratch(LLVMOrcLLJITRef J, LLVMOrcJITDylibRef Scratch,
                   LLVMOrcThreadSafeModuleRef TSM) {
  LLVMOrcResourceTrackerRef RT = LLVMOrcJITDylibCreateResourceTracker(Scratch);
  LLVMErrorRef Err = LLVMOrcLLJITAddLLVMIRModuleWithRT(J, RT, TSM);
  if (Err)
    LLVMConsumeError(Err);
  else
    runMain(J);
  LLVMConsumeError(LLVMOrcJITDylibClear(Scratch));
  LLVMOrcReleaseResourceTracker(RT);
}

// Must not flag: a tracker never used for an add.
void probe(LLVMOrcJITDylibRef JD) {
  LLVMOrcResourceTrackerRef RT = LLVMOrcJITDylibCreateResourceTracker(JD);
  LLVMOrcReleaseResourceTracker(RT);
}

struct Script {
  LLVMOrcResourceTrackerRef RT;
};

// Must not flag: the tracker is kept in the caller's struct, for
// scriptUnload().
LLVMErrorRef scriptLoad(struct Script *S, LLVMOrcLLJITRef J,
                        LLVMOrcThreadSafeModuleRef TSM) {
  LLVMOrcResourceTrackerRef RT =
      LLVMOrcJITDylibCreateResourceTracker(LLVMOrcLLJITGetMainJITDylib(J));
  LLVMErrorRef Err = LLVMOrcLLJITAddLLVMIRModuleWithRT(J, RT, TSM);
  if (Err) {
    LLVMOrcReleaseResourceTracker(RT);
    return Err;
  }
  S->RT = RT;
  return NULL;
}

// Must not flag: frees what scriptLoad() kept.
LLVMErrorRef scriptUnload(struct Script *S) {
  LLVMErrorRef Err = LLVMOrcResourceTrackerRemove(S->RT);
  LLVMOrcReleaseResourceTracker(S->RT);
  S->RT = NULL;
  return Err;
}

// Must not flag: the tracker is returned; the caller removes and releases
// it.
LLVMOrcResourceTrackerRef addRemovable(LLVMOrcLLJITRef J,
                                       LLVMOrcThreadSafeModuleRef TSM) {
  LLVMOrcResourceTrackerRef RT =
      LLVMOrcJITDylibCreateResourceTracker(LLVMOrcLLJITGetMainJITDylib(J));
  LLVMErrorRef Err = LLVMOrcLLJITAddLLVMIRModuleWithRT(J, RT, TSM);
  if (Err) {
    LLVMConsumeError(Err);
    LLVMOrcReleaseResourceTracker(RT);
    return NULL;
  }
  return RT;
}

// Must not flag: a one-shot program. The lookup's failure path releases the
// tracker without removing its code, but the LLJIT (its session and all its
// code) is disposed of right after.
int runOnce(LLVMOrcLLJITRef J, LLVMOrcThreadSafeModuleRef TSM) {
  int Status = 1;
  LLVMOrcResourceTrackerRef RT =
      LLVMOrcJITDylibCreateResourceTracker(LLVMOrcLLJITGetMainJITDylib(J));
  if (LLVMOrcLLJITAddLLVMIRModuleWithRT(J, RT, TSM))
    goto cleanup;
  LLVMOrcExecutorAddress Addr = 0;
  if (LLVMOrcLLJITLookup(J, &Addr, "main"))
    goto cleanup;
  Status = ((int (*)(void))(size_t)Addr)();
  LLVMConsumeError(LLVMOrcResourceTrackerRemove(RT));
cleanup:
  LLVMOrcReleaseResourceTracker(RT);
  LLVMConsumeError(LLVMOrcDisposeLLJIT(J));
  return Status;
}
