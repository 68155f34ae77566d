// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-jit-resource-leak: dropping a tracker that holds code moves the
// code to its JITDylib's default tracker; clearing that JITDylib (or
// removing it, or ending the session) later in the same function frees it.
// So a drop is reported only if the code can still be in the JITDylib when
// the function returns, or in a loop that never ends. The report stays at
// the place it was dropped.

#include "llvm/ExecutionEngine/Orc/Core.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/Support/Error.h"

using namespace llvm;
using namespace llvm::orc;

ThreadSafeModule compile(const char *Source);
void runMain(LLJIT &J);
bool keepGoing();
const char *nextRequest();

//===--- Must flag ---------------------------------------------------------===//

// Must flag: the JITDylib is cleared on one path only.
void clearedOnOnePath(LLJIT &J, JITDylib &JD, bool Done) {
  ResourceTrackerSP RT = JD.createResourceTracker(); // WARN: resource tracker created by 'createResourceTracker' is dropped without 'remove()'
  cantFail(J.addIRModule(RT, compile("a")));
  runMain(J);
  RT = nullptr; // NOTE: overwritten here: 'RT' no longer refers to it
  if (Done)
    cantFail(JD.clear());
}

// Must flag: a request loop that never ends drops each request's tracker;
// nothing after the loop can run.
void serveForever(LLJIT &J, JITDylib &JD) {
  for (;;) {
    ResourceTrackerSP RT = JD.createResourceTracker(); // WARN: resource tracker created by 'createResourceTracker' is dropped without 'remove()'
    cantFail(J.addIRModule(RT, compile(nextRequest())));
    runMain(J);
  } // NOTE: dropped here, when 'RT' goes out of scope
}

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: the code goes to the default tracker, and the JITDylib is
// cleared before the function returns.
void clearedAfterwards(LLJIT &J, JITDylib &JD) {
  ResourceTrackerSP RT = JD.createResourceTracker();
  cantFail(J.addIRModule(RT, compile("a")));
  runMain(J);
  RT = nullptr;
  runMain(J);
  cantFail(JD.clear());
}

// Must not flag: the same with the JITDylib removed from the session.
void removedAfterwards(LLJIT &J, JITDylib &JD) {
  ResourceTrackerSP RT = JD.createResourceTracker();
  cantFail(J.addIRModule(RT, compile("a")));
  RT.reset();
  runMain(J);
  cantFail(J.getExecutionSession().removeJITDylib(JD));
}

// Must not flag: a loop that drops a tracker per iteration, and clears the
// JITDylib once it is done.
void batchThenClear(LLJIT &J, JITDylib &JD) {
  while (keepGoing()) {
    ResourceTrackerSP RT = JD.createResourceTracker();
    cantFail(J.addIRModule(RT, compile(nextRequest())));
    runMain(J);
  }
  cantFail(JD.clear());
}
