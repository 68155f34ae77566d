//===- jit-service-leaky.cpp - one module per request, never removed ------===//
//
// Runtime scenario "jit-service", leaky variant. A long-running JIT service
// (a query engine, a REPL, a database's expression compiler) compiles every
// request into its own module under a fresh name and adds it to the main
// JITDylib of its LLJIT. Nothing ever removes it: the code, its symbols and
// the JIT's bookkeeping stay until the LLJIT is destroyed.
// Expected: llvmown-jit-resource-leak.
//
//===----------------------------------------------------------------------===//

#include "Kernel.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include <cstdint>
#include <memory>
#include <string>

using namespace llvm;

namespace llvmown_rt {
namespace jit_service_leaky {

class KernelService {
  std::unique_ptr<orc::LLJIT> J;
  // Tunes the optimisation pipeline for the JIT's target.
  std::unique_ptr<TargetMachine> TM;
  uint64_t NextRequest = 0;

public:
  KernelService() {
    J = cantFail(orc::LLJITBuilder().create());
    auto JTMB = cantFail(orc::JITTargetMachineBuilder::detectHost());
    TM = cantFail(JTMB.createTargetMachine());
  }

  /// Compiles the kernel for one request and runs it on \p X.
  Expected<int64_t> handleRequest(int64_t X) {
    std::string Name = "kernel_" + std::to_string(NextRequest++);
    auto Ctx = std::make_unique<LLVMContext>();
    SMDiagnostic Err;
    std::unique_ptr<Module> M = parseAssemblyString(KernelIR, Err, *Ctx);
    if (!M)
      return createStringError(inconvertibleErrorCode(), "invalid kernel");
    M->getFunction("kernel")->setName(Name);
    M->setDataLayout(J->getDataLayout());
    M->setTargetTriple(compat::triple(J->getTargetTriple()));
    optimizeModule(*M, *TM);

    if (Error E =
            J->addIRModule(orc::ThreadSafeModule(std::move(M), std::move(Ctx))))
      return std::move(E);
    auto Sym = J->lookup(Name);
    if (!Sym)
      return Sym.takeError();
    return Sym->toPtr<int64_t (*)(int64_t)>()(X);
  }
};

/// One request to the service, which lives as long as the process.
bool compileKernel(const TargetConfig &Cfg) {
  static KernelService Service;
  static int64_t X = 0;
  ++X;
  Expected<int64_t> Result = Service.handleRequest(X);
  if (!Result) {
    logAllUnhandledErrors(Result.takeError(), errs(), "jit-service: ");
    return false;
  }
  return *Result == X + 1;
}

} // namespace jit_service_leaky
} // namespace llvmown_rt
