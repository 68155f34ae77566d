// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-module-outlives-context: a `Module *` taken with get() from the
// temporary std::unique_ptr that a call returns (`parseIRFile(...).get()`)
// points to a module that the temporary deletes at the end of that
// statement. Every later use of the pointer is a use after free; a null
// test is not a use. Not flagged: the unique_ptr kept in a variable, a get()
// used only inside the statement that made the temporary, release(), and a
// pointer reassigned before its next use.

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include <memory>
#include <string>

using namespace llvm;

void link(Module *M);
Module *keep(Module *M);

// The shape of a real loader: the pointer is null-tested (not a use), then
// returned.
Module *loadSingle(const std::string &File, LLVMContext *Ctx) {
  SMDiagnostic Err;
  Module *M = parseIRFile(File, Err, *Ctx).get();
  if (M) {
    return M; // WARN: 'M' points to a module that the temporary std::unique_ptr returned by 'llvm::parseIRFile' deleted at the end of its statement, at line 29
  }
  return nullptr;
}

// Assigned rather than initialised, and used as an argument.
void cloneAndLink(const Module &Src) {
  Module *Copy;
  Copy = CloneModule(Src).get();
  link(Copy); // WARN: 'Copy' points to a module that the temporary std::unique_ptr returned by 'llvm::CloneModule' deleted
}

// One report per pointer: the first use.
void usedTwice(const Module &Src) {
  Module *Copy = CloneModule(Src).get();
  Copy->setModuleIdentifier("copy"); // WARN: 'Copy' points to a module
  link(Copy);
}

// Kept in a variable: the module lives as long as it.
Module *kept(const std::string &File, LLVMContext &Ctx) {
  SMDiagnostic Err;
  std::unique_ptr<Module> Owner = parseIRFile(File, Err, Ctx);
  Module *M = Owner.get();
  link(M);
  return keep(Owner.release());
}

// Used only inside the statement: the temporary is still alive.
void sameStatement(const Module &Src) { link(CloneModule(Src).get()); }

// release() hands the module over: nothing deletes it.
Module *released(const Module &Src) {
  Module *M = CloneModule(Src).release();
  link(M);
  return M;
}

// Reassigned before the next use.
void reassigned(const Module &Src, Module *Other) {
  Module *M = CloneModule(Src).get();
  M = Other;
  link(M);
}

// Only null-tested.
bool parses(const std::string &File, LLVMContext &Ctx) {
  SMDiagnostic Err;
  Module *M = parseIRFile(File, Err, Ctx).get();
  return M != nullptr;
}
