// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-target-machine-leak: functions of this translation unit that return
// a new machine to their caller without keeping it (a per-stage getMachine()
// helper, as in GPU/AOT compilers) are sources themselves: their callers own
// the result. Wrappers of wrappers too, member functions, namespaced
// functions, and wrappers defined after their callers. Functions that return a
// machine they keep (a cache, a singleton), a borrowed one, or one declared
// but not defined here are not sources.

#include "llvm/ExecutionEngine/ExecutionEngine.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include <map>
#include <memory>
#include <optional>
#include <string>

using namespace llvm;

TargetOptions Opts;

struct StageConfig {
  const Target *T;
  std::string Triple;
  std::string CPU;
  CodeGenOptLevel OptLevel = CodeGenOptLevel::Default;
};

//===--- The wrappers (must not flag inside: they return the machine) ------===//

// Must not flag: the per-stage helper returns the new machine to its caller.
TargetMachine *getMachine(const StageConfig &Cfg) {
  return Cfg.T->createTargetMachine(Cfg.Triple, Cfg.CPU, "", Opts, std::nullopt,
                                    std::nullopt, Cfg.OptLevel);
}

StageConfig hostConfig();

// Must not flag: a wrapper of the wrapper.
TargetMachine *getHostMachine() { return getMachine(hostConfig()); }

// Must not flag: a wrapper that keeps the machine in a local, checks it and
// returns it.
TargetMachine *makeCheckedMachine(const StageConfig &Cfg) {
  TargetMachine *TM = getMachine(Cfg);
  if (!TM)
    errs() << "cannot create a target machine for " << Cfg.Triple << "\n";
  return TM;
}

// Must not flag: a wrapper around EngineBuilder::selectTarget.
TargetMachine *pickMachine(EngineBuilder &EB) { return EB.selectTarget(); }

namespace aot {
// Must not flag: a namespaced wrapper.
TargetMachine *createMachineFor(const Target *T, StringRef TT) {
  return T->createTargetMachine(TT, "", "", Opts, std::nullopt);
}
} // namespace aot

// Must not flag: a member-function wrapper.
class Compiler {
  StageConfig Cfg;

public:
  explicit Compiler(StageConfig Cfg) : Cfg(Cfg) {}
  TargetMachine *getMachine() const {
    return Cfg.T->createTargetMachine(Cfg.Triple, Cfg.CPU, "", Opts,
                                      std::nullopt);
  }
  std::string dataLayout() const;
};

// Declared here, defined at the end of the file (after its callers).
TargetMachine *lateMachine(const StageConfig &Cfg);

//===--- Must flag ---------------------------------------------------------===//

// Must flag: the optimisation stage uses the wrapper's machine as a
// temporary.
std::string optimizeStage(const StageConfig &Cfg) {
  return getMachine(Cfg)->createDataLayout().getStringRepresentation(); // WARN: TargetMachine created by 'getMachine' is never released: it is used only as a temporary
}

// Must flag: the wrapper's result is discarded.
void warmUp(const StageConfig &Cfg) {
  getMachine(Cfg); // WARN: TargetMachine created by 'getMachine' is never released: the result is discarded
}

// Must flag: the emit stage keeps the machine in a local, never deleted.
void emitStage(const StageConfig &Cfg) {
  TargetMachine *TM = getMachine(Cfg); // WARN: TargetMachine created by 'getMachine' is never released
  PassBuilder PB(TM);
} // NOTE: 'TM' still owns it when the function returns here

// Must flag: the machine-code stage frees the machine on the success path
// only.
bool mcgenStage(const StageConfig &Cfg, std::string &Asm) {
  TargetMachine *TM = getMachine(Cfg); // WARN: TargetMachine created by 'getMachine' leaks when the function returns at line 109
  if (!TM)
    return false;
  if (TM->getTargetCPU().empty())
    return false; // NOTE: 'TM' still owns it when the function returns here
  Asm = TM->getTargetTriple().str();
  delete TM;
  return true;
}

// Must flag: a wrapper of a wrapper, its result used as a temporary.
std::string hostTriple() {
  return getHostMachine()->getTargetTriple().str(); // WARN: TargetMachine created by 'getHostMachine' is never released: it is used only as a temporary
}

// Must flag: the result of the checking wrapper is discarded.
void probe(const StageConfig &Cfg) {
  makeCheckedMachine(Cfg); // WARN: TargetMachine created by 'makeCheckedMachine' is never released: the result is discarded
}

// Must flag: the selectTarget wrapper's machine kept in a local, never
// deleted.
std::string pickedCPU(EngineBuilder &EB) {
  TargetMachine *TM = pickMachine(EB); // WARN: TargetMachine created by 'pickMachine' is never released
  return TM->getTargetCPU().str(); // NOTE: 'TM' still owns it when the function returns here
}

