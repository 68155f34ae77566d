//===- module-returned-leaky.cpp - a module returned without its context --===//
//
// Runtime scenario "module-returned", leaky variant (run under
// AddressSanitizer). loadKernel() parses the kernel in a context local to
// itself and returns the module: the context is destroyed on return and
// deletes the module with it, so the caller holds a dangling unique_ptr
// (StarRocks/starrocks#74396, TomBebbington/llvm-rs#25). The first write to
// the module is a heap-use-after-free; freeing it again is a double free or
// a crash in LLVMContext::removeModule.
// Expected: llvmown-module-outlives-context.
//
//===----------------------------------------------------------------------===//

#include "Kernel.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Target/TargetMachine.h"
#include <memory>

using namespace llvm;

namespace llvmown_rt {
namespace module_returned_leaky {

/// Parses the kernel for one compilation.
static std::unique_ptr<Module> loadKernel() {
  LLVMContext Ctx;
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseAssemblyString(KernelIR, Err, Ctx);
  return M;
}

/// One compilation of the kernel.
bool compileKernel(const TargetConfig &Cfg) {
  std::unique_ptr<TargetMachine> TM = createMachine(Cfg);
  std::unique_ptr<Module> M = loadKernel();
  if (!TM || !M)
    return false;
  M->setTargetTriple(compat::triple(Cfg.Triple));
  M->setDataLayout(TM->createDataLayout());
  optimizeModule(*M, *TM);
  SmallString<1024> Asm;
  return emitAssembly(*M, *TM, Asm) && definesSymbol(Asm, "kernel");
}

} // namespace module_returned_leaky
} // namespace llvmown_rt
