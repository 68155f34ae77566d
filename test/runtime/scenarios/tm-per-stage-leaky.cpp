//===- tm-per-stage-leaky.cpp - a TargetMachine per stage, never freed ----===//
//
// Runtime scenario "tm-per-stage", leaky variant. Written the way GPU and AOT
// code generators are (GPUCompiler's llvm_machine(), JuliaGPU/GPUCompiler.jl
// #588): every stage of a compilation asks getMachine() for a fresh machine
// and none of them frees it, so each compilation leaks three machines.
// Expected: llvmown-target-machine-leak, once per stage.
//
//===----------------------------------------------------------------------===//

#include "Kernel.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include <memory>
#include <string>

using namespace llvm;

namespace llvmown_rt {
namespace tm_per_stage_leaky {

/// A fresh machine for the configured target; the caller owns it.
static TargetMachine *getMachine(const TargetConfig &Cfg) {
  std::string Error;
  const Target *T = compat::lookupTarget(Cfg.Triple, Error);
  if (!T)
    return nullptr;
  return T->createTargetMachine(compat::triple(Cfg.Triple), Cfg.CPU,
                                Cfg.Features, TargetOptions(), Reloc::PIC_);
}

/// emit_llvm: give the module the target's triple and data layout.
static void emitLLVM(Module &M, const TargetConfig &Cfg) {
  TargetMachine *TM = getMachine(Cfg);
  prepareModule(M, *TM);
}

/// optimize!: the O2 pipeline, tuned for the target.
static void optimize(Module &M, const TargetConfig &Cfg) {
  TargetMachine *TM = getMachine(Cfg);
  optimizeModule(M, *TM);
}

/// mcgen: native assembly.
static bool mcgen(Module &M, const TargetConfig &Cfg,
                  SmallVectorImpl<char> &Asm) {
  TargetMachine *TM = getMachine(Cfg);
  return emitAssembly(M, *TM, Asm);
}

/// One compilation of the kernel, in a fresh context.
bool compileKernel(const TargetConfig &Cfg) {
  LLVMContext Ctx;
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseAssemblyString(KernelIR, Err, Ctx);
  if (!M)
    return false;
  emitLLVM(*M, Cfg);
  optimize(*M, Cfg);
  SmallString<1024> Asm;
  if (!mcgen(*M, Cfg, Asm))
    return false;
  return definesSymbol(Asm, "kernel");
}

} // namespace tm_per_stage_leaky
} // namespace llvmown_rt
