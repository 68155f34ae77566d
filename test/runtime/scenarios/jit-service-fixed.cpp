//===- jit-service-fixed.cpp - one tracker per request, removed -----------===//
//
// Runtime scenario "jit-service", fixed variant: the same service adds each
// request's module under a ResourceTracker of its own and removes the
// tracker once the request is answered, which frees the code and the JIT's
// state for it. Expected: no finding, no growth.
//
//===----------------------------------------------------------------------===//

#include "Kernel.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/ExecutionEngine/Orc/Core.h"
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
namespace jit_service_fixed {

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

    // Everything this request adds to the JIT hangs off RT.
    orc::ResourceTrackerSP RT = J->getMainJITDylib().createResourceTracker();
    Error E =
        J->addIRModule(RT, orc::ThreadSafeModule(std::move(M), std::move(Ctx)));
    int64_t Result = 0;
    if (!E) {
      if (auto Sym = J->lookup(Name))
        Result = Sym->toPtr<int64_t (*)(int64_t)>()(X);
      else
        E = Sym.takeError();
    }
    // Free the request's code and JIT state, whether or not it ran.
    E = joinErrors(std::move(E), RT->remove());
    if (E)
      return std::move(E);
    return Result;
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

} // namespace jit_service_fixed
} // namespace llvmown_rt
