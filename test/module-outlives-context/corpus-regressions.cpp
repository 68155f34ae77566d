// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%llvm_include -D_GNU_SOURCE -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%llvm_include -D_GNU_SOURCE -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS
//
// Shapes found by running llvmown-module-outlives-context over real JITs and
// compilers (taichi, Luthier, XLA, StarRocks-like engines), against the real
// LLVM 19 headers.

#include "../Inputs/versions/llvm-versions.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/SourceMgr.h"
#include <map>
#include <memory>
#include <vector>

using namespace llvm;

// Must flag: taichi's shape with the members swapped; the context is held
// through a std::unique_ptr<orc::ThreadSafeContext>.
struct PerThreadData {
  std::unique_ptr<Module> RuntimeModule; // WARN: member 'RuntimeModule' is destroyed after member 'TSC', the LLVMContext its module is created in; declare 'TSC' before 'RuntimeModule'
  std::unique_ptr<orc::ThreadSafeContext> TSC; // NOTE: 'TSC' is declared here
  explicit PerThreadData(std::unique_ptr<orc::ThreadSafeContext> C)
      : TSC(std::move(C)) {
    RuntimeModule = MODULE_IN(*TSC, "rt"); // NOTE: the module is created in 'TSC' here
  }
};

// Must not flag: the right order of the same members.
struct PerThreadDataOrdered {
  std::unique_ptr<orc::ThreadSafeContext> TSC;
  std::unique_ptr<Module> RuntimeModule;
  explicit PerThreadDataOrdered(std::unique_ptr<orc::ThreadSafeContext> C)
      : TSC(std::move(C)) {
    RuntimeModule = MODULE_IN(*TSC, "rt");
  }
};

// Must not flag: the ThreadSafeModule moves into a map that keeps it alive,
// so the borrowed module stays valid (Luthier).
std::map<int, orc::ThreadSafeModule> Modules;
void keepInMap(orc::ThreadSafeContext &TSCtx) {
  orc::ThreadSafeModule TSModule{
      MODULE_IN(TSCtx, "m"), TSCtx};
  Module *Mod = TSModule.getModuleUnlocked();
  Modules.insert({1, std::move(TSModule)});
  Mod->setSourceFileName("kept.ll");
}

// Must not flag: the context is parked in a static vector before the module
// is returned.
std::unique_ptr<Module> parkContext(StringRef Path) {
  auto Ctx = std::make_unique<LLVMContext>();
  SMDiagnostic Err;
  auto M = parseIRFile(Path, Err, *Ctx);
  static std::vector<std::unique_ptr<LLVMContext>> Retained;
  Retained.push_back(std::move(Ctx));
  return M;
}

// Must not flag: the context is leaked on purpose with release().
std::unique_ptr<Module> leakContext(StringRef Path) {
  auto Ctx = std::make_unique<LLVMContext>();
  SMDiagnostic Err;
  auto M = parseIRFile(Path, Err, *Ctx);
  Ctx.release();
  return M;
}

// Must not flag: context and module move together into an owning object
// that is returned (XLA's kernel source).
struct KernelSource {
  KernelSource(std::unique_ptr<LLVMContext> C, std::unique_ptr<Module> M)
      : C(std::move(C)), M(std::move(M)) {}
  std::unique_ptr<LLVMContext> C;
  std::unique_ptr<Module> M;
};
KernelSource loadKernel(StringRef Path) {
  auto Context = std::make_unique<LLVMContext>();
  SMDiagnostic Err;
  std::unique_ptr<Module> Mod = parseIRFile(Path, Err, *Context);
  KernelSource Source(std::move(Context), std::move(Mod));
  return Source;
}

// Must not flag: the module inside an Expected moves out together with its
// context.
Expected<std::unique_ptr<Module>> translate(LLVMContext &Ctx);
int runModule(std::unique_ptr<Module> M, std::unique_ptr<LLVMContext> Ctx);
int translateAndRun() {
  auto Ctx = std::make_unique<LLVMContext>();
  auto Mod = translate(*Ctx);
  if (!Mod) {
    consumeError(Mod.takeError());
    return 1;
  }
  return runModule(std::move(*Mod), std::move(Ctx));
}

// Must not flag: a member object's method is given a local context and
// returns a module that stays local (mull's mutation test bed). Handing the
// context to the member stores no module in it.
struct IRBuilderFixture {
  std::unique_ptr<Module> build(StringRef Source, LLVMContext &C);
  bool verify(const Module &M) const;
};
class MutationBed {
  IRBuilderFixture Fixture;

public:
  bool tryOnce(StringRef Source) {
    LLVMContext Ctx;
    std::unique_ptr<Module> M = Fixture.build(Source, Ctx);
    // A const method of the member only looks at the module.
    return M && Fixture.verify(*M);
  }
};

// Must flag: a module of a local context pushed into a member container.
class ModuleCache {
  std::vector<std::unique_ptr<Module>> Modules;

public:
  void load(StringRef Path) {
    LLVMContext Ctx;
    SMDiagnostic Err;
    Modules.push_back(parseIRFile(Path, Err, Ctx)); // WARN: module stored here belongs to LLVMContext 'Ctx', which is destroyed when the function returns // NOTE: the module is bound to 'Ctx' here
  }
};
