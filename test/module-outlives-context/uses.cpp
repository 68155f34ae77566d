// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-module-outlives-context: a module, or IR derived from it, used
// after the LLVMContext it belongs to was destroyed in the same function.
// The context ends when a local LLVMContext's scope closes (at the closing
// brace, or at the break that leaves it), at `delete` of a local
// `new LLVMContext`, at reset() or reassignment of a local
// std::unique_ptr<LLVMContext>, or when that unique_ptr is moved into a called
// function (which destroys it). Not flagged: contexts from the caller, modules
// destroyed or handed over before their context ends, and one context per
// loop iteration whose module dies in the same iteration.
//
// Each must-flag function has exactly one use after the context's end; the
// module variable's own destruction at the end of the function is not a
// second finding (for a module declared before its context in the same scope
// that is the declaration-order finding, see locals-order.cpp).

#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Type.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include <memory>
#include <string>
#include <vector>

using namespace llvm;

// Defined in another file. compile() owns Ctx (it dies when compile returns)
// and borrows M.
bool compile(std::unique_ptr<LLVMContext> Ctx, Module &M);
// Owns both.
bool compileOwned(std::unique_ptr<LLVMContext> Ctx, std::unique_ptr<Module> M);
// Borrows both.
bool compileIn(LLVMContext &Ctx, Module &M);
// Emits M, then destroys it.
void emitAndFree(std::unique_ptr<Module> M);

//===--- Must flag ---------------------------------------------------------===//

// Must flag: a unique_ptr<Module> used after the inner scope that held its
// context closed.
void dumpAfterScope(StringRef Path) {
  SMDiagnostic Err;
  std::unique_ptr<Module> M;
  {
    LLVMContext Ctx;
    M = parseIRFile(Path, Err, Ctx); // NOTE: 'M' is bound to 'Ctx' here
  } // NOTE: 'Ctx' is destroyed here
  M->dump(); // WARN: 'M' belongs to LLVMContext 'Ctx', which was destroyed at line 53
}

// Must flag: a raw pointer from `new Module` (the context deleted the module
// when its scope closed).
std::string nameAfterScope() {
  Module *M = nullptr;
  {
    LLVMContext Ctx;
    M = new Module("scratch", Ctx); // NOTE: 'M' is bound to 'Ctx' here
    M->setTargetTriple("x86_64-unknown-linux-gnu");
  } // NOTE: 'Ctx' is destroyed here
  return M->getModuleIdentifier(); // WARN: 'M' belongs to LLVMContext 'Ctx', which was destroyed at line 65
}

// Must flag: `delete` of the context deletes its modules.
void printAfterDelete(StringRef Path) {
  SMDiagnostic Err;
  LLVMContext *Ctx = new LLVMContext;
  std::unique_ptr<Module> M = getLazyIRFileModule(Path, Err, *Ctx); // NOTE: 'M' is bound to 'Ctx' here
  delete Ctx; // NOTE: 'Ctx' is destroyed here
  errs() << M->getModuleIdentifier(); // WARN: 'M' belongs to LLVMContext 'Ctx', which was destroyed at line 74
}

// Must flag: reset() of the std::unique_ptr<LLVMContext>.
bool hasMainAfterReset(StringRef Name) {
  auto Ctx = std::make_unique<LLVMContext>();
  auto M = std::make_unique<Module>(Name, *Ctx); // NOTE: 'M' is bound to 'Ctx' here
  Ctx.reset(); // NOTE: 'Ctx' is destroyed here
  return M->getFunction("main") != nullptr; // WARN: 'M' belongs to LLVMContext 'Ctx', which was destroyed at line 82
}

