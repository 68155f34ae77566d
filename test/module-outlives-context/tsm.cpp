// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-module-outlives-context with ORC: a module pointer borrowed from a
// ThreadSafeModule (getModuleUnlocked) used after the ThreadSafeModule was
// moved into the JIT (LLJIT::addIRModule takes it by value, so even on
// error) or destroyed; a local orc::ThreadSafeContext that no
// ThreadSafeModule shares ends like a local context. Not flagged: a
// ThreadSafeModule used after the ThreadSafeContext variable it was built
// from went out of scope (the ThreadSafeModule holds a reference), a
// std::unique_ptr<LLVMContext> moved into a ThreadSafeContext or
// ThreadSafeModule (a transfer, not an end), a borrowed module used before
// its owner is handed over, and contexts from the caller.

#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include <memory>
#include <string>

using namespace llvm;

//===--- Must flag ---------------------------------------------------------===//

// Must flag: the borrowed module is used on addIRModule's error path; the
// ThreadSafeModule was moved into the JIT all the same.
Error addFile(orc::LLJIT &J, StringRef Path) {
  auto Ctx = std::make_unique<LLVMContext>();
  SMDiagnostic Diag;
  std::unique_ptr<Module> Parsed = parseIRFile(Path, Diag, *Ctx);
  orc::ThreadSafeModule TSM(std::move(Parsed), std::move(Ctx));
  Module *M = TSM.getModuleUnlocked();
  if (Error Err = J.addIRModule(std::move(TSM))) { // NOTE: 'TSM' is moved into 'addIRModule' here
    errs() << "cannot add " << M->getModuleIdentifier() << "\n"; // WARN: 'M' was borrowed from ThreadSafeModule 'TSM', which was moved into 'addIRModule' at line 39
    return Err;
  }
  return Error::success();
}

// Must flag: the borrowed module is used after the ThreadSafeModule was added
// to a JITDylib.
Error addToMain(orc::LLJIT &J, std::unique_ptr<Module> Mod,
                orc::ThreadSafeContext TSC) {
  orc::ThreadSafeModule TSM(std::move(Mod), TSC);
  Module *M = TSM.getModuleUnlocked();
  Error Err = J.addIRModule(J.getMainJITDylib(), std::move(TSM)); // NOTE: 'TSM' is moved into 'addIRModule' here
  M->dump(); // WARN: 'M' was borrowed from ThreadSafeModule 'TSM', which was moved into 'addIRModule' at line 52
  return Err;
}

// Must flag: the borrowed module is used after its ThreadSafeModule was
// destroyed at the end of the inner scope.
void dumpAfterOwnerScope(orc::ThreadSafeContext &TSC, StringRef Path) {
  SMDiagnostic Diag;
  Module *M = nullptr;
  {
    orc::ThreadSafeModule TSM(parseIRFile(Path, Diag, *TSC.getContext()), TSC);
    M = TSM.getModuleUnlocked();
  } // NOTE: 'TSM' is destroyed here
  M->dump(); // WARN: 'M' was borrowed from ThreadSafeModule 'TSM', which was destroyed at line 65
}

// Must flag: a module created in a local ThreadSafeContext that no
// ThreadSafeModule shares is returned; the context dies with the frame.
std::unique_ptr<Module> makeInPrivateContext(StringRef Name) {
  orc::ThreadSafeContext TSC(std::make_unique<LLVMContext>());
  auto M = std::make_unique<Module>(Name, *TSC.getContext()); // NOTE: 'M' is bound to 'TSC' here
  return M; // WARN: module returned here belongs to LLVMContext 'TSC', which is destroyed when the function returns
}

// Must flag: a function of a module of a local ThreadSafeContext, used after
// the context's scope closed.
void nameAfterContextScope(StringRef Path) {
  SMDiagnostic Diag;
  Function *Main = nullptr;
  {
    orc::ThreadSafeContext TSC(std::make_unique<LLVMContext>());
    std::unique_ptr<Module> M = parseIRFile(Path, Diag, *TSC.getContext());
    Main = M->getFunction("main"); // NOTE: 'Main' is bound to 'TSC' here
  } // NOTE: 'TSC' is destroyed here
  errs() << Main->getName(); // WARN: 'Main' belongs to LLVMContext 'TSC', which was destroyed at line 86
}

// Must flag: a module variable declared before the local ThreadSafeContext it
// is created in (no ThreadSafeModule shares the context).
void threadSafeContextDeclaredLate(StringRef Name) {
  std::unique_ptr<Module> M; // WARN: 'M' is destroyed after LLVMContext 'TSC', which already deleted its module; declare 'TSC' before 'M'
  orc::ThreadSafeContext TSC(std::make_unique<LLVMContext>()); // NOTE: 'TSC' is declared here
  M = std::make_unique<Module>(Name, *TSC.getContext());
  M->dump();
}

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: the ThreadSafeModule is used after the ThreadSafeContext
// variable it was built from went out of scope; it holds a reference.
orc::ThreadSafeModule loadThreadSafe(StringRef Path) {
  SMDiagnostic Diag;
  orc::ThreadSafeModule TSM;
  {
    orc::ThreadSafeContext TSC(std::make_unique<LLVMContext>());
    std::unique_ptr<Module> M = parseIRFile(Path, Diag, *TSC.getContext());
    TSM = orc::ThreadSafeModule(std::move(M), TSC);
  }
  TSM.withModuleDo([](Module &M) { M.dump(); });
  return TSM;
}

