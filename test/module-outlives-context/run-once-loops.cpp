// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-module-outlives-context inside `for` loops that run once: a
// condition variable that the increment sets to zero, the shape of C macros
// that open a block with code after it (a try/catch emulated with setjmp).
// Such a loop is straight code: a module's name borrowed and used after its
// owner was reset in the same block is flagged, as it is outside any loop.
// Not flagged: a use before the reset, a copied name, and the name of a
// module the owner took just before.

#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include <string>

using namespace llvm;

int enterHandler();
void leaveHandler();
void restoreStack();
void emitModule(orc::ThreadSafeModule &TSM);
void report(const char *Name);

// A try block and its catch block, each a loop that runs once.
#define GUARDED_TRY                                                          \
  int InTry, InCatch;                                                        \
  if (!enterHandler())                                                       \
    for (InTry = 1; InTry; InTry = 0, leaveHandler())
#define GUARDED_CATCH                                                        \
  else for (InCatch = 1, leaveHandler(); InCatch; InCatch = 0, restoreStack())

//===--- Must flag ---------------------------------------------------------===//

// Must flag: the catch block drops the module, then prints its name.
void compileOrRecover(orc::ThreadSafeModule &TSM) {
  GUARDED_TRY { emitModule(TSM); }
  GUARDED_CATCH {
    const char *Name = TSM.getModuleUnlocked()->getModuleIdentifier().data();
    TSM = orc::ThreadSafeModule(); // NOTE: 'TSM' is destroyed here
    report(Name); // WARN: 'Name' was borrowed from ThreadSafeModule 'TSM', which was destroyed at line 40
  }
}

// Must flag: the same in a run-once loop written out, whose flag is
// declared in it.
void onceWritten(orc::ThreadSafeModule &TSM) {
  for (int Once = 1; Once; Once = 0) {
    const char *Name = TSM.getModuleUnlocked()->getModuleIdentifier().data();
    TSM = orc::ThreadSafeModule(); // NOTE: 'TSM' is destroyed here
    report(Name); // WARN: 'Name' was borrowed from ThreadSafeModule 'TSM', which was destroyed at line 50
  }
}

//===--- Must not flag -----------------------------------------------------===//

// The name is copied before the reset.
void copiedName(orc::ThreadSafeModule &TSM) {
  GUARDED_TRY { emitModule(TSM); }
  GUARDED_CATCH {
    std::string Name = TSM.getModuleUnlocked()->getModuleIdentifier();
    TSM = orc::ThreadSafeModule();
    report(Name.c_str());
  }
}

// The name is used before the reset.
void usedBefore(orc::ThreadSafeModule &TSM) {
  GUARDED_TRY { emitModule(TSM); }
  GUARDED_CATCH {
    const char *Name = TSM.getModuleUnlocked()->getModuleIdentifier().data();
    report(Name);
    TSM = orc::ThreadSafeModule();
  }
}

// The owner takes a new module first; the name read after is the new one's.
void replacedThenNamed(orc::ThreadSafeModule &TSM, orc::ThreadSafeModule Next) {
  for (int Once = 1; Once; Once = 0) {
    TSM = std::move(Next);
    const char *Name = TSM.getModuleUnlocked()->getModuleIdentifier().data();
    report(Name);
  }
}