// Must flag: reassigning the std::unique_ptr<LLVMContext> destroys the first
// context. 'Second' belongs to the new one and is fine.
void reuseContextVariable(StringRef A, StringRef B) {
  SMDiagnostic Err;
  auto Ctx = std::make_unique<LLVMContext>();
  std::unique_ptr<Module> First = parseIRFile(A, Err, *Ctx); // NOTE: 'First' is bound to 'Ctx' here
  Ctx = std::make_unique<LLVMContext>(); // NOTE: 'Ctx' is destroyed here
  std::unique_ptr<Module> Second = parseIRFile(B, Err, *Ctx);
  Second->dump();
  First->dump(); // WARN: 'First' belongs to LLVMContext 'Ctx', which was destroyed at line 92
}

// Must flag: the context is moved into compile(), which destroys it when it
// returns; the module was only lent to it.
void reportAfterCompile(StringRef Path) {
  SMDiagnostic Err;
  auto Ctx = std::make_unique<LLVMContext>();
  std::unique_ptr<Module> M = parseIRFile(Path, Err, *Ctx); // NOTE: 'M' is bound to 'Ctx' here
  if (!compile(std::move(Ctx), *M)) // NOTE: 'Ctx' is moved into 'compile' here
    errs() << "cannot compile " << M->getModuleIdentifier() << "\n"; // WARN: 'M' belongs to LLVMContext 'Ctx', which was destroyed at line 104
}

enum class InputKind { Text, Empty };

// Must flag: a function of a module whose context was destroyed at the
// `break` that left its case block.
void printEntryName(InputKind Kind, StringRef Path) {
  SMDiagnostic Err;
  Function *Entry = nullptr;
  switch (Kind) {
  case InputKind::Text: {
    LLVMContext Ctx;
    std::unique_ptr<Module> M = parseIRFile(Path, Err, Ctx);
    Entry = M->getFunction("entry"); // NOTE: 'Entry' is bound to 'Ctx' here
    break; // NOTE: 'Ctx' is destroyed here
  }
  case InputKind::Empty:
    return;
  }
  errs() << Entry->getName(); // WARN: 'Entry' belongs to LLVMContext 'Ctx', which was destroyed at line 120
}

// Must flag: a function created in a module of an inner scope's context.
void declareThenName() {
  Function *Init = nullptr;
  {
    LLVMContext Ctx;
    auto M = std::make_unique<Module>("decls", Ctx);
    FunctionType *FT = FunctionType::get(Type::getVoidTy(Ctx), false);
    Init = Function::Create(FT, Function::ExternalLinkage, "init", M.get()); // NOTE: 'Init' is bound to 'Ctx' here
  } // NOTE: 'Ctx' is destroyed here
  errs() << Init->getName(); // WARN: 'Init' belongs to LLVMContext 'Ctx', which was destroyed at line 136
}

// Must flag: types are owned by their context too.
bool isWideAfterScope() {
  IntegerType *Ty = nullptr;
  {
    LLVMContext Ctx;
    Ty = Type::getInt64Ty(Ctx); // NOTE: 'Ty' is bound to 'Ctx' here
  } // NOTE: 'Ctx' is destroyed here
  return Ty->getBitWidth() > 32; // WARN: 'Ty' belongs to LLVMContext 'Ctx', which was destroyed at line 146
}

// Must flag: a raw pointer copied from the unique_ptr, used after `delete`
// of the context.
void nameThroughRawPointer(StringRef Path) {
  SMDiagnostic Err;
  LLVMContext *Ctx = new LLVMContext;
  std::unique_ptr<Module> M = parseIRFile(Path, Err, *Ctx);
  Module *Raw = M.get(); // NOTE: 'Raw' is bound to 'Ctx' here
  delete Ctx; // NOTE: 'Ctx' is destroyed here
  errs() << Raw->getName(); // WARN: 'Raw' belongs to LLVMContext 'Ctx', which was destroyed at line 157
}

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: the context comes from the caller (by pointer); the module is
// created in an inner scope and used after it.
void dumpInCallerContext(LLVMContext *Ctx, StringRef Path) {
  SMDiagnostic Err;
  std::unique_ptr<Module> M;
  {
    M = parseIRFile(Path, Err, *Ctx);
  }
  M->dump();
}