// Must not flag: the context is moved into the ThreadSafeModule with its
// module (a transfer, not an end).
orc::ThreadSafeModule wrapWithOwnContext(StringRef Path) {
  auto Ctx = std::make_unique<LLVMContext>();
  SMDiagnostic Diag;
  std::unique_ptr<Module> M = parseIRFile(Path, Diag, *Ctx);
  return orc::ThreadSafeModule(std::move(M), std::move(Ctx));
}

// Must not flag: the context is moved into a ThreadSafeContext, which a
// ThreadSafeModule then shares; the module is added to the JIT.
Error addWithSharedContext(orc::LLJIT &J, StringRef Name) {
  auto Ctx = std::make_unique<LLVMContext>();
  auto M = std::make_unique<Module>(Name, *Ctx);
  orc::ThreadSafeContext TSC(std::move(Ctx));
  M->setTargetTriple("x86_64-unknown-linux-gnu");
  return J.addIRModule(orc::ThreadSafeModule(std::move(M), TSC));
}

// Must not flag: the borrowed module is used before the ThreadSafeModule is
// handed over.
Error prepareAndAdd(orc::LLJIT &J, orc::ThreadSafeModule TSM) {
  Module *M = TSM.getModuleUnlocked();
  M->setTargetTriple("x86_64-unknown-linux-gnu");
  errs() << "adding " << M->getModuleIdentifier() << "\n";
  return J.addIRModule(std::move(TSM));
}

// Must not flag: a ThreadSafeModule declared before the ThreadSafeContext it
// shares (it holds its own reference).
orc::ThreadSafeModule moduleDeclaredBeforeContext(StringRef Name) {
  orc::ThreadSafeModule TSM;
  orc::ThreadSafeContext TSC(std::make_unique<LLVMContext>());
  TSM = orc::ThreadSafeModule(
      std::make_unique<Module>(Name, *TSC.getContext()), TSC);
  return TSM;
}

// Must not flag: ThreadSafeModule and ThreadSafeContext members in either
// order (the ThreadSafeModule holds its own reference).
class JitSession {
  orc::ThreadSafeModule Pending;
  orc::ThreadSafeContext TSC;

public:
  JitSession() : TSC(std::make_unique<LLVMContext>()) {
    Pending = orc::ThreadSafeModule(
        std::make_unique<Module>("pending", *TSC.getContext()), TSC);
  }
  Error flush(orc::LLJIT &J) { return J.addIRModule(std::move(Pending)); }
};

// Must not flag: the ThreadSafeContext is the caller's.
std::unique_ptr<Module> makeInSharedContext(orc::ThreadSafeContext &TSC,
                                            StringRef Name) {
  return std::make_unique<Module>(Name, *TSC.getContext());
}

// Must flag: the module was borrowed before the ThreadSafeModule was given a
// new one, which destroys the module borrowed.
void borrowThenReplace(orc::ThreadSafeContext TSC, StringRef Name) {
  orc::ThreadSafeModule Holder(std::make_unique<Module>(Name, *TSC.getContext()), TSC);
  Module *First = Holder.getModuleUnlocked();
  Holder = orc::ThreadSafeModule(std::make_unique<Module>("second", *TSC.getContext()), TSC); // NOTE: 'Holder' is destroyed here
  First->dump(); // WARN: 'First' was borrowed from ThreadSafeModule 'Holder', which was destroyed at line 178
}

// Must not flag (seen in an AOT compiler's emit function): a holder filled
// only when the caller gave none, then borrowed through a reference that
// picks the caller's or the local one. On the path that fills it, the
// default-constructed value it replaced is gone, but nothing borrowed it.
Error emitInto(orc::ThreadSafeModule *Given, orc::ThreadSafeContext TSC,
               orc::LLJIT &J) {
  orc::ThreadSafeModule Local;
  if (!Given)
    Local = orc::ThreadSafeModule(
        std::make_unique<Module>("local", *TSC.getContext()), TSC);
  orc::ThreadSafeModule &Target = Given ? *Given : Local;
  Module *M = Target.getModuleUnlocked();
  M->setModuleIdentifier("emitted");
  return J.addIRModule(std::move(Target));
}

// Must not flag (seen in a JIT's "dump the IR of this function" entry): the
// module moves into a heap ThreadSafeModule handed to the caller, with a
// function of it. The heap object keeps the context alive.
struct IRDump {
  orc::ThreadSafeModule *TSM = nullptr;
  Function *F = nullptr;
};
void dumpFunction(IRDump &Out, StringRef Name) {
  orc::ThreadSafeContext TSC(std::make_unique<LLVMContext>());
  orc::ThreadSafeModule TSM(std::make_unique<Module>(Name, *TSC.getContext()), TSC);
  Function *F = TSM.getModuleUnlocked()->getFunction(Name);
  if (!F)
    return;
  Out.TSM = new orc::ThreadSafeModule(std::move(TSM));
  Out.F = F;
}
