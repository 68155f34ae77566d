// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%llvm_include -D_GNU_SOURCE -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%llvm_include -D_GNU_SOURCE -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS
//
// Shapes found by running the check over Julia's aotcompile.cpp, Julia's
// context pool, Modular's engine and hand-written descriptors.

#include "../Inputs/versions/llvm-versions.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include <memory>
#include <queue>
#include <vector>

using namespace llvm;

template <typename F> static void compileAll(Module &M, F Released) {
  Released(M);
}

// Must flag: Julia 1.11+'s shape. The only other deletes are under a
// condition and in a callback, which may never run: neither is a dedicated
// release function. The descriptor is an anonymous struct named by typedef.
typedef struct {
  orc::ThreadSafeModule M;
} jl_native_code_t;

extern "C" void *emit_native_jl(orc::ThreadSafeModule *TSM) {
  jl_native_code_t *Data = new jl_native_code_t;
  Data->M = std::move(*TSM); // WARN: ThreadSafeModule stored in 'jl_native_code_t::M' of a heap object that escapes as a raw pointer keeps its LLVMContext alive until the object is deleted
  return (void *)Data; // NOTE: the object escapes here
}

extern "C" void dump_native_jl(void *Native, const char *Out) {
  jl_native_code_t *Data = (jl_native_code_t *)Native;
  if (!Out) {
    delete Data; // NOTE: 'jl_native_code_t' is deleted only here, in 'dump_native_jl'
    return;
  }
  compileAll(*Data->M.getModuleUnlocked(), [Data](Module &) { delete Data; });
}

// Must not flag: a release function that tolerates null is still a
// dedicated release function.
struct GuardedCode {
  orc::ThreadSafeModule M;
};
extern "C" void *emit_guarded(orc::ThreadSafeModule *TSM) {
  auto *Data = new GuardedCode;
  Data->M = std::move(*TSM);
  return Data;
}
extern "C" void free_guarded(void *P) {
  if (P)
    delete static_cast<GuardedCode *>(P);
}

// Must flag: the delete comes after an early return that can skip it (the
// object is kept while it is shared), so no function deletes the type on
// every path. The enclosing statements alone do not show that.
struct SharedCode {
  orc::ThreadSafeModule M;
  int Users = 0;
};
extern "C" void *emit_shared(orc::ThreadSafeModule *TSM) {
  auto *Data = new SharedCode;
  Data->M = std::move(*TSM); // WARN: ThreadSafeModule stored in 'SharedCode::M' of a heap object that escapes as a raw pointer keeps its LLVMContext alive until the object is deleted
  return Data; // NOTE: the object escapes here
}
extern "C" void drop_shared(void *P) {
  auto *Data = static_cast<SharedCode *>(P);
  if (--Data->Users > 0)
    return;
  delete Data; // NOTE: 'SharedCode' is deleted only here, in 'drop_shared'
}

// Must not flag: an early return when the pointer is null is a null guard,
// and a path that aborts ends the process.
struct ReturningCode {
  orc::ThreadSafeModule M;
};
extern "C" void *emit_returning(orc::ThreadSafeModule *TSM) {
  auto *Data = new ReturningCode;
  Data->M = std::move(*TSM);
  return Data;
}
[[noreturn]] void fatal(const char *Why);
extern "C" void free_returning(void *P, bool Valid) {
  if (!P)
    return;
  if (!Valid)
    fatal("freeing an invalid descriptor");
  delete static_cast<ReturningCode *>(P);
}

// Must not flag: a release function that frees through a smart pointer.
struct AdoptedCode {
  orc::ThreadSafeModule M;
};
extern "C" void *emit_adopted(orc::ThreadSafeModule *TSM) {
  auto *Data = new AdoptedCode;
  Data->M = std::move(*TSM);
  return Data;
}
extern "C" void free_adopted(void *P) {
  std::unique_ptr<AdoptedCode> Owner(static_cast<AdoptedCode *>(P));
}

// Must not flag: a global queue that another function drains.
std::vector<orc::ThreadSafeModule> PendingModules;
void enqueue(orc::ThreadSafeModule TSM) {
  PendingModules.push_back(std::move(TSM));
}
size_t flushPending() {
  size_t N = PendingModules.size();
  PendingModules.clear();
  return N;
}

// Must not flag: Julia's context pool, emptied through a helper that takes
// the queue by reference.
class ContextPool {
  std::queue<orc::ThreadSafeContext> Pool;
  static orc::ThreadSafeContext pop(std::queue<orc::ThreadSafeContext> &Q) {
    orc::ThreadSafeContext Ctx = Q.front();
    Q.pop();
    return Ctx;
  }

public:
  orc::ThreadSafeContext acquire() {
    if (Pool.empty())
      return orc::ThreadSafeContext(std::make_unique<LLVMContext>());
    return pop(Pool);
  }
  void release(orc::ThreadSafeContext Ctx) { Pool.push(std::move(Ctx)); }
};

// Must flag, naming the element: emplace_back builds a ThreadSafeModule from
// a module and the engine's context; modules pile up with every call.
class Engine {
public:
  Engine() : Ctx(std::make_unique<LLVMContext>()) {}
  void add(StringRef Name) {
    auto M = MODULE_IN(Ctx, Name);
    Kept.emplace_back(std::move(M), Ctx); // WARN: ThreadSafeModule appended to member 'Engine::Kept', which nothing in 'Engine' drains: each call keeps another module and its LLVMContext alive
  }

private:
  orc::ThreadSafeContext Ctx;
  std::vector<orc::ThreadSafeModule> Kept;
};