// Must not flag: the context comes from the caller (by reference); a function
// of the module is used after the inner scope.
void entryInCallerContext(LLVMContext &Ctx, StringRef Path) {
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseIRFile(Path, Err, Ctx);
  Function *Entry = nullptr;
  {
    Entry = M->getFunction("entry");
  }
  errs() << Entry->getName();
}

// Must not flag: the module is reset before the context.
void resetInOrder(StringRef Path) {
  SMDiagnostic Err;
  auto Ctx = std::make_unique<LLVMContext>();
  std::unique_ptr<Module> M = parseIRFile(Path, Err, *Ctx);
  M->dump();
  M.reset();
  Ctx.reset();
}

// Must not flag: the module is deleted before the context.
void deleteInOrder() {
  LLVMContext *Ctx = new LLVMContext;
  Module *M = new Module("tmp", *Ctx);
  M->dump();
  delete M;
  delete Ctx;
}

// Must not flag: each module lives in an inner scope of its context's scope.
void modulesInInnerScopes(const std::vector<std::string> &Paths) {
  LLVMContext Ctx;
  SMDiagnostic Err;
  for (const std::string &Path : Paths) {
    std::unique_ptr<Module> M = parseIRFile(Path, Err, Ctx);
    if (M)
      M->dump();
  }
}

// Must not flag: one context per loop iteration; the module dies in the same
// iteration, before the context (also at the `continue`).
void oneContextPerFile(const std::vector<std::string> &Paths) {
  SMDiagnostic Err;
  for (const std::string &Path : Paths) {
    LLVMContext Ctx;
    std::unique_ptr<Module> M = parseIRFile(Path, Err, Ctx);
    if (!M)
      continue;
    errs() << M->getModuleIdentifier() << "\n";
  }
}

// Must not flag: the unique_ptr<LLVMContext> is reassigned in each iteration;
// the previous iteration's module is already gone by then.
void freshContextPerFile(const std::vector<std::string> &Paths) {
  SMDiagnostic Err;
  std::unique_ptr<LLVMContext> Ctx;
  for (const std::string &Path : Paths) {
    Ctx = std::make_unique<LLVMContext>();
    std::unique_ptr<Module> M = parseIRFile(Path, Err, *Ctx);
    if (M)
      M->dump();
  }
}

// A consumer that owns the modules added to it.
class ModuleSink {
public:
  void add(std::unique_ptr<Module> M);
  void run();
};

// Must not flag: the module is moved into the sink before the context's scope
// closes (the sink is declared after the context, so it dies first).
void compileWithSink(StringRef Path) {
  LLVMContext Ctx;
  ModuleSink J;
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseIRFile(Path, Err, Ctx);
  J.add(std::move(M));
  J.run();
}

// Must not flag: the module is handed over inside the context's scope; the
// moved-from variable outlives it, holding nothing.
void emitFromInnerScope(StringRef Path) {
  SMDiagnostic Err;
  std::unique_ptr<Module> M;
  {
    LLVMContext Ctx;
    M = parseIRFile(Path, Err, Ctx);
    emitAndFree(std::move(M));
  }
}

// Must not flag: the context is lent to the callee, not moved into it.
void reportAfterBorrowingCompile(StringRef Path) {
  SMDiagnostic Err;
  auto Ctx = std::make_unique<LLVMContext>();
  std::unique_ptr<Module> M = parseIRFile(Path, Err, *Ctx);
  if (!compileIn(*Ctx, *M))
    errs() << "cannot compile " << M->getModuleIdentifier() << "\n";
}

// Must not flag: the context and the module are moved into the callee
// together; the module is not used afterwards.
bool compileTogether(StringRef Path) {
  SMDiagnostic Err;
  auto Ctx = std::make_unique<LLVMContext>();
  std::unique_ptr<Module> M = parseIRFile(Path, Err, *Ctx);
  if (!M)
    return false;
  return compileOwned(std::move(Ctx), std::move(M));
}
