// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-target-machine-leak: nothing in this file may be flagged. Owned
// machines adopted by smart pointers, transferred to owning APIs, returned,
// handed to unknown code or stored in memory the function does not own; a
// function-local static singleton; APIs that already return
// std::unique_ptr; borrowing uses followed by a delete.

#include "llvm/CodeGen/CommandFlags.h"
#include "llvm/ExecutionEngine/ExecutionEngine.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

using namespace llvm;

TargetOptions Opts;

//===--- Adoption by a smart pointer ---------------------------------------===//

// Must not flag: adopted by the unique_ptr constructor.
std::string adoptedByUniquePtr(const Target *T, StringRef TT) {
  std::unique_ptr<TargetMachine> TM(
      T->createTargetMachine(TT, "", "", Opts, std::nullopt));
  return TM ? TM->getTargetCPU().str() : "";
}

// Must not flag: adopted by an explicitly constructed unique_ptr temporary.
void adoptedByUniquePtrTemporary(EngineBuilder &EB) {
  auto TM = std::unique_ptr<TargetMachine>(EB.selectTarget());
  if (TM)
    TM->setOptLevel(CodeGenOptLevel::None);
}

// Must not flag: a local adopted by reset().
void adoptedByReset(const Target *T, StringRef TT,
                    std::unique_ptr<TargetMachine> &Owner) {
  TargetMachine *TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
  if (!TM)
    return;
  TM->setOptLevel(CodeGenOptLevel::Aggressive);
  Owner.reset(TM);
}

// Must not flag: adopted by a shared_ptr.
std::shared_ptr<TargetMachine> adoptedBySharedPtr(const Target *T,
                                                  StringRef TT) {
  std::shared_ptr<TargetMachine> TM(
      T->createTargetMachine(TT, "", "", Opts, std::nullopt));
  return TM;
}

// Must not flag: adopted by shared_ptr::reset().
void adoptedBySharedReset(EngineBuilder &EB,
                          std::shared_ptr<TargetMachine> &Shared) {
  Shared.reset(EB.selectTarget());
}

// Must not flag: a unique_ptr of the derived class adopts the cast result (the
// usual form in LLVM's own unit tests).
std::unique_ptr<LLVMTargetMachine> adoptedAsDerived(const Target *T,
                                                    StringRef TT) {
  return std::unique_ptr<LLVMTargetMachine>(static_cast<LLVMTargetMachine *>(
      T->createTargetMachine(TT, "", "", Opts, std::nullopt)));
}

// Must not flag: each machine goes into a vector of unique_ptrs.
void collectMachines(const Target *T, const std::vector<std::string> &Triples,
                     std::vector<std::unique_ptr<TargetMachine>> &Machines) {
  for (const std::string &TT : Triples)
    Machines.emplace_back(T->createTargetMachine(TT, "", "", Opts, std::nullopt));
}

//===--- Transfer to an owning API, return ---------------------------------===//

// Must not flag: EngineBuilder::create(TM) takes ownership (even on failure).
ExecutionEngine *transferredToEngine(EngineBuilder &EB) {
  TargetMachine *TM = EB.selectTarget();
  if (!TM)
    return nullptr;
  TM->setOptLevel(CodeGenOptLevel::Aggressive);
  return EB.create(TM);
}

// Must not flag: a created machine passed straight to EngineBuilder::create.
std::unique_ptr<ExecutionEngine> transferredDirectly(EngineBuilder &EB,
                                                     const Target *T,
                                                     StringRef TT) {
  return std::unique_ptr<ExecutionEngine>(
      EB.create(T->createTargetMachine(TT, "", "", Opts, std::nullopt)));
}

// Must not flag: returned to the caller after a null check and some set-up.
TargetMachine *returnedToCaller(const Target *T, StringRef TT) {
  TargetMachine *TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
  if (!TM)
    return nullptr;
  TM->setFastISel(true);
  return TM;
}

//===--- Unknown code, memory the function does not own --------------------===//

// Declared, not defined in this file: may keep the machine.
void registerMachine(TargetMachine *TM);

// Must not flag: handed to an unknown function taking a raw pointer.
void handedToUnknownFunction(const Target *T, StringRef TT) {
  TargetMachine *TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
  registerMachine(TM);
}

// A class whose constructor is defined elsewhere.
class MachineHolder {
public:
  explicit MachineHolder(TargetMachine *TM);
};

