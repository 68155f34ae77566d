//===- module-returned-fixed.cpp - the caller owns the context ------------===//
//
// Runtime scenario "module-returned", fixed variant (run under
// AddressSanitizer): loadKernel() parses into the caller's context, which
// is declared before the module and so outlives it.
// Expected: no finding, a clean run, no growth.
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
namespace module_returned_fixed {

/// Parses the kernel for one compilation, in the caller's context.
static std::unique_ptr<Module> loadKernel(LLVMContext &Ctx) {
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseAssemblyString(KernelIR, Err, Ctx);
  return M;
}

/// One compilation of the kernel.
bool compileKernel(const TargetConfig &Cfg) {
  std::unique_ptr<TargetMachine> TM = createMachine(Cfg);
  LLVMContext Ctx;
  std::unique_ptr<Module> M = loadKernel(Ctx);
  if (!TM || !M)
    return false;
  M->setTargetTriple(compat::triple(Cfg.Triple));
  M->setDataLayout(TM->createDataLayout());
  optimizeModule(*M, *TM);
  SmallString<1024> Asm;
  return emitAssembly(*M, *TM, Asm) && definesSymbol(Asm, "kernel");
}

} // namespace module_returned_fixed
} // namespace llvmown_rt
