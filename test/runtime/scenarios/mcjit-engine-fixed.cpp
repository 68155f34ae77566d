//===- mcjit-engine-fixed.cpp - an engine per batch of requests -----------===//
//
// Runtime scenario "mcjit-engine", fixed variant: the evaluator replaces its
// engine (and its context) every BatchSize requests. Destroying an engine
// frees every module added to it and the object code MCJIT loaded for them,
// which nothing else can (removeModule frees only the IR: see
// "mcjit-removed"), so memory stays bounded by one batch. Expected: no
// finding.
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
namespace mcjit_engine_fixed {

class Evaluator {
  /// Requests served by one engine before it is replaced.
  static constexpr unsigned BatchSize = 16;

  std::unique_ptr<LLVMContext> Ctx;
  std::unique_ptr<ExecutionEngine> EE;
  unsigned InBatch = 0;
  uint64_t NextRequest = 0;

  std::unique_ptr<Module> parseKernel(const std::string &Name) {
    SMDiagnostic Err;
    std::unique_ptr<Module> M = parseAssemblyString(KernelIR, Err, *Ctx);
    if (M)
      M->getFunction("kernel")->setName(Name);
    return M;
  }

  /// Ends the batch: the engine goes with every module and all the code it
  /// loaded, then the context with what the batch's modules interned in it.
  void newBatch() {
    EE.reset();
    Ctx = std::make_unique<LLVMContext>();
    EE.reset(EngineBuilder(std::make_unique<Module>("base", *Ctx)).create());
    InBatch = 0;
  }

public:
  /// Compiles the kernel under a fresh name and runs it on \p X; false if
  /// it cannot.
  bool evaluate(int64_t X, int64_t &Result) {
    if (!EE || InBatch == BatchSize)
      newBatch();
    if (!EE)
      return false;
    ++InBatch;
    std::string Name = "kernel_" + std::to_string(NextRequest++);
    std::unique_ptr<Module> M = parseKernel(Name);
    if (!M)
      return false;
    M->setDataLayout(EE->getDataLayout());
    EE->addModule(std::move(M));
    uint64_t Addr = EE->getFunctionAddress(Name);
    if (Addr)
      Result = reinterpret_cast<int64_t (*)(int64_t)>(Addr)(X);
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

} // namespace mcjit_engine_fixed
} // namespace llvmown_rt