// Must flag: the namespaced wrapper's result used as a temporary.
void setLayout(const Target *T, Module &M) {
  M.setDataLayout(aot::createMachineFor(T, M.getTargetTriple())->createDataLayout()); // WARN: TargetMachine created by 'aot::createMachineFor' is never released: it is used only as a temporary
}

// Must flag: a member function uses the member-function wrapper as a
// temporary.
std::string Compiler::dataLayout() const {
  return getMachine()->createDataLayout().getStringRepresentation(); // WARN: TargetMachine created by 'Compiler::getMachine' is never released: it is used only as a temporary
}

// Must flag: a free function uses the member-function wrapper as a
// temporary.
std::string compilerCPU(const Compiler &C) {
  return C.getMachine()->getTargetCPU().str(); // WARN: TargetMachine created by 'Compiler::getMachine' is never released: it is used only as a temporary
}

// Must flag: a wrapper defined after this caller.
void useLateMachine(const StageConfig &Cfg) {
  lateMachine(Cfg); // WARN: TargetMachine created by 'lateMachine' is never released: the result is discarded
}

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: the wrapper's result adopted by a unique_ptr.
std::string adoptedStage(const StageConfig &Cfg) {
  std::unique_ptr<TargetMachine> TM(getMachine(Cfg));
  return TM->createDataLayout().getStringRepresentation();
}

// Must not flag: the wrapper's result deleted after use.
std::string deletedStage(const StageConfig &Cfg) {
  TargetMachine *TM = getMachine(Cfg);
  std::string CPU = TM ? TM->getTargetCPU().str() : "";
  delete TM;
  return CPU;
}

// Must not flag: the wrapper of a wrapper, its result deleted.
void deletedHostMachine() {
  TargetMachine *TM = getHostMachine();
  PassBuilder PB(TM);
  delete TM;
}

// Must not flag: the wrapper's result handed to EngineBuilder::create.
std::unique_ptr<ExecutionEngine> engineFor(EngineBuilder &EB,
                                           const StageConfig &Cfg) {
  return std::unique_ptr<ExecutionEngine>(EB.create(getMachine(Cfg)));
}

// A cache that keeps its machines and deletes them in its destructor.
class MachineCache {
  const Target *T;
  std::map<std::string, TargetMachine *> Machines;

public:
  explicit MachineCache(const Target *T) : T(T) {}
  ~MachineCache() {
    for (auto &Entry : Machines)
      delete Entry.second;
  }
  // Must not flag: the cache keeps the machine it returns.
  TargetMachine *get(const std::string &TT) {
    TargetMachine *&Slot = Machines[TT];
    if (!Slot)
      Slot = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
    return Slot;
  }
};

// Must not flag: the cache lends the machine; the caller does not own it.
std::string cachedLayout(MachineCache &Cache, const std::string &TT) {
  return Cache.get(TT)->createDataLayout().getStringRepresentation();
}

// Must not flag: a function-local static singleton returned to every caller.
TargetMachine *hostMachine() {
  static TargetMachine *TM = getHostMachine();
  return TM;
}

// Must not flag: the singleton's callers do not own it.
std::string hostLayout() {
  return hostMachine()->createDataLayout().getStringRepresentation();
}

// Must not flag: a function returning the engine's (borrowed) machine.
TargetMachine *engineMachine(ExecutionEngine &EE) {
  return EE.getTargetMachine();
}

// Must not flag: its callers borrow.
std::string engineCPU(ExecutionEngine &EE) {
  return engineMachine(EE)->getTargetCPU().str();
}

// Declared, not defined in this file: nothing is known about who owns its
// result.
TargetMachine *externalMachine(const StageConfig &Cfg);

// Must not flag: the result of an unknown function used as a temporary.
std::string externalLayout(const StageConfig &Cfg) {
  return externalMachine(Cfg)->createDataLayout().getStringRepresentation();
}

// Must not flag: a wrapper that returns a unique_ptr; the temporary
// unique_ptr deletes the machine.
std::unique_ptr<TargetMachine> makeOwned(const StageConfig &Cfg) {
  return std::unique_ptr<TargetMachine>(getMachine(Cfg));
}

// Must not flag: a temporary unique_ptr.
std::string ownedLayout(const StageConfig &Cfg) {
  return makeOwned(Cfg)->createDataLayout().getStringRepresentation();
}

// The wrapper used by useLateMachine above. Must not flag here.
TargetMachine *lateMachine(const StageConfig &Cfg) {
  return Cfg.T->createTargetMachine(Cfg.Triple, "", "", Opts, std::nullopt);
}
