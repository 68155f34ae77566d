// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-module-outlives-context: local variables declared so that the
// context is destroyed first. Locals die in reverse order of declaration: a
// std::unique_ptr<Module> declared before its context (in the same scope) and
// still owning the module at the end deletes a module the context already
// deleted. Not flagged: the right order, a module reset or handed over before
// the end, a module in another context, a module variable in an outer scope
// emptied inside the context's scope, a raw Module pointer (nothing is
// destroyed), and a context that is only a reference.

#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Type.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include <memory>
#include <string>
#include <vector>

using namespace llvm;

// Defined in another file: emits M, then destroys it.
void emitAndFree(std::unique_ptr<Module> M);

//===--- Must flag ---------------------------------------------------------===//

// Must flag: the module variable is declared before the context.
void declaredBeforeContext(StringRef Path) {
  SMDiagnostic Err;
  std::unique_ptr<Module> M; // WARN: 'M' is destroyed after LLVMContext 'Ctx', which already deleted its module; declare 'Ctx' before 'M'
  LLVMContext Ctx; // NOTE: 'Ctx' is declared here
  M = parseIRFile(Path, Err, Ctx);
  if (M)
    M->dump();
}

// Must flag: the same with a std::unique_ptr<LLVMContext>.
void heapContextDeclaredLate(StringRef Name) {
  std::unique_ptr<Module> M; // WARN: 'M' is destroyed after LLVMContext 'Ctx', which already deleted its module; declare 'Ctx' before 'M'
  auto Ctx = std::make_unique<LLVMContext>(); // NOTE: 'Ctx' is declared here
  M = std::make_unique<Module>(Name, *Ctx);
  M->setTargetTriple("x86_64-unknown-linux-gnu");
}

// Must flag: the same in a loop body (one context per iteration).
void perIterationWrongOrder(const std::vector<std::string> &Paths) {
  SMDiagnostic Err;
  for (const std::string &Path : Paths) {
    std::unique_ptr<Module> M; // WARN: 'M' is destroyed after LLVMContext 'Ctx', which already deleted its module; declare 'Ctx' before 'M'
    LLVMContext Ctx; // NOTE: 'Ctx' is declared here
    M = getLazyIRFileModule(Path, Err, Ctx);
    errs() << M->getModuleIdentifier() << "\n";
  }
}

// Must flag: the module is assigned on both branches.
void assignedOnBothBranches(StringRef Path, bool Lazy) {
  SMDiagnostic Err;
  std::unique_ptr<Module> M; // WARN: 'M' is destroyed after LLVMContext 'Ctx', which already deleted its module; declare 'Ctx' before 'M'
  LLVMContext Ctx; // NOTE: 'Ctx' is declared here
  if (Lazy)
    M = getLazyIRFileModule(Path, Err, Ctx);
  else
    M = parseIRFile(Path, Err, Ctx);
  M->dump();
}

// Must flag: a clone is in the context of its original, declared after it.
void cloneDeclaredFirst(StringRef Path) {
  SMDiagnostic Err;
  std::unique_ptr<Module> Copy; // WARN: 'Copy' is destroyed after LLVMContext 'Ctx', which already deleted its module; declare 'Ctx' before 'Copy'
  LLVMContext Ctx; // NOTE: 'Ctx' is declared here
  std::unique_ptr<Module> Original = parseIRFile(Path, Err, Ctx);
  Copy = CloneModule(*Original);
  Copy->dump();
}

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: the context is declared first.
void declaredInOrder(StringRef Path) {
  SMDiagnostic Err;
  LLVMContext Ctx;
  std::unique_ptr<Module> M;
  M = parseIRFile(Path, Err, Ctx);
  if (M)
    M->dump();
}

// Must not flag: declared in the wrong order, but the module is reset before
// the end of the scope.
void resetBeforeScopeEnd(StringRef Path) {
  SMDiagnostic Err;
  std::unique_ptr<Module> M;
  LLVMContext Ctx;
  M = parseIRFile(Path, Err, Ctx);
  M->dump();
  M.reset();
}

// Must not flag: declared in the wrong order, but the module is handed over
// before the end of the scope.
void handedOverBeforeScopeEnd(StringRef Path) {
  SMDiagnostic Err;
  std::unique_ptr<Module> M;
  LLVMContext Ctx;
  M = parseIRFile(Path, Err, Ctx);
  emitAndFree(std::move(M));
}

// Must not flag: the module variable is in an outer scope and is reset
// inside the context's scope.
void outerVariableResetInside(StringRef Path) {
  SMDiagnostic Err;
  std::unique_ptr<Module> M;
  {
    LLVMContext Ctx;
    M = parseIRFile(Path, Err, Ctx);
    M->dump();
    M.reset();
  }
}

// Must not flag: the module is in the caller's context; the local context
// declared after it is only used for a type.
unsigned moduleInCallerContext(LLVMContext &CallerCtx, StringRef Path) {
  SMDiagnostic Err;
  std::unique_ptr<Module> M;
  LLVMContext Scratch;
  M = parseIRFile(Path, Err, CallerCtx);
  M->dump();
  return Type::getInt64Ty(Scratch)->getBitWidth();
}

// Must not flag: of two local contexts, the module is in the one declared
// before it.
void moduleInFirstOfTwoContexts(StringRef Path) {
  SMDiagnostic Err;
  LLVMContext Main;
  std::unique_ptr<Module> M;
  LLVMContext Scratch;
  M = parseIRFile(Path, Err, Main);
  M->dump();
  errs() << Type::getInt64Ty(Scratch)->getBitWidth();
}

// Must not flag: a raw Module pointer declared first destroys nothing (the
// context deletes the module).
void rawPointerDeclaredFirst() {
  Module *M = nullptr;
  LLVMContext Ctx;
  M = new Module("scratch", Ctx);
  M->dump();
}

// Must not flag: the "context" declared after the module is a reference to
// the caller's context.
void contextReferenceDeclaredLate(Module &Other, StringRef Path) {
  SMDiagnostic Err;
  std::unique_ptr<Module> M;
  LLVMContext &Ctx = Other.getContext();
  M = parseIRFile(Path, Err, Ctx);
  M->dump();
}
