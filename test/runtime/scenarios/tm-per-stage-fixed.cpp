//===- tm-per-stage-fixed.cpp - a TargetMachine per stage, scoped ---------===//
//
// Runtime scenario "tm-per-stage", fixed variant: the same stages, each
// running inside withMachine(), a scoped helper that frees the machine when
// the stage is done (LLVM.jl's `@dispose tm=...`, GPUCompiler's
// with_llvm_machine). Expected: no finding, no growth.
//
//===----------------------------------------------------------------------===//

#include "Kernel.h"
#include "llvm/ADT/STLFunctionalExtras.h"
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
namespace tm_per_stage_fixed {

/// A fresh machine for the configured target; the caller owns it.
static TargetMachine *getMachine(const TargetConfig &Cfg) {
  std::string Error;
  const Target *T = compat::lookupTarget(Cfg.Triple, Error);
  if (!T)
    return nullptr;
  return T->createTargetMachine(compat::triple(Cfg.Triple), Cfg.CPU,
                                Cfg.Features, TargetOptions(), Reloc::PIC_);
}

/// Runs \p Stage with a fresh machine and frees the machine afterwards.
static bool withMachine(const TargetConfig &Cfg,
                        function_ref<bool(TargetMachine &)> Stage) {
  std::unique_ptr<TargetMachine> TM(getMachine(Cfg));
  if (!TM)
    return false;
  return Stage(*TM);
}

/// emit_llvm: give the module the target's triple and data layout.
static bool emitLLVM(Module &M, const TargetConfig &Cfg) {
  return withMachine(Cfg, [&](TargetMachine &TM) {
    prepareModule(M, TM);
    return true;
  });
}

/// optimize!: the O2 pipeline, tuned for the target.
static bool optimize(Module &M, const TargetConfig &Cfg) {
  return withMachine(Cfg, [&](TargetMachine &TM) {
    optimizeModule(M, TM);
    return true;
  });
}

/// mcgen: native assembly.
static bool mcgen(Module &M, const TargetConfig &Cfg,
                  SmallVectorImpl<char> &Asm) {
  return withMachine(
      Cfg, [&](TargetMachine &TM) { return emitAssembly(M, TM, Asm); });
}

/// One compilation of the kernel, in a fresh context.
bool compileKernel(const TargetConfig &Cfg) {
  LLVMContext Ctx;
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseAssemblyString(KernelIR, Err, Ctx);
  if (!M)
    return false;
  if (!emitLLVM(*M, Cfg) || !optimize(*M, Cfg))
    return false;
  SmallString<1024> Asm;
  if (!mcgen(*M, Cfg, Asm))
    return false;
  return definesSymbol(Asm, "kernel");
}

} // namespace tm_per_stage_fixed
} // namespace llvmown_rt