// Must not flag: handed to an unknown constructor.
MachineHolder handedToUnknownConstructor(EngineBuilder &EB) {
  return MachineHolder(EB.selectTarget());
}

TargetMachine *GlobalTM = nullptr;

// Must not flag: stored in a global.
void storedInGlobal(const Target *T, StringRef TT) {
  GlobalTM = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
}

// Must not flag: stored through an out-parameter.
bool storedThroughOutParam(const Target *T, StringRef TT, TargetMachine **Out) {
  TargetMachine *TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
  if (!TM)
    return false;
  *Out = TM;
  return true;
}

// Must not flag: stored through a reference out-parameter.
void storedThroughRefParam(EngineBuilder &EB, TargetMachine *&Out) {
  Out = EB.selectTarget();
}

struct CompileJob {
  std::string Triple;
  TargetMachine *TM = nullptr;
};

// Flagged since 2026-12-05: stored in a field of a struct reached through a
// pointer parameter, and no function of the file ever deletes the field or
// frees the struct (test/target-machine-leak/struct-fields.cpp).
void storedInJob(const Target *T, CompileJob *Job) {
  Job->TM = T->createTargetMachine(Job->Triple, "", "", Opts, std::nullopt); // WARN: TargetMachine created by 'llvm::Target::createTargetMachine' is stored in field 'CompileJob::TM', which no function of this file releases
  // NOTE@-1: stored here
}

// Must not flag: stored in a field of a struct reached through a reference
// parameter, via a local.
bool storedInJobRef(const Target *T, CompileJob &Job) {
  TargetMachine *TM =
      T->createTargetMachine(Job.Triple, "", "", Opts, std::nullopt);
  if (!TM)
    return false;
  Job.TM = TM;
  return true;
}

//===--- A singleton -------------------------------------------------------===//

// Must not flag: a function-local static initialised once (a deliberate
// singleton that lives as long as the process).
const DataLayout &hostDataLayout(const Target *T) {
  static TargetMachine *TM =
      T->createTargetMachine("x86_64-unknown-linux-gnu", "", "", Opts,
                             std::nullopt);
  static const DataLayout DL = TM->createDataLayout();
  return DL;
}

//===--- APIs that already return std::unique_ptr --------------------------===//

// Must not flag: orc::JITTargetMachineBuilder::createTargetMachine returns
// Expected<std::unique_ptr<TargetMachine>>.
std::string jitHostLayout() {
  auto JTMB = orc::JITTargetMachineBuilder::detectHost();
  if (!JTMB) {
    consumeError(JTMB.takeError());
    return "";
  }
  auto TM = JTMB->createTargetMachine();
  if (!TM) {
    consumeError(TM.takeError());
    return "";
  }
  return (*TM)->createDataLayout().getStringRepresentation();
}

// Must not flag: the unique_ptr is moved out of the Expected and kept.
std::unique_ptr<TargetMachine> jitMachine(orc::JITTargetMachineBuilder &JTMB) {
  Expected<std::unique_ptr<TargetMachine>> TMOrErr = JTMB.createTargetMachine();
  if (!TMOrErr) {
    errs() << toString(TMOrErr.takeError()) << "\n";
    return nullptr;
  }
  return std::move(*TMOrErr);
}

// Must not flag: codegen::createTargetMachineForTriple returns
// Expected<std::unique_ptr<TargetMachine>>.
std::string commandLineMachineCPU(StringRef TT) {
  auto TM = codegen::createTargetMachineForTriple(TT, CodeGenOptLevel::None);
  if (!TM) {
    consumeError(TM.takeError());
    return "";
  }
  return (*TM)->getTargetCPU().str();
}

//===--- Borrowing uses, then delete ---------------------------------------===//

// Must not flag: PassBuilder borrows the machine; deleted afterwards.
void passBuilderThenDelete(const Target *T, StringRef TT) {
  TargetMachine *TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
  {
    PassBuilder PB(TM);
  }
  delete TM;
}

// Must not flag: createDataLayout, then delete.
void dataLayoutThenDelete(const Target *T, Module &M) {
  TargetMachine *TM =
      T->createTargetMachine(M.getTargetTriple(), "", "", Opts, std::nullopt);
  M.setDataLayout(TM->createDataLayout());
  delete TM;
}
