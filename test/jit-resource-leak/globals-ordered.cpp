// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-jit-resource-leak (C), with the JIT in a global too: globals are
// destroyed in the reverse order of their definitions, so a tracker declared
// after the global LLJIT or ExecutionSession (or the unique_ptr holding it)
// is destroyed before it, and one declared before it is destroyed after it.

#include "llvm/ExecutionEngine/Orc/Core.h"
#include "llvm/ExecutionEngine/Orc/ExecutorProcessControl.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/Support/Error.h"
#include <map>
#include <memory>
#include <string>

using namespace llvm;
using namespace llvm::orc;

// The project's own code, defined elsewhere.
ThreadSafeModule compileScript(const std::string &Path);

//===--- Must flag ---------------------------------------------------------===//

// Must flag: declared before the JIT below, so destroyed after it.
static ResourceTrackerSP EarlyRT; // WARN: 'EarlyRT' holds a ResourceTrackerSP with static storage duration; it outlives the ExecutionSession, and its destructor then locks the destroyed session

//===--- Must not flag -----------------------------------------------------===//

// The program's JIT and a second session for sandboxed code, as globals.
static std::unique_ptr<LLJIT> TheJIT;
static std::unique_ptr<ExecutionSession> SandboxES;

// Must not flag: declared after TheJIT, so destroyed before it.
static ResourceTrackerSP ReplRT;

// Must not flag: the same for a map of trackers.
static std::map<std::string, ResourceTrackerSP> Definitions;

// Must not flag: declared after SandboxES.
std::map<int, ResourceTrackerSP> SandboxTrackers;

// Must not flag: stores into the globals.
void define(const std::string &Name, const std::string &Path) {
  ResourceTrackerSP RT = TheJIT->getMainJITDylib().createResourceTracker();
  cantFail(TheJIT->addIRModule(RT, compileScript(Path)));
  Definitions[Name] = std::move(RT);
}

// Must not flag: the REPL's current expression.
void evalExpr(const std::string &Path) {
  if (ReplRT)
    cantFail(ReplRT->remove());
  ReplRT = TheJIT->getMainJITDylib().createResourceTracker();
  cantFail(TheJIT->addIRModule(ReplRT, compileScript(Path)));
}

// Must not flag: a sandboxed script.
void sandbox(int Id, JITDylib &JD, const std::string &Path) {
  ResourceTrackerSP RT = JD.createResourceTracker();
  cantFail(TheJIT->addIRModule(RT, compileScript(Path)));
  SandboxTrackers[Id] = RT;
}

int main(int argc, char **argv) {
  TheJIT = cantFail(LLJITBuilder().create());
  SandboxES = std::make_unique<ExecutionSession>(
      cantFail(SelfExecutorProcessControl::Create()));
  EarlyRT = TheJIT->getMainJITDylib().createResourceTracker();
  for (int I = 1; I < argc; ++I)
    define(argv[I], argv[I]);
  evalExpr("expr.ll");
  return 0;
}
