// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%llvm_include -D_GNU_SOURCE -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%llvm_include -D_GNU_SOURCE -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS
// RUN: %check_llvmown --frontend tool --llvm-includes %llvm_other_includes %s -- -std=c++17 -D_GNU_SOURCE -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS
// llvmown-target-machine-leak against the real LLVM 19 headers: an AOT
// code generator's stages (data layout, optimisation with PassBuilder,
// assembly emission with the legacy PassManager) and MCJIT engine set-up.

#include "../Inputs/versions/llvm-versions.h"
#if LLVM_VERSION_MAJOR >= 20
#include "llvm/CodeGen/CodeGenTargetMachineImpl.h"
#endif
#include "llvm/ExecutionEngine/ExecutionEngine.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include TARGET_REGISTRY_H
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include <memory>
#include "../Inputs/versions/llvm-versions.h"
#include <string>

using namespace llvm;

struct Config {
  TargetTriple Triple;
  std::string CPU;
  std::string Features;
  TargetOptions Options;
};

// Must not flag: the per-stage helper returns the new machine (its callers
// own it).
TargetMachine *getMachine(const Config &Cfg) {
  std::string Error;
  const Target *T = TargetRegistry::lookupTarget(Cfg.Triple, Error);
  if (!T)
    return nullptr;
  return T->createTargetMachine(Cfg.Triple, Cfg.CPU, Cfg.Features, Cfg.Options,
                                Reloc::PIC_);
}

//===--- Must flag ---------------------------------------------------------===//

// Must flag: the data-layout stage uses the helper's machine as a temporary.
void setLayout(Module &M, const Config &Cfg) {
  M.setDataLayout(getMachine(Cfg)->createDataLayout()); // WARN: TargetMachine created by 'getMachine' is never released: it is used only as a temporary
}

// Must flag: Target::createTargetMachine's result is discarded.
void discardCreate(const Target &T, const Config &Cfg) {
  // WARN@+1: TargetMachine created by 'llvm::Target::createTargetMachine' is never released: the result is discarded
  T.createTargetMachine(Cfg.Triple, Cfg.CPU, Cfg.Features, Cfg.Options, NO_VALUE);
}

// Must flag: the optimisation stage never deletes its machine.
void optimize(Module &M, const Config &Cfg) {
  TargetMachine *TM = getMachine(Cfg); // WARN: TargetMachine created by 'getMachine' is never released
  PassBuilder PB(TM);
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  ModulePassManager MPM = PB.buildPerModuleDefaultPipeline(OptimizationLevel::O2);
  MPM.run(M, MAM);
} // NOTE: 'TM' still owns it when the function returns here

// Must flag: the emission stage deletes the machine on the success path only.
bool emitAssembly(Module &M, const Config &Cfg, raw_pwrite_stream &OS) {
  TargetMachine *TM = getMachine(Cfg); // WARN: TargetMachine created by 'getMachine' leaks when the function returns at line 83
  if (!TM)
    return false;
  legacy::PassManager PM;
  if (TM->addPassesToEmitFile(PM, OS, nullptr, ASSEMBLY_FILE)) {
    errs() << "cannot emit assembly for " << Cfg.CPU << "\n";
    return false; // NOTE: 'TM' still owns it when the function returns here
  }
  PM.run(M);
  delete TM;
  return true;
}

// Must flag: EngineBuilder::selectTarget used only as a temporary.
std::string engineTriple(EngineBuilder &EB) {
  return EB.selectTarget()->getTargetTriple().str(); // WARN: TargetMachine created by 'llvm::EngineBuilder::selectTarget' is never released: it is used only as a temporary
}

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: the emission stage with a unique_ptr-owned machine.
bool emitAssemblyOwned(Module &M, const Config &Cfg, raw_pwrite_stream &OS) {
  std::unique_ptr<TargetMachine> TM(getMachine(Cfg));
  if (!TM)
    return false;
  legacy::PassManager PM;
  if (TM->addPassesToEmitFile(PM, OS, nullptr, ASSEMBLY_FILE))
    return false;
  PM.run(M);
  return true;
}

// Must not flag: PassBuilder borrows the machine, which is deleted at the
// end.
void optimizeThenDelete(Module &M, const Config &Cfg) {
  TargetMachine *TM = getMachine(Cfg);
  {
    PassBuilder PB(TM);
    ModuleAnalysisManager MAM;
    PB.registerModuleAnalyses(MAM);
  }
  if (TM)
    M.setDataLayout(TM->createDataLayout());
  delete TM;
}

// Must not flag: the machine used through the LLVMTargetMachine interface,
// then deleted.
void derivedThenDelete(const Target &T, const Config &Cfg) {
  TargetMachine *TM = T.createTargetMachine(Cfg.Triple, Cfg.CPU, Cfg.Features,
                                            Cfg.Options, NO_VALUE);
  if (!TM)
    return;
  auto &LTM = static_cast<CODEGEN_TARGET_MACHINE &>(*TM);
  LTM.setFastISel(true);
  delete TM;
}

// Must not flag: EngineBuilder::create(TM) takes ownership of the machine.
std::unique_ptr<ExecutionEngine> makeEngine(std::unique_ptr<Module> M) {
  std::string Error;
  EngineBuilder EB(std::move(M));
  EB.setEngineKind(EngineKind::JIT).setErrorStr(&Error);
  TargetMachine *TM = EB.selectTarget();
  if (!TM)
    return nullptr;
  return std::unique_ptr<ExecutionEngine>(EB.create(TM));
}

// Must not flag: the engine's machine is borrowed.
std::string engineLayout(ExecutionEngine &EE) {
  return EE.getTargetMachine()->createDataLayout().getStringRepresentation();
}
