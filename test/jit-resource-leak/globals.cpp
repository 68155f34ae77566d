// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-jit-resource-leak (C), trackers with static storage duration: a
// ResourceTrackerSP, or a container of them, in a global, a static data
// member or a function-local static is destroyed at exit, after main has
// destroyed the LLJIT and its ExecutionSession. ~ResourceTracker keeps the
// JITDylib alive but not the session, and locks the session's mutex: a use
// after free at exit. In this file the JIT is a local of main.
// globals-ordered.cpp has a global JIT declared before the trackers.
// Not flagged: raw ResourceTracker pointers (they hold no reference),
// local trackers, non-static members, and functions that store into the
// flagged globals (the warning is on the declaration).

#include "llvm/ExecutionEngine/Orc/Core.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/Support/Error.h"
#include <map>
#include <memory>
#include <string>
#include <vector>

using namespace llvm;
using namespace llvm::orc;

// The project's own code, defined elsewhere.
ThreadSafeModule compileScript(const std::string &Path);
void runExpr(LLJIT &J);

//===--- Must flag ---------------------------------------------------------===//

// Must flag: a file-static tracker.
static ResourceTrackerSP CurrentScript; // WARN: 'CurrentScript' holds a ResourceTrackerSP with static storage duration; it outlives the ExecutionSession, and its destructor then locks the destroyed session

// Must flag: a global with external linkage, with the namespace spelled out.
llvm::orc::ResourceTrackerSP LastModule; // WARN: 'LastModule' holds a ResourceTrackerSP with static storage duration; it outlives the ExecutionSession

// Must flag: a global map of trackers.
std::map<int, ResourceTrackerSP> QueryTrackers; // WARN: 'QueryTrackers' holds a ResourceTrackerSP with static storage duration

// Must flag: a static vector of trackers.
static std::vector<ResourceTrackerSP> Plugins; // WARN: 'Plugins' holds a ResourceTrackerSP with static storage duration

// A cache shared by all instances.
struct ModuleCache {
  // Must flag: a static data member.
  inline static ResourceTrackerSP Shared; // WARN: '{{(ModuleCache::)?}}Shared' holds a ResourceTrackerSP with static storage duration
  // Must not flag: a non-static member goes with its object.
  ResourceTrackerSP Own;
};

// Must flag: a function-local static lives until exit too.
Error addPrelude(LLJIT &J, ThreadSafeModule TSM) {
  static ResourceTrackerSP PreludeRT = J.getMainJITDylib().createResourceTracker(); // WARN: 'PreludeRT' holds a ResourceTrackerSP with static storage duration
  return J.addIRModule(PreludeRT, std::move(TSM));
}

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: a raw pointer holds no reference; nothing runs at exit.
static ResourceTracker *Borrowed = nullptr;

// Must not flag: a map of raw pointers.
static std::map<int, ResourceTracker *> BorrowedById;

// Must not flag: stores into the global; the warning is on its declaration.
void runScript(LLJIT &J, const std::string &Path) {
  if (CurrentScript)
    cantFail(CurrentScript->remove());
  CurrentScript = J.getMainJITDylib().createResourceTracker();
  cantFail(J.addIRModule(CurrentScript, compileScript(Path)));
  Borrowed = CurrentScript.get();
  runExpr(J);
}

// Must not flag: a local tracker is stored into the global map.
void runQuery(LLJIT &J, int Id, const std::string &Path) {
  ResourceTrackerSP RT = J.getMainJITDylib().createResourceTracker();
  cantFail(J.addIRModule(RT, compileScript(Path)));
  BorrowedById[Id] = RT.get();
  QueryTrackers[Id] = std::move(RT);
  runExpr(J);
}

// Must not flag: a function returning a tracker is not a variable.
static ResourceTrackerSP newTracker(LLJIT &J) {
  return J.getMainJITDylib().createResourceTracker();
}

// Must not flag: local trackers, removed.
void runOnce(LLJIT &J, const std::string &Path) {
  ResourceTrackerSP RT = newTracker(J);
  cantFail(J.addIRModule(RT, compileScript(Path)));
  runExpr(J);
  cantFail(RT->remove());
}

// Must not flag: main's JIT is a local, destroyed when main returns, before
// the globals above.
int main(int argc, char **argv) {
  std::unique_ptr<LLJIT> J = cantFail(LLJITBuilder().create());
  for (int I = 1; I < argc; ++I)
    runScript(*J, argv[I]);
  runQuery(*J, 0, "query.ll");
  runOnce(*J, "once.ll");
  return 0;
}
