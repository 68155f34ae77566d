// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%llvm_include -D_GNU_SOURCE -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%llvm_include -D_GNU_SOURCE -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS
//
// Shared contexts, null holders, fields of locals and owning raw pointers:
// false positives found while documenting the check, now must-not-flag
// cases, next to the must-flag cases they are easily confused with.

#include "llvm-c/Core.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/SourceMgr.h"
#include <memory>

using namespace llvm;

// A module made in a ThreadSafeContext's context: through getContext() up to
// LLVM 21, through withContextDo (its callback gets the context) from 22.
#if LLVM_VERSION_MAJOR >= 22
#define MODULE_IN(TSC, Name)                                                   \
  (TSC).withContextDo(                                                         \
      [&](LLVMContext *C) { return std::make_unique<Module>(Name, *C); })
#else
#define MODULE_IN(TSC, Name) std::make_unique<Module>(Name, *(TSC).getContext())
#endif

// Must not flag: one ThreadSafeContext shared by two ThreadSafeModules
// handed to the JIT; the copy in the first one does not end the context.
Error addTwo(orc::LLJIT &J) {
  orc::ThreadSafeContext TSC(std::make_unique<LLVMContext>());
  auto First = MODULE_IN(TSC, "first");
  if (Error Err = J.addIRModule(orc::ThreadSafeModule(std::move(First), TSC)))
    return Err;
  auto Second = MODULE_IN(TSC, "second");
  Second->setSourceFileName("second.ll");
  return J.addIRModule(orc::ThreadSafeModule(std::move(Second), TSC));
}

// Must not flag: a local ThreadSafeModule sharing the context dies first.
void sharedThenLocal() {
  orc::ThreadSafeContext TSC(std::make_unique<LLVMContext>());
  {
    orc::ThreadSafeModule TSM(MODULE_IN(TSC, "a"),
                              TSC);
  }
  auto M2 = MODULE_IN(TSC, "b");
  M2->setSourceFileName("b.ll");
}

// Must not flag: a ThreadSafeContext taken by value is a shared reference;
// the caller's copy keeps the context alive after this function returns.
std::unique_ptr<Module> makeIn(orc::ThreadSafeContext TSC) {
  return MODULE_IN(TSC, "m");
}

// Must not flag: a copy of a ThreadSafeContext is one more reference.
std::unique_ptr<Module> makeInCopy(const orc::ThreadSafeContext &Shared) {
  orc::ThreadSafeContext TSC = Shared;
  return MODULE_IN(TSC, "m");
}

// Must flag: a ThreadSafeContext made here is the only reference.
std::unique_ptr<Module> makeInFresh() {
  orc::ThreadSafeContext TSC(std::make_unique<LLVMContext>());
  return MODULE_IN(TSC, "m"); // WARN: module returned here belongs to LLVMContext 'TSC', which is destroyed when the function returns
}

struct CompileJob {
  std::unique_ptr<Module> M;
  int Id = 0;
};

// Must not flag: a field of a local object, filled with the context
// declared first, dies with the object, before the context.
int compileLocally(StringRef Path) {
  LLVMContext Ctx;
  SMDiagnostic Err;
  CompileJob Job;
  Job.M = parseIRFile(Path, Err, Ctx);
  return Job.M ? 1 : 0;
}

// Must not flag: on the path where the module is null it holds nothing, so
// deleting the context there is fine.
void nullOnError(StringRef Path) {
  SMDiagnostic Err;
  LLVMContext *Ctx = new LLVMContext;
  std::unique_ptr<Module> M = parseIRFile(Path, Err, *Ctx);
  if (!M) {
    delete Ctx;
    return;
  }
  M->setSourceFileName("ok.ll");
  M.reset();
  delete Ctx;
}

// Must not flag here: reassigning leaks the first context (c-api-dispose's
// finding) but does not destroy it; the module of the first stays valid.
void reassignPointer(StringRef Path) {
  SMDiagnostic Err;
  LLVMContext *Ctx = new LLVMContext; // WARN: llvm::LLVMContext created by 'new' is overwritten while still owned at line 106
  std::unique_ptr<Module> First = parseIRFile(Path, Err, *Ctx);
  Ctx = new LLVMContext; // WARN: llvm::LLVMContext created by 'new' is never released: delete it, or hold it in a std::unique_ptr
  First->setSourceFileName("first.ll");
}

// Must flag: a C context created by assignment, not declaration.
void assignedCContext(void) {
  LLVMContextRef C;
  C = LLVMContextCreate();
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext("m", C); // NOTE: 'M' is bound to 'C' here
  LLVMContextDispose(C); // NOTE: 'C' is destroyed here
  LLVMDisposeModule(M); // WARN: 'M' belongs to LLVMContext 'C', which was destroyed at line 115
}

// Must not flag: `M == nullptr` on a std::unique_ptr is a null test too.
void nullOnErrorCompared(StringRef Path) {
  SMDiagnostic Err;
  LLVMContext *Ctx = new LLVMContext;
  std::unique_ptr<Module> M = parseIRFile(Path, Err, *Ctx);
  if (M == nullptr) {
    delete Ctx;
    return;
  }
  M.reset();
  delete Ctx;
}
