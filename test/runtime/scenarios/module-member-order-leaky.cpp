//===- module-member-order-leaky.cpp - module member after its context ----===//
//
// Runtime scenario "module-member-order", leaky variant (run under
// AddressSanitizer). A compilation job keeps its module and the context the
// module lives in as members, declared in the wrong order: members are
// destroyed in reverse order, so the context goes first and deletes the
// module, and then the module member deletes it again (apache/tvm#8859,
// taichi-dev/taichi#5291). Expected: llvmown-module-outlives-context.
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
namespace module_member_order_leaky {

/// One compilation: the kernel's module and the context it lives in.
class CompileJob {
  std::unique_ptr<Module> M;
  std::unique_ptr<LLVMContext> Ctx;

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

} // namespace module_member_order_leaky
} // namespace llvmown_rt
