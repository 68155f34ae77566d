//===- KernelSupport.cpp - helpers shared by the runtime scenarios --------===//
//
// The borrowed-object steps declared in scenarios/Kernel.h. Nothing here
// keeps what it is given: the scenarios own every object.
//
//===----------------------------------------------------------------------===//

#include "Kernel.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"

using namespace llvm;

namespace llvmown_rt {

std::unique_ptr<TargetMachine> createMachine(const TargetConfig &Cfg) {
  std::string Error;
  const Target *T = compat::lookupTarget(Cfg.Triple, Error);
  if (!T)
    return nullptr;
  return std::unique_ptr<TargetMachine>(
      T->createTargetMachine(compat::triple(Cfg.Triple), Cfg.CPU, Cfg.Features,
                             TargetOptions(), Reloc::PIC_));
}

void prepareModule(Module &M, TargetMachine &TM) {
  M.setTargetTriple(compat::triple(TM.getTargetTriple()));
  M.setDataLayout(TM.createDataLayout());
}

void optimizeModule(Module &M, TargetMachine &TM) {
  // The analysis managers must be destroyed in this order (LAM first), as
  // in every PassBuilder client.
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PassBuilder PB(&TM);
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  ModulePassManager MPM =
      PB.buildPerModuleDefaultPipeline(OptimizationLevel::O2);
  MPM.run(M, MAM);
}

bool emitAssembly(Module &M, TargetMachine &TM, SmallVectorImpl<char> &Out) {
  raw_svector_ostream OS(Out);
  legacy::PassManager PM;
  if (TM.addPassesToEmitFile(PM, OS, nullptr, compat::assemblyFile()))
    return false;
  PM.run(M);
  return true;
}

bool definesSymbol(StringRef Asm, StringRef Symbol) {
  // A label at the start of a line: "kernel:".
  std::string Label = ("\n" + Symbol + ":").str();
  return Asm.contains(Label);
}

} // namespace llvmown_rt
