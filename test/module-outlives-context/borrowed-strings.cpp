// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-module-outlives-context: strings borrowed from a module. The
// reference getModuleIdentifier() returns, a StringRef from getName(), and
// the `const char *` of their data() or c_str() point into the module, so
// they die with it. Flagged: such a pointer used after the
// ThreadSafeModule that owns the module was reset (through a reference
// parameter too) or destroyed. Not flagged: copies (std::string, str()),
// and uses before the owner ends.

#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include <cstdio>
#include <memory>
#include <string>

using namespace llvm;

void report(const char *Name);
void reportRef(StringRef Name);

//===--- Must flag ---------------------------------------------------------===//

// The caller's module is dropped on error, then its name is printed.
void recoverFromError(orc::ThreadSafeModule &TSM) {
  const char *Name = TSM.getModuleUnlocked()->getModuleIdentifier().data();
  TSM = orc::ThreadSafeModule(); // NOTE: 'TSM' is destroyed here
  report(Name); // WARN: 'Name' was borrowed from ThreadSafeModule 'TSM', which was destroyed at line 29
}

// A StringRef view of the name, used after the owner's scope closed.
void nameAfterScope(std::unique_ptr<Module> Mod, orc::ThreadSafeContext TSC) {
  StringRef Name;
  {
    orc::ThreadSafeModule TSM(std::move(Mod), TSC);
    Name = TSM.getModuleUnlocked()->getName();
  } // NOTE: 'TSM' is destroyed here
  reportRef(Name); // WARN: 'Name' was borrowed from ThreadSafeModule 'TSM', which was destroyed at line 39
}

//===--- Must not flag -----------------------------------------------------===//

// A copy of the name outlives the module.
void copyFirst(orc::ThreadSafeModule &TSM) {
  std::string Name = TSM.getModuleUnlocked()->getModuleIdentifier();
  TSM = orc::ThreadSafeModule();
  report(Name.c_str());
}

void copyWithStr(orc::ThreadSafeModule &TSM) {
  std::string Name = TSM.getModuleUnlocked()->getName().str();
  TSM = orc::ThreadSafeModule();
  report(Name.c_str());
}

// Used before the owner ends.
void useBefore(orc::ThreadSafeModule &TSM) {
  const char *Name = TSM.getModuleUnlocked()->getModuleIdentifier().c_str();
  report(Name);
  TSM = orc::ThreadSafeModule();
}
