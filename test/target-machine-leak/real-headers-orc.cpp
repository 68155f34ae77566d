// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%llvm_include -D_GNU_SOURCE -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%llvm_include -D_GNU_SOURCE -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS
// RUN: %check_llvmown --frontend tool --llvm-includes %llvm_other_includes %s -- -std=c++17 -D_GNU_SOURCE -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS
// llvmown-target-machine-leak against the real LLVM 19 headers: ORC's
// JITTargetMachineBuilder and codegen::createTargetMachineForTriple return
// Expected<std::unique_ptr<TargetMachine>> and are fine as they are; taking
// the machine out with release() makes it the caller's to free.

#include "llvm/CodeGen/CommandFlags.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include <memory>
#include <string>
#include "../Inputs/versions/llvm-versions.h"

using namespace llvm;

//===--- Must flag ---------------------------------------------------------===//

// Must flag: the machine is released from the unique_ptr and dropped (release
// called where reset was meant).
void dropReleased(orc::JITTargetMachineBuilder &JTMB) {
  auto TMOrErr = JTMB.createTargetMachine();
  if (!TMOrErr) {
    consumeError(TMOrErr.takeError());
    return;
  }
  (*TMOrErr).release(); // WARN: TargetMachine created by 'std::unique_ptr::release' is never released: the result is discarded
}

// Must flag: the released machine is kept in a local that is never deleted.
Error optimizeWithHostMachine(Module &M) {
  auto JTMB = orc::JITTargetMachineBuilder::detectHost();
  if (!JTMB)
    return JTMB.takeError();
  auto TMOrErr = JTMB->createTargetMachine();
  if (!TMOrErr)
    return TMOrErr.takeError();
  TargetMachine *TM = TMOrErr->release(); // WARN: TargetMachine created by 'std::unique_ptr::release' is never released
  M.setDataLayout(TM->createDataLayout());
  errs() << "optimising for " << TM->getTargetCPU() << "\n";
  return Error::success(); // NOTE: 'TM' still owns it when the function returns here
}

// Must flag: a released machine used only as a temporary.
std::string releasedLayout(std::unique_ptr<TargetMachine> &Owner) {
  return Owner.release()->createDataLayout().getStringRepresentation(); // WARN: TargetMachine created by 'std::unique_ptr::release' is never released: it is used only as a temporary
}

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: the unique_ptr from JITTargetMachineBuilder is used and
// destroyed.
Expected<std::string> hostLayout() {
  auto JTMB = orc::JITTargetMachineBuilder::detectHost();
  if (!JTMB)
    return JTMB.takeError();
  auto TM = JTMB->createTargetMachine();
  if (!TM)
    return TM.takeError();
  return (*TM)->createDataLayout().getStringRepresentation();
}

// Must not flag: the unique_ptr is moved out of the Expected and returned.
Expected<std::unique_ptr<TargetMachine>>
machineForCPU(orc::JITTargetMachineBuilder JTMB, StringRef CPU) {
  JTMB.setCPU(CPU.str()).setCodeGenOptLevel(OPT_LEVEL(Aggressive));
  auto TMOrErr = JTMB.createTargetMachine();
  if (!TMOrErr)
    return TMOrErr.takeError();
  std::unique_ptr<TargetMachine> TM = std::move(*TMOrErr);
  TM->setFastISel(false);
  return std::move(TM);
}

// Must not flag: released from one unique_ptr into a shared_ptr.
std::shared_ptr<TargetMachine> shareMachine(orc::JITTargetMachineBuilder &JTMB) {
  auto TMOrErr = JTMB.createTargetMachine();
  if (!TMOrErr) {
    consumeError(TMOrErr.takeError());
    return nullptr;
  }
  return std::shared_ptr<TargetMachine>(TMOrErr->release());
}

// Must not flag: released, used, deleted.
void releasedThenDeleted(std::unique_ptr<TargetMachine> Owner) {
  TargetMachine *TM = Owner.release();
  if (!TM)
    return;
  errs() << TM->getTargetCPU() << "\n";
  delete TM;
}

#if LLVM_VERSION_MAJOR >= 17
// Must not flag: codegen::createTargetMachineForTriple (not in 16) returns a
// unique_ptr.
Expected<std::string> commandLineCPU(StringRef TT) {
  auto TM = codegen::createTargetMachineForTriple(TT, OPT_LEVEL(None));
  if (!TM)
    return TM.takeError();
  return (*TM)->getTargetCPU().str();
}
#endif

// Must not flag: JITTargetMachineBuilder's own data-layout helper.
Expected<DataLayout> defaultLayout(orc::JITTargetMachineBuilder &JTMB) {
  return JTMB.getDefaultDataLayoutForTarget();
}
