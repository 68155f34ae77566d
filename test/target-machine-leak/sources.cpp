// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-target-machine-leak: the built-in sources of an owned
// TargetMachine (Target::createTargetMachine, EngineBuilder::selectTarget,
// std::unique_ptr<TargetMachine>::release()) dropped or used as a temporary,
// and the look-alikes that return borrowed or already-owned machines.

#include "llvm/ExecutionEngine/ExecutionEngine.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include <memory>
#include <optional>
#include <string>

using namespace llvm;

TargetOptions Opts;

//===--- Must flag ---------------------------------------------------------===//

// Must flag: the result of Target::createTargetMachine is discarded.
void discardCreate(const Target *T) {
  // WARN@+1: TargetMachine created by 'llvm::Target::createTargetMachine' is never released: the result is discarded
  T->createTargetMachine("x86_64-unknown-linux-gnu", "", "", Opts, std::nullopt);
}

// Must flag: a new machine used only as a temporary to get its data layout.
std::string layoutOfNewMachine(const Target *T, StringRef TT) {
  // WARN@+1: TargetMachine created by 'llvm::Target::createTargetMachine' is never released: it is used only as a temporary
  return T->createTargetMachine(TT, "", "", Opts, std::nullopt)
      ->createDataLayout()
      .getStringRepresentation();
}

// Must flag: the result of EngineBuilder::selectTarget is discarded.
void discardSelectTarget(EngineBuilder &EB) {
  EB.selectTarget(); // WARN: TargetMachine created by 'llvm::EngineBuilder::selectTarget' is never released: the result is discarded
}

// Must flag: EngineBuilder::selectTarget used only as a temporary.
std::string selectedTriple(EngineBuilder &EB) {
  return EB.selectTarget()->getTargetTriple().str(); // WARN: TargetMachine created by 'llvm::EngineBuilder::selectTarget' is never released: it is used only as a temporary
}

// Must flag: a machine from EngineBuilder::selectTarget kept in a local that
// is never deleted.
void selectTargetNeverDeleted(EngineBuilder &EB, std::string &CPU) {
  TargetMachine *TM = EB.selectTarget(); // WARN: TargetMachine created by 'llvm::EngineBuilder::selectTarget' is never released
  if (TM)
    CPU = TM->getTargetCPU().str();
} // NOTE: 'TM' still owns it when the function returns here

// Must flag: unique_ptr::release() called to "free" the machine (instead of
// reset()); the released pointer is dropped.
void dropReleased(std::unique_ptr<TargetMachine> &Owner) {
  Owner.release(); // WARN: TargetMachine created by 'std::unique_ptr::release' is never released: the result is discarded
}

// Must flag: the pointer released from a unique_ptr is kept in a local that is
// never deleted.
void releasedNeverFreed(std::unique_ptr<TargetMachine> Owner) {
  TargetMachine *TM = Owner.release(); // WARN: TargetMachine created by 'std::unique_ptr::release' is never released
  if (!TM)
    return;
  TM->setOptLevel(CodeGenOptLevel::Aggressive);
} // NOTE: 'TM' still owns it when the function returns here

// Must flag: release() from a unique_ptr of a class derived from
// TargetMachine, dropped.
void dropReleasedDerived(std::unique_ptr<LLVMTargetMachine> &Owner) {
  Owner.release(); // WARN: TargetMachine created by 'std::unique_ptr::release' is never released: the result is discarded
}

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: created, used, deleted.
std::string createdAndDeleted(const Target *T, StringRef TT) {
  TargetMachine *TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
  std::string Layout = TM->createDataLayout().getStringRepresentation();
  delete TM;
  return Layout;
}

// Must not flag: a machine from selectTarget, deleted after use.
std::string selectedAndDeleted(EngineBuilder &EB) {
  TargetMachine *TM = EB.selectTarget();
  std::string CPU = TM->getTargetCPU().str();
  delete TM;
  return CPU;
}

// Must not flag: the pointer released from a unique_ptr is deleted.
void releasedThenDeleted(std::unique_ptr<TargetMachine> Owner) {
  TargetMachine *TM = Owner.release();
  errs() << TM->getTargetCPU();
  delete TM;
}

// Must not flag: release() straight into another unique_ptr.
std::unique_ptr<TargetMachine>
releasedIntoOther(std::unique_ptr<TargetMachine> &Owner) {
  std::unique_ptr<TargetMachine> Other(Owner.release());
  return Other;
}

// Must not flag: release() of a unique_ptr that does not hold a
// TargetMachine (the dropped std::string is not this check's business).
void releaseOtherKind(std::unique_ptr<std::string> &Owner) {
  Owner.release();
}

// Must not flag: ExecutionEngine::getTargetMachine returns a machine owned by
// the engine; using it as a temporary is fine.
std::string engineLayout(ExecutionEngine &EE) {
  return EE.getTargetMachine()->createDataLayout().getStringRepresentation();
}

// Must not flag: the engine's machine kept in a local and (correctly) not
// deleted.
void engineMachineInLocal(ExecutionEngine &EE, std::string &CPU) {
  TargetMachine *TM = EE.getTargetMachine();
  if (TM)
    CPU = TM->getTargetCPU().str();
}

// Must not flag: unique_ptr::get() borrows.
std::string ownedMachineTriple(const std::unique_ptr<TargetMachine> &Owner) {
  return Owner.get()->getTargetTriple().str();
}

// Must not flag: the machine used through a reference to the derived class,
// then deleted.
void derivedReferenceThenDelete(const Target *T, StringRef TT) {
  TargetMachine *TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
  if (!TM)
    return;
  auto &LTM = static_cast<LLVMTargetMachine &>(*TM);
  LTM.setFastISel(true);
  delete TM;
}

// Must not flag: EngineBuilder::create() selects the machine itself and hands
// it to the engine.
std::unique_ptr<ExecutionEngine> createEngine(EngineBuilder &EB) {
  return std::unique_ptr<ExecutionEngine>(EB.create());
}
