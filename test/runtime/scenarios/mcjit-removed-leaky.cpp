//===- mcjit-removed-leaky.cpp - modules removed, the engine kept --------===//
//
// Runtime scenario "mcjit-removed", leaky variant: the evaluator of
// "mcjit-engine" takes each module back out of the engine with removeModule
// once its function has run, and deletes it, as the MCJIT-era advice says.
// That frees the module's IR; the object code MCJIT loaded for it stays
// with the engine (MCJIT has no API to unload it), so memory still grows
// with every compilation, and only an engine per batch of requests bounds
// it (docs/runtime-validation.md). Expected: llvmown-jit-resource-leak,
// the "taken back with removeModule" form.
//
//===----------------------------------------------------------------------===//

#include "Kernel.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/ExecutionEngine/ExecutionEngine.h"
#include "llvm/ExecutionEngine/MCJIT.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include <cstdint>
#include <memory>
#include <string>

using namespace llvm;

namespace llvmown_rt {
namespace mcjit_removed_leaky {

class Evaluator {
  LLVMContext Ctx;
  std::unique_ptr<ExecutionEngine> EE;
  uint64_t NextRequest = 0;

  std::unique_ptr<Module> parseKernel(const std::string &Name) {
    SMDiagnostic Err;
    std::unique_ptr<Module> M = parseAssemblyString(KernelIR, Err, Ctx);
    if (M)
      M->getFunction("kernel")->setName(Name);
    return M;
  }

public:
  Evaluator() {
    // The engine starts with an empty module; kernels come per request.
    EE.reset(EngineBuilder(std::make_unique<Module>("base", Ctx)).create());
  }

  /// Compiles the kernel under a fresh name and runs it on \p X; false if
  /// it cannot.
  bool evaluate(int64_t X, int64_t &Result) {
    if (!EE)
      return false;
    std::string Name = "kernel_" + std::to_string(NextRequest++);
    std::unique_ptr<Module> M = parseKernel(Name);
    if (!M)
      return false;
    M->setDataLayout(EE->getDataLayout());
    Module *Raw = M.get();
    EE->addModule(std::move(M));
    uint64_t Addr = EE->getFunctionAddress(Name);
    if (Addr)
      Result = reinterpret_cast<int64_t (*)(int64_t)>(Addr)(X);
    // The engine hands the module back; it is ours to delete.
    if (EE->removeModule(Raw))
      delete Raw;
    return Addr != 0;
  }
};

/// One request to the evaluator, which lives as long as the process.
bool compileKernel(const TargetConfig &Cfg) {
  static Evaluator E;
  static int64_t X = 0;
  ++X;
  int64_t Result = 0;
  return E.evaluate(X, Result) && Result == X + 1;
}

} // namespace mcjit_removed_leaky
} // namespace llvmown_rt
