// Stand-in for llvm/ExecutionEngine/Orc/ThreadSafeModule.h (LLVM 19), for the
// llvmown lit tests.
//
// A ThreadSafeContext shares one LLVMContext between its copies (through a
// std::shared_ptr); the context is deleted with the last copy. A
// ThreadSafeModule holds its module and a copy of the ThreadSafeContext, and
// destroys the module first.
#ifndef LLVM_EXECUTIONENGINE_ORC_THREADSAFEMODULE_H
#define LLVM_EXECUTIONENGINE_ORC_THREADSAFEMODULE_H

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include <memory>
#include <utility>

namespace llvm {
namespace orc {

class ThreadSafeContext {
  std::shared_ptr<LLVMContext> Shared;

public:
  /// Keeps the context alive (and, in LLVM, locked) while it exists.
  class [[nodiscard]] Lock {
    std::shared_ptr<LLVMContext> KeepAlive;

  public:
    explicit Lock(std::shared_ptr<LLVMContext> Ctx)
        : KeepAlive(std::move(Ctx)) {}
  };

  /// A null context.
  ThreadSafeContext() = default;
  /// Takes ownership of NewCtx (which must not be null).
  ThreadSafeContext(std::unique_ptr<LLVMContext> NewCtx)
      : Shared(std::move(NewCtx)) {}

  /// Unlocked access; null for a null context.
  LLVMContext *getContext() { return Shared.get(); }
  const LLVMContext *getContext() const { return Shared.get(); }

  Lock getLock() const { return Lock(Shared); }
};

class ThreadSafeModule {
  std::unique_ptr<Module> M;
  ThreadSafeContext TSCtx;

public:
  /// A null module and a null context.
  ThreadSafeModule() = default;
  ThreadSafeModule(ThreadSafeModule &&Other) = default;
  /// Destroys the module it holds (under the lock) before taking Other's.
  ThreadSafeModule &operator=(ThreadSafeModule &&Other);

  /// Makes a new ThreadSafeContext that owns Ctx.
  ThreadSafeModule(std::unique_ptr<Module> M, std::unique_ptr<LLVMContext> Ctx)
      : M(std::move(M)), TSCtx(std::move(Ctx)) {}
  /// Shares an existing ThreadSafeContext.
  ThreadSafeModule(std::unique_ptr<Module> M, ThreadSafeContext TSCtx)
      : M(std::move(M)), TSCtx(std::move(TSCtx)) {}

  /// Destroys the module (under the lock), then drops its context reference.
  ~ThreadSafeModule();

  explicit operator bool() const { return M != nullptr; }

  /// Calls F(Module &) with the context locked.
  template <typename Func> decltype(auto) withModuleDo(Func &&F) {
    auto L = TSCtx.getLock();
    return F(*M);
  }
  template <typename Func> decltype(auto) withModuleDo(Func &&F) const {
    auto L = TSCtx.getLock();
    return F(*M);
  }
  /// Calls F(std::unique_ptr<Module>) with the context locked.
  template <typename Func> decltype(auto) consumingModuleDo(Func &&F) {
    auto L = TSCtx.getLock();
    return F(std::move(M));
  }

  /// A raw pointer to the module, without locking; valid while this
  /// ThreadSafeModule still holds it.
  Module *getModuleUnlocked() { return M.get(); }
  const Module *getModuleUnlocked() const { return M.get(); }

  /// A copy of the context (which keeps it alive).
  ThreadSafeContext getContext() const { return TSCtx; }
};

} // namespace orc
} // namespace llvm

#endif
