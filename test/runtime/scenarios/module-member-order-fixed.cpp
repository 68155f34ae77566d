//===- module-member-order-fixed.cpp - context member first ---------------===//
//
// Runtime scenario "module-member-order", fixed variant (run under
// AddressSanitizer): the context member is declared first, so it is
// destroyed last, after the module member has deleted the module.
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
namespace module_member_order_fixed {

/// One compilation: the kernel's module and the context it lives in.
class CompileJob {
  // Declared first, destroyed last.
  std::unique_ptr<LLVMContext> Ctx;
  std::unique_ptr<Module> M;

public:
  CompileJob() : Ctx(std::make_unique<LLVMContext>()) {
    SMDiagnostic Err;
    M = parseAssemblyString(KernelIR, Err, *Ctx);
  }

  Module *module() { return M.get(); }
};

/// One compilation of the kernel.
bool compileKernel(const TargetConfig &Cfg) {
  std::unique_ptr<TargetMachine> TM = createMachine(Cfg);
  CompileJob Job;
  Module *M = Job.module();
  if (!TM || !M)
    return false;
  prepareModule(*M, *TM);
  optimizeModule(*M, *TM);
  SmallString<1024> Asm;
  return emitAssembly(*M, *TM, Asm) && definesSymbol(Asm, "kernel");
}

} // namespace module_member_order_fixed
} // namespace llvmown_rt
