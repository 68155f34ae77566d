// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-target-machine-leak: a local that still owns a machine is
// overwritten (one machine per loop iteration, a second create, a fallback),
// and the correct shapes: release or hand off before reassigning, reassign a
// null pointer.

#include "llvm/ExecutionEngine/ExecutionEngine.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

using namespace llvm;

TargetOptions Opts;

//===--- Must flag ---------------------------------------------------------===//

// Must flag: one machine per loop iteration, only the last one is freed; the
// next iteration's assignment overwrites the previous machine.
void onePerIteration(const Target *T, const std::vector<std::string> &Triples,
                     std::vector<std::string> &Layouts) {
  TargetMachine *TM = nullptr;
  for (const std::string &TT : Triples) {
    // WARN@+2: TargetMachine created by 'llvm::Target::createTargetMachine' is overwritten while still owned at line 33
    // NOTE@+1: 'TM' is overwritten here
    TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
    if (TM)
      Layouts.push_back(TM->createDataLayout().getStringRepresentation());
  }
  delete TM;
}

// Must flag: `TM = create(); TM = create();` - the first machine is lost.
void createdTwice(const Target *T, StringRef TT) {
  // WARN@+1: TargetMachine created by 'llvm::Target::createTargetMachine' is overwritten while still owned at line 44
  TargetMachine *TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
  TM = T->createTargetMachine(TT, "generic", "", Opts, std::nullopt); // NOTE: 'TM' is overwritten here
  delete TM;
}

// Must flag: a fallback machine replaces the first one without deleting it
// (the first one exists, it just has no CPU name).
std::string fallbackOverwrites(EngineBuilder &EB) {
  // WARN@+1: TargetMachine created by 'llvm::EngineBuilder::selectTarget' is overwritten while still owned at line 54
  TargetMachine *TM = EB.selectTarget();
  if (TM && TM->getTargetCPU().empty())
    TM = EB.setMCPU("generic").selectTarget(); // NOTE: 'TM' is overwritten here
  if (!TM)
    return "";
  std::string CPU = TM->getTargetCPU().str();
  delete TM;
  return CPU;
}

// Must flag: the owning pointer is cleared with `TM = nullptr` instead of
// being deleted.
void clearedInsteadOfDeleted(const Target *T, StringRef TT) {
  // WARN@+1: TargetMachine created by 'llvm::Target::createTargetMachine' is overwritten while still owned at line 70
  TargetMachine *TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
  if (!TM)
    return;
  errs() << TM->getTargetCPU();
  TM = nullptr; // NOTE: 'TM' is overwritten here
  errs() << "done\n";
}

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: the previous machine is deleted before each reassignment,
// the last one after the loop.
void deleteBeforeReassign(const Target *T,
                          const std::vector<std::string> &Triples,
                          std::vector<std::string> &Layouts) {
  TargetMachine *TM = nullptr;
  for (const std::string &TT : Triples) {
    delete TM;
    TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
    if (TM)
      Layouts.push_back(TM->createDataLayout().getStringRepresentation());
  }
  delete TM;
}

// Must not flag: create, delete, create again, delete.
void deleteThenCreateAgain(const Target *T, StringRef TT) {
  TargetMachine *TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
  delete TM;
  TM = T->createTargetMachine(TT, "generic", "", Opts, std::nullopt);
  delete TM;
}

// Must not flag: a null-initialised local assigned once.
void assignNullLocalOnce(const Target *T, StringRef TT) {
  TargetMachine *TM = nullptr;
  TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
  delete TM;
}

// Must not flag: the fallback is created only when the first attempt
// returned null.
void fallbackWhenNull(const Target *T, StringRef TT) {
  TargetMachine *TM = T->createTargetMachine(TT, "native", "", Opts, std::nullopt);
  if (!TM)
    TM = T->createTargetMachine(TT, "generic", "", Opts, std::nullopt);
  if (TM)
    errs() << TM->getTargetCPU();
  delete TM;
}

// Must not flag: each machine is adopted by a unique_ptr before the variable
// is reused.
void adoptedBeforeReuse(const Target *T, StringRef TT,
                        std::vector<std::unique_ptr<TargetMachine>> &All) {
  TargetMachine *TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
  All.push_back(std::unique_ptr<TargetMachine>(TM));
  TM = T->createTargetMachine(TT, "generic", "", Opts, std::nullopt);
  All.push_back(std::unique_ptr<TargetMachine>(TM));
}

// Must not flag: reset() adopts the machine, then the variable is reused.
void resetBeforeReuse(const Target *T, StringRef TT,
                      std::unique_ptr<TargetMachine> &Primary,
                      std::unique_ptr<TargetMachine> &Secondary) {
  TargetMachine *TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
  Primary.reset(TM);
  TM = T->createTargetMachine(TT, "generic", "", Opts, std::nullopt);
  Secondary.reset(TM);
}

// Must not flag: the machine is handed to EngineBuilder::create (which owns
// it), then the variable is reused for a machine that is deleted.
std::unique_ptr<ExecutionEngine> transferredBeforeReuse(EngineBuilder &EB,
                                                        std::string &CPU) {
  TargetMachine *TM = EB.selectTarget();
  std::unique_ptr<ExecutionEngine> EE(EB.create(TM));
  TM = EB.selectTarget();
  if (TM)
    CPU = TM->getTargetCPU().str();
  delete TM;
  return EE;
}
