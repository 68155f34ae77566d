// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-retained-thread-safe-module in generic lambdas (`[this](auto &R,
// ThreadSafeModule TSM) {...}`): the call operator is a template, and the
// instantiation that the callback's std::function makes is analysed as the
// lambda. Flagged: a compile callback that moves each compiled module into a
// member map that nothing in the class erases. Not flagged: the same map
// erased by a member function; a generic lambda that only reads the module.

#include "llvm/ExecutionEngine/Orc/IRCompileLayer.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/IR/Module.h"
#include <map>
#include <memory>

using namespace llvm;
using namespace llvm::orc;

void inspect(const Module *M);

class KeepsCompiled {
  std::unique_ptr<LLJIT> Jit;
  std::map<const Module *, ThreadSafeModule> Compiled;

public:
  explicit KeepsCompiled(std::unique_ptr<LLJIT> J) : Jit(std::move(J)) {
    Jit->getIRCompileLayer().setNotifyCompiled(
        [this](auto &R, ThreadSafeModule TSM) {
          const Module *Key = TSM.getModuleUnlocked();
          Compiled[Key] = std::move(TSM); // WARN: ThreadSafeModule appended to member 'KeepsCompiled::Compiled', which nothing in 'KeepsCompiled' drains
        });
  }
};

class ErasesCompiled {
  std::unique_ptr<LLJIT> Jit;
  std::map<const Module *, ThreadSafeModule> Compiled;

public:
  explicit ErasesCompiled(std::unique_ptr<LLJIT> J) : Jit(std::move(J)) {
    Jit->getIRCompileLayer().setNotifyCompiled(
        [this](auto &R, ThreadSafeModule TSM) {
          const Module *Key = TSM.getModuleUnlocked();
          Compiled[Key] = std::move(TSM);
        });
  }
  void forget(const Module *M) { Compiled.erase(M); }
};

class OnlyReads {
  std::unique_ptr<LLJIT> Jit;

public:
  explicit OnlyReads(std::unique_ptr<LLJIT> J) : Jit(std::move(J)) {
    Jit->getIRCompileLayer().setNotifyCompiled(
        [](auto &R, ThreadSafeModule TSM) { inspect(TSM.getModuleUnlocked()); });
  }
};
