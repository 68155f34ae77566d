// RUN: %check_llvmown --frontend tidy --checks llvmown-retained-thread-safe-module %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool --checks llvmown-retained-thread-safe-module %s -- -std=c++17 -I%stubs
//
// llvmown-retained-thread-safe-module: ThreadSafeModules and
// ThreadSafeContexts whose holders do not outlive their owners' intent.
// Nothing here is flagged: a JIT that owns its ThreadSafeContext for its own
// lifetime (even when the JIT itself is handed out through a C API), a class
// owning a ThreadSafeModule set in its constructor, the descriptor of
// descriptor.cpp held by std::unique_ptr, on the stack or deleted before the
// function returns, modules passed straight to addIRModule, and
// ThreadSafeModules returned by value.

#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

using namespace llvm;

// The native-code descriptor of descriptor.cpp.
struct NativeCode {
  orc::ThreadSafeModule M;
  std::vector<std::string> FunctionNames;
};

// Prints the descriptor's tables.
static void printTables(const NativeCode &Data) {
  for (const std::string &Name : Data.FunctionNames)
    outs() << Name << "\n";
}

// The names of the functions of TSM's module.
static std::vector<std::string> functionNames(orc::ThreadSafeModule &TSM) {
  std::vector<std::string> Names;
  TSM.withModuleDo([&](Module &M) {
    if (M.getFunction("main"))
      Names.push_back("main");
  });
  return Names;
}

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: the usual JIT; the ThreadSafeContext member is created in
// the constructor and lives as long as the JIT.
class KernelJIT {
  orc::ThreadSafeContext TSCtx;
  std::unique_ptr<orc::LLJIT> J;

public:
  explicit KernelJIT(std::unique_ptr<orc::LLJIT> J)
      : TSCtx(std::make_unique<LLVMContext>()), J(std::move(J)) {}

  Error addEmpty(const std::string &Name) {
    orc::ThreadSafeModule TSM(
        std::make_unique<Module>(Name, *TSCtx.getContext()), TSCtx);
    return J->addIRModule(std::move(TSM));
  }
};

// Must not flag: the JIT goes out through the C API as void *; its own
// context is not a ThreadSafeContext moved or copied into it.
extern "C" void *jit_create() {
  auto J = orc::LLJITBuilder().create();
  if (!J) {
    consumeError(J.takeError());
    return nullptr;
  }
  return new KernelJIT(std::move(*J));
}

// Deletes the JIT.
extern "C" void jit_dispose(void *JIT) { delete static_cast<KernelJIT *>(JIT); }

// Must not flag: a builder owning the module it is given, set in its
// constructor, used on the stack, and giving the module back.
class ModuleBuilder {
  orc::ThreadSafeModule TSM;

public:
  explicit ModuleBuilder(orc::ThreadSafeModule TSM) : TSM(std::move(TSM)) {}
  void setTriple(const char *Triple) {
    TSM.withModuleDo([&](Module &M) { M.setTargetTriple(Triple); });
  }
  orc::ThreadSafeModule take() { return std::move(TSM); }
};

// Must not flag: the builder above, on the stack; the module goes to the JIT.
Error buildAndAdd(orc::LLJIT &J, orc::ThreadSafeModule TSM) {
  ModuleBuilder B(std::move(TSM));
  B.setTriple("x86_64-unknown-linux-gnu");
  return J.addIRModule(B.take());
}

// Must not flag: a session sharing the caller's context, held by a
// std::unique_ptr.
class Session {
  orc::ThreadSafeContext TSCtx;

public:
  explicit Session(orc::ThreadSafeContext TSCtx) : TSCtx(std::move(TSCtx)) {}
  std::unique_ptr<Module> newModule(const std::string &Name) {
    return std::make_unique<Module>(Name, *TSCtx.getContext());
  }
};

// Must not flag: the session and its module die with the function.
void printNewModuleName(orc::ThreadSafeContext &TSCtx) {
  auto S = std::make_unique<Session>(TSCtx);
  std::unique_ptr<Module> M = S->newModule("scratch");
  outs() << M->getName() << "\n";
}

// Must not flag: the descriptor is made by make_unique and owned by the
// caller through the returned std::unique_ptr.
std::unique_ptr<NativeCode> emitOwned(orc::ThreadSafeModule *TSM) {
  auto Data = std::make_unique<NativeCode>();
  Data->FunctionNames = functionNames(*TSM);
  Data->M = std::move(*TSM);
  return Data;
}

// Must not flag: allocated with new but returned as a std::unique_ptr.
std::unique_ptr<NativeCode> emitWrapped(orc::ThreadSafeModule *TSM) {
  auto *Data = new NativeCode;
  Data->FunctionNames = functionNames(*TSM);
  Data->M = std::move(*TSM);
  return std::unique_ptr<NativeCode>(Data);
}

// Must not flag: a std::unique_ptr built from new holds the descriptor
// within the function.
size_t countOwned(orc::ThreadSafeModule *TSM) {
  std::unique_ptr<NativeCode> Data(new NativeCode);
  Data->FunctionNames = functionNames(*TSM);
  Data->M = std::move(*TSM);
  printTables(*Data);
  return Data->FunctionNames.size();
}

// Must not flag: the descriptor on the stack.
size_t countOnStack(orc::ThreadSafeModule *TSM) {
  NativeCode Data;
  Data.FunctionNames = functionNames(*TSM);
  Data.M = std::move(*TSM);
  printTables(Data);
  return Data.FunctionNames.size();
}

// Must not flag: aggregate initialization on the stack.
size_t countAggregateOnStack(orc::ThreadSafeModule *TSM) {
  std::vector<std::string> Names = functionNames(*TSM);
  NativeCode Data{std::move(*TSM), std::move(Names)};
  printTables(Data);
  return Data.FunctionNames.size();
}

// Must not flag: the heap descriptor is deleted before the function returns.
size_t countOnHeap(orc::ThreadSafeModule *TSM) {
  auto *Data = new NativeCode;
  Data->FunctionNames = functionNames(*TSM);
  Data->M = std::move(*TSM);
  printTables(*Data);
  size_t N = Data->FunctionNames.size();
  delete Data;
  return N;
}

// Must not flag: the module goes straight to the JIT.
Error addToJIT(std::unique_ptr<orc::LLJIT> &J, orc::ThreadSafeModule TSM) {
  return J->addIRModule(std::move(TSM));
}

// Must not flag: the module goes straight to a JITDylib.
Error addToMain(orc::LLJIT &J, std::unique_ptr<Module> M,
                orc::ThreadSafeContext TSCtx) {
  return J.addIRModule(J.getMainJITDylib(),
                       orc::ThreadSafeModule(std::move(M), std::move(TSCtx)));
}

// Must not flag: the ThreadSafeModule is returned by value; the caller owns
// it.
orc::ThreadSafeModule makeModule(orc::ThreadSafeContext &TSCtx,
                                 const std::string &Name) {
  return orc::ThreadSafeModule(
      std::make_unique<Module>(Name, *TSCtx.getContext()), TSCtx);
}
