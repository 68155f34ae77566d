// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%llvm_include -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%llvm_include -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS
//
// llvmown-c-api-dispose, objects of a C API kind made with `new`: a
// `new llvm::Module(Name, Ctx)` held by a raw pointer must be deleted or
// handed to an owner, like a module a helper hands out. Both real bugs this
// comes from built a module per compilation with new and lost it: one on
// an error path (a finalizer module when linking the kernel library
// fails), one on every path (a dispatch module made by a helper and never
// deleted by its caller).

#include "llvm/ExecutionEngine/ExecutionEngine.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include <memory>
#include <string>
#include <vector>

bool linkLibrary(llvm::Module &M);
void emitObject(llvm::Module &M);

//===--- Must flag --------------------------------------------------------===//

unsigned functionsOf(llvm::LLVMContext &Ctx) {
  llvm::Module *M = new llvm::Module("scratch", Ctx); // WARN: llvm::Module created by 'new' is never released: delete it, or hold it in a std::unique_ptr
  return M->size(); // NOTE: 'M' still holds it when the function returns here
}

// Lost on the error path only.
bool finalize(llvm::LLVMContext &Ctx) {
  auto *M = new llvm::Module("finalizer", Ctx); // WARN: llvm::Module created by 'new' is not released when the function returns at line 33
  if (!linkLibrary(*M))
    return false; // NOTE: 'M' still holds it when the function returns here
  emitObject(*M);
  delete M;
  return true;
}

// A helper that returns what it made with new is a factory: its caller
// owns the module.
static llvm::Module *initDispatch(llvm::LLVMContext &Ctx) {
  llvm::Module *M = new llvm::Module("dispatch", Ctx);
  M->setSourceFileName("dispatch.ll");
  return M;
}

void writeDispatch(llvm::LLVMContext &Ctx) {
  llvm::Module *D = initDispatch(Ctx); // WARN: llvm::Module returned by 'initDispatch' is never released: delete it, or hold it in a std::unique_ptr
  emitObject(*D);
} // NOTE: 'D' still holds it when the function returns here

void scratchContext() {
  llvm::LLVMContext *Ctx = new llvm::LLVMContext(); // WARN: llvm::LLVMContext created by 'new' is never released: delete it, or hold it in a std::unique_ptr
  Ctx->setDiscardValueNames(true);
} // NOTE: 'Ctx' still holds it when the function returns here

// The context pointer is a local copy of a long-lived context's: the
// module outlives the function (the finalizer's module of the real bug).
struct DeviceData {
  llvm::LLVMContext *Context;
};
bool compileKernel(DeviceData *Dev) {
  llvm::LLVMContext *Ctx = Dev->Context;
  llvm::Module *Parallel = new llvm::Module("parallel", *Ctx); // WARN: llvm::Module created by 'new' is not released when the function returns at line 66
  if (!linkLibrary(*Parallel))
    return false; // NOTE: 'Parallel' still holds it when the function returns here
  delete Parallel;
  return true;
}

//===--- Must not flag ----------------------------------------------------===//

unsigned owned(llvm::LLVMContext &Ctx) {
  std::unique_ptr<llvm::Module> M(new llvm::Module("owned", Ctx));
  return M->size();
}

void deletedOnEveryPath(llvm::LLVMContext &Ctx) {
  llvm::Module *M = new llvm::Module("deleted", Ctx);
  if (!linkLibrary(*M)) {
    delete M;
    return;
  }
  emitObject(*M);
  delete M;
}

// Handed to an engine, which owns it from then on.
llvm::ExecutionEngine *engineFor(llvm::LLVMContext &Ctx) {
  llvm::Module *M = new llvm::Module("jit", Ctx);
  return llvm::EngineBuilder(std::unique_ptr<llvm::Module>(M)).create();
}

// The caller of the factory owns it, and holds it in a unique_ptr.
void writeDispatchOwned(llvm::LLVMContext &Ctx) {
  std::unique_ptr<llvm::Module> D(initDispatch(Ctx));
  emitObject(*D);
}

// Kept by an owner that outlives the function.
llvm::LLVMContext *ProcessContext;
std::vector<std::unique_ptr<llvm::Module>> Kept;
struct Session {
  std::unique_ptr<llvm::Module> Mod;
  void start(llvm::LLVMContext &Ctx) { Mod.reset(new llvm::Module("s", Ctx)); }
};
void keepModules(llvm::LLVMContext &Ctx) {
  ProcessContext = new llvm::LLVMContext();
  Kept.emplace_back(new llvm::Module("kept", Ctx));
}

// An array of pointers, and an object of the project that merely holds
// a context reference: nothing of a tracked kind is made.
struct Compiler {
  explicit Compiler(llvm::LLVMContext &C) : Ctx(C) {}
  llvm::LLVMContext &Ctx;
};
void noTrackedObject(llvm::LLVMContext &Ctx) {
  llvm::Module **Slots = new llvm::Module *[4]();
  delete[] Slots;
  Compiler *C = new Compiler(Ctx);
  delete C;
}

// Made in a context that ends in this function: destroying the context
// deletes the modules still in it.
void inLocalContext() {
  llvm::LLVMContext Ctx;
  llvm::Module *M = new llvm::Module("scratch", Ctx);
  M->setSourceFileName("dispatch.ll");
}
void inOwnedContext() {
  auto Ctx = std::make_unique<llvm::LLVMContext>();
  llvm::Module *M = new llvm::Module("scratch", *Ctx);
  emitObject(*M);
}
void inNewContext() {
  llvm::LLVMContext *Ctx = new llvm::LLVMContext();
  llvm::Module *M = new llvm::Module("scratch", *Ctx);
  emitObject(*M);
  delete Ctx;
}
void inOwnedContextByGet() {
  std::unique_ptr<llvm::LLVMContext> Ctx(new llvm::LLVMContext());
  llvm::Module *M = new llvm::Module("scratch", *Ctx.get());
  emitObject(*M);
}
