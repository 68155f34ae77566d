// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%llvm_include -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%llvm_include -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS
//
// llvmown-c-api-dispose, C++ objects of a C API kind handed out by
// std::unique_ptr::release() in the same file: a helper that parses a module
// and returns it as a raw llvm::Module * makes its callers owners (the
// survey's ispc builtins library, parsed anew on every call and never
// deleted). Before, only a helper in another file, seen through project
// summaries, did. A TargetMachine released the same way is
// llvmown-target-machine-leak's, not this check's.

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "../Inputs/versions/llvm-versions.h"
#include TARGET_REGISTRY_H
#include "llvm/Support/SourceMgr.h"
#include "llvm/Target/TargetMachine.h"
#include <memory>
#include <string>
#include <vector>

namespace {

llvm::LLVMContext &processContext() {
  static llvm::LLVMContext Ctx;
  return Ctx;
}

/// Parses the library anew: the caller owns the module.
llvm::Module *parseLibrary(llvm::LLVMContext &Ctx, const std::string &IR) {
  llvm::SMDiagnostic Err;
  std::unique_ptr<llvm::Module> M = llvm::parseAssemblyString(IR, Err, Ctx);
  return M.release();
}

struct Library {
  std::string IR;
  llvm::Module *load(llvm::LLVMContext &Ctx) const {
    auto M = std::make_unique<llvm::Module>("library", Ctx);
    return M.release();
  }
};

} // namespace

//===--- Must flag --------------------------------------------------------===//

unsigned countDefinitions(const std::string &IR) {
  llvm::Module *Lib = parseLibrary(processContext(), IR); // WARN: llvm::Module returned by 'parseLibrary' is never released: delete it, or hold it in a std::unique_ptr
  unsigned N = 0;
  for (const llvm::Function &F : *Lib)
    N += !F.isDeclaration();
  return N;
}

bool hasEntry(const Library &L) {
  llvm::Module *M = L.load(processContext()); // WARN: llvm::Module returned by 'Library::load' is never released: delete it, or hold it in a std::unique_ptr
  return M->getFunction("entry") != nullptr;
}

// Released from the caller's pointer and dropped.
void dropModule(std::unique_ptr<llvm::Module> M) {
  llvm::Module *Raw = M.release(); // WARN: llvm::Module returned by 'std::unique_ptr::release' is never released: delete it, or hold it in a std::unique_ptr
  (void)Raw;
}

//===--- Must not flag ----------------------------------------------------===//

unsigned countAndDelete(const std::string &IR) {
  std::unique_ptr<llvm::Module> Lib(parseLibrary(processContext(), IR));
  return Lib ? Lib->size() : 0;
}

void deleteIt(const Library &L) {
  llvm::Module *M = L.load(processContext());
  delete M;
}

// Kept: the vector owns what it holds until the caller says otherwise.
void keep(const Library &L, std::vector<std::unique_ptr<llvm::Module>> &Out) {
  Out.emplace_back(L.load(processContext()));
}

// Given up on purpose: the raw pointer is kept elsewhere, or the context
// is leaked deliberately; a dropped release() result says so.
std::vector<llvm::Module *> Borrowed;
void keepRaw(std::unique_ptr<llvm::Module> M) {
  Borrowed.push_back(M.get());
  (void)M.release();
}
void leakOnPurpose(std::unique_ptr<llvm::LLVMContext> Ctx) { Ctx.release(); }

// Adopted by an object of the project: its constructor initializes a
// unique_ptr member with it (Oclgrind's `new Program(Ctx, M.release())`).
struct Program {
  Program(llvm::Module *M);
  std::unique_ptr<llvm::Module> Mod;
};
Program::Program(llvm::Module *M) : Mod(M) {}
Program *adopt(std::unique_ptr<llvm::Module> M) {
  return new Program(M.release());
}

// Handed back to the caller, who owns it.
llvm::Module *handBack(std::unique_ptr<llvm::Module> M) { return M.release(); }

// A machine released the same way: target-machine-leak's finding, once, and
// not this check's (no second warning on the line).
void dropMachine(std::unique_ptr<llvm::TargetMachine> TM) {
  llvm::TargetMachine *Raw = TM.release(); // WARN: TargetMachine created by 'std::unique_ptr::release' is never released
  (void)Raw;
}
