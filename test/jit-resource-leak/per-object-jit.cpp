// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-jit-resource-leak: a JIT per object. A compiled-expression object
// that owns its own LLJIT and adds, once, the module it was built with (moved
// out of its own member) frees that code with itself: the add is bounded by
// the object's lifetime and is not flagged. Flagged are the shapes where code
// still piles up: the object borrows a shared JIT, or some member function
// refills the module member, so one object can add again and again.
// (Seen in a survey project: one engine per projection, module added once.)

#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <string>

using namespace llvm;
using namespace llvm::orc;

// Must not flag: one JIT per object, made by the factory, and the object's
// one module moved into it when the object is finished.
class CompiledExpr {
  std::unique_ptr<LLVMContext> Ctx;
  std::unique_ptr<Module> Mod;
  std::unique_ptr<LLJIT> Jit;

  CompiledExpr(std::unique_ptr<LLJIT> J)
      : Ctx(std::make_unique<LLVMContext>()),
        Mod(std::make_unique<Module>("expr", *Ctx)), Jit(std::move(J)) {}

public:
  static Expected<std::unique_ptr<CompiledExpr>> make() {
    auto J = LLJITBuilder().create();
    if (!J)
      return J.takeError();
    return std::unique_ptr<CompiledExpr>(new CompiledExpr(std::move(*J)));
  }

  Module &module() { return *Mod; }

  Error finish() {
    return Jit->addIRModule(ThreadSafeModule(std::move(Mod), std::move(Ctx)));
  }
};

// Must not flag: the same, through a local ThreadSafeModule built from the
// object's members.
class CompiledFilter {
  std::unique_ptr<LLVMContext> Ctx = std::make_unique<LLVMContext>();
  std::unique_ptr<Module> Mod;
  std::unique_ptr<LLJIT> Jit;

public:
  explicit CompiledFilter(std::unique_ptr<LLJIT> J) : Jit(std::move(J)) {
    Mod = std::make_unique<Module>("filter", *Ctx);
  }

  Error finish() {
    ThreadSafeModule TSM(std::move(Mod), std::move(Ctx));
    if (Error Err = Jit->addIRModule(std::move(TSM)))
      return Err;
    return Error::success();
  }
};

// Must not flag: the same with a ThreadSafeModule member.
class Kernel {
  ThreadSafeModule TSM;
  std::unique_ptr<LLJIT> Jit;

public:
  Kernel(ThreadSafeModule M, std::unique_ptr<LLJIT> J)
      : TSM(std::move(M)), Jit(std::move(J)) {}
  Error load() { return Jit->addIRModule(std::move(TSM)); }
};

// Must flag: the object borrows a JIT that outlives it, so every object made
// (one per request) leaves its module in the shared JIT.
class SharedJitExpr {
  std::unique_ptr<LLVMContext> Ctx;
  std::unique_ptr<Module> Mod;
  LLJIT &Jit;

public:
  explicit SharedJitExpr(LLJIT &J)
      : Ctx(std::make_unique<LLVMContext>()),
        Mod(std::make_unique<Module>("expr", *Ctx)), Jit(J) {}

  Error finish() {
    return Jit.addIRModule(ThreadSafeModule(std::move(Mod), std::move(Ctx))); // WARN: JIT'd code added by 'addIRModule' in 'SharedJitExpr::finish' is never freed: it goes to the default resource tracker of its JITDylib and nothing in 'SharedJitExpr' removes it
  }
};

// Must flag: the JIT is the object's own, but setModule refills the module
// member, so one long-lived object adds a module per request.
class Evaluator {
  std::unique_ptr<LLVMContext> Ctx = std::make_unique<LLVMContext>();
  std::unique_ptr<Module> Pending;
  std::unique_ptr<LLJIT> Jit;

public:
  explicit Evaluator(std::unique_ptr<LLJIT> J) : Jit(std::move(J)) {}

  void setModule(std::unique_ptr<Module> M) { Pending = std::move(M); }

  Error commit() {
    return Jit->addIRModule( // WARN: JIT'd code added by 'addIRModule' in 'Evaluator::commit' is never freed: it goes to the default resource tracker of its JITDylib and nothing in 'Evaluator' removes it
        ThreadSafeModule(std::move(Pending), std::make_unique<LLVMContext>()));
  }
};
