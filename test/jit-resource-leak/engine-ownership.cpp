// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-jit-resource-leak, the engine itself: EngineBuilder::create()
// returns an owning raw pointer, and the engine owns its modules and all the
// code generated for them. Flagged: an engine never deleted, one deleted on
// some paths only, one deleted twice, one kept in a raw member that no
// destructor or member function of the class deletes. Not flagged: engines
// deleted, wrapped in std::unique_ptr, deleted by the destructor, or handed
// to the caller.

#include "llvm/ExecutionEngine/ExecutionEngine.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include <cstdint>
#include <memory>
#include <string>

using namespace llvm;

// The project's own code, defined elsewhere.
std::unique_ptr<Module> buildKernel(LLVMContext &Ctx, int Id);
void keepEngine(ExecutionEngine *EE);

//===--- Must flag ---------------------------------------------------------===//

// A function that runs one kernel and forgets the engine: the module and its
// code stay for the life of the process.
uint64_t runOnce(LLVMContext &Ctx, int Id) {
  // WARN@+1: ExecutionEngine created by 'llvm::EngineBuilder::create' is never released [llvmown-jit-resource-leak]
  ExecutionEngine *EE = EngineBuilder(buildKernel(Ctx, Id)).create();
  EE->finalizeObject();
  // NOTE@+1: 'EE' still owns it when the function returns here
  return EE->getFunctionAddress("kernel");
}

// Deleted on the success path only.
uint64_t runChecked(LLVMContext &Ctx, int Id) {
  // WARN@+1: ExecutionEngine created by 'llvm::EngineBuilder::create' leaks when the function returns at line 44
  ExecutionEngine *EE = EngineBuilder(buildKernel(Ctx, Id)).create();
  uint64_t Addr = EE->getFunctionAddress("kernel");
  if (!Addr)
    // NOTE@+1: 'EE' still owns it when the function returns here
    return 0;
  delete EE;
  return Addr;
}

// A DSP factory that keeps its engine in a raw member and never deletes it.
class KernelFactory {
  LLVMContext Ctx;
  ExecutionEngine *JIT = nullptr;

public:
  explicit KernelFactory(int Id) {
    // WARN@+2: ExecutionEngine created by 'llvm::EngineBuilder::create' is stored in member 'KernelFactory::JIT', which no destructor or member function of 'KernelFactory' releases
    // NOTE@+1: stored here
    JIT = EngineBuilder(buildKernel(Ctx, Id)).create();
  }
  ~KernelFactory() {}
  uint64_t entry() { return JIT->getFunctionAddress("kernel"); }
};

// Deleted when the kernel is missing, then again by the common cleanup.
uint64_t runTwice(LLVMContext &Ctx, int Id) {
  ExecutionEngine *EE = EngineBuilder(buildKernel(Ctx, Id)).create();
  uint64_t Addr = EE->getFunctionAddress("kernel");
  if (!Addr)
    delete EE; // NOTE: first released here
  delete EE; // WARN: ExecutionEngine 'EE' is released twice [llvmown-jit-resource-leak]
  return Addr;
}

//===--- Must not flag -----------------------------------------------------===//

uint64_t runAndDelete(LLVMContext &Ctx, int Id) {
  ExecutionEngine *EE = EngineBuilder(buildKernel(Ctx, Id)).create();
  uint64_t Addr = EE->getFunctionAddress("kernel");
  delete EE;
  return Addr;
}

uint64_t runOwned(LLVMContext &Ctx, int Id) {
  std::unique_ptr<ExecutionEngine> EE(
      EngineBuilder(buildKernel(Ctx, Id)).create());
  return EE->getFunctionAddress("kernel");
}

// The caller owns the engine.
ExecutionEngine *makeEngine(LLVMContext &Ctx, int Id) {
  return EngineBuilder(buildKernel(Ctx, Id)).create();
}

// Handed to the project, which keeps it.
void registerEngine(LLVMContext &Ctx, int Id) {
  keepEngine(EngineBuilder(buildKernel(Ctx, Id)).create());
}

// A set-up member function makes the engine; the destructor deletes it.
// Storing over the member is not reported: it is made once per object.
class LazyFactory {
  LLVMContext Ctx;
  ExecutionEngine *JIT = nullptr;
  int Id;

public:
  explicit LazyFactory(int Id) : Id(Id) {}
  ~LazyFactory() { delete JIT; }
  bool initJIT() {
    JIT = EngineBuilder(buildKernel(Ctx, Id)).create();
    return JIT != nullptr;
  }
};

class OwnedFactory {
  LLVMContext Ctx;
  ExecutionEngine *JIT = nullptr;

public:
  explicit OwnedFactory(int Id) {
    JIT = EngineBuilder(buildKernel(Ctx, Id)).create();
  }
  ~OwnedFactory() { delete JIT; }
  uint64_t entry() { return JIT->getFunctionAddress("kernel"); }
};
