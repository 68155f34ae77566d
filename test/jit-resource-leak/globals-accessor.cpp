// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-jit-resource-leak, rule (C) with the JIT behind a function-local
// static accessor. The accessor's JIT is built on first use, so before any
// tracker taken from it: a function-local static tracker dies first (no
// warning). A namespace-scope tracker is built before main, so it dies after
// the accessor's JIT (warning).

#include "llvm/ExecutionEngine/Orc/Core.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <string>

using namespace llvm;
using namespace llvm::orc;

ThreadSafeModule compileScript(const std::string &Path);

static LLJIT &jit() {
  static std::unique_ptr<LLJIT> J = cantFail(LLJITBuilder().create());
  return *J;
}

static ResourceTrackerSP LastScript; // WARN: 'LastScript' holds a ResourceTrackerSP with static storage duration

// Must not flag: built after the accessor's JIT, destroyed before it.
void runPrelude() {
  static ResourceTrackerSP PreludeRT =
      jit().getMainJITDylib().createResourceTracker();
  cantFail(jit().addIRModule(PreludeRT, compileScript("prelude.ll")));
}

void runScript(const std::string &Path) {
  if (LastScript)
    cantFail(LastScript->remove());
  LastScript = jit().getMainJITDylib().createResourceTracker();
  cantFail(jit().addIRModule(LastScript, compileScript(Path)));
}
