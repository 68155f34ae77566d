// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-module-outlives-context: class members declared so that a context
// member (LLVMContext, std::unique_ptr<LLVMContext>, orc::ThreadSafeContext)
// is destroyed before a module member created in it (std::unique_ptr<Module>,
// or a container of them). Members die in reverse order of declaration. Only
// when the class itself creates the module in that context and stores it in
// the member. Not flagged: the right order, a destructor that resets or clears
// the module member first, a class that does not create the module (it is
// handed one, or creates it in another context), a reference to a context,
// and a raw Module pointer member.
//
// The fix-it (swap two adjacent declarations) is tested in fixits.cpp; the
// members here are kept apart or the fixes not applied.

#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/SourceMgr.h"
#include <memory>
#include <string>
#include <vector>

using namespace llvm;

//===--- Must flag ---------------------------------------------------------===//

// Must flag: the constructor creates the module in the LLVMContext member
// declared after it.
class Jit {
  std::unique_ptr<Module> M; // WARN: member 'M' is destroyed after member 'Ctx', the LLVMContext its module is created in; declare 'Ctx' before 'M'
  LLVMContext Ctx; // NOTE: 'Ctx' is declared here

public:
  explicit Jit(StringRef Name) {
    M = std::make_unique<Module>(Name, Ctx); // NOTE: the module is created in 'Ctx' here
  }
  Module &module() { return *M; }
};

// Must flag: a member function creates the module in a
// std::unique_ptr<LLVMContext> member declared after it.
class IRCache {
  std::unique_ptr<Module> Current; // WARN: member 'Current' is destroyed after member 'Ctx', the LLVMContext its module is created in; declare 'Ctx' before 'Current'
  std::string LastPath;
  std::unique_ptr<LLVMContext> Ctx = std::make_unique<LLVMContext>(); // NOTE: 'Ctx' is declared here
  SMDiagnostic Err;

public:
  bool load(StringRef Path) {
    Current = parseIRFile(Path, Err, *Ctx); // NOTE: the module is created in 'Ctx' here
    LastPath = Path.str();
    return Current != nullptr;
  }
};

// Must flag: the module is created in an orc::ThreadSafeContext member
// declared after it (no ThreadSafeModule keeps that context alive).
class Session {
  std::unique_ptr<Module> Main; // WARN: member 'Main' is destroyed after member 'TSC', the LLVMContext its module is created in; declare 'TSC' before 'Main'
  int Generation = 0;
  orc::ThreadSafeContext TSC; // NOTE: 'TSC' is declared here

public:
  Session() : TSC(std::make_unique<LLVMContext>()) {
    Main = std::make_unique<Module>("main", *TSC.getContext()); // NOTE: the module is created in 'TSC' here
  }
  int generation() const { return Generation; }
};

// Must flag: a vector of modules, filled in a member function.
class ModulePool {
  std::vector<std::unique_ptr<Module>> Modules; // WARN: member 'Modules' is destroyed after member 'Ctx', the LLVMContext its module is created in; declare 'Ctx' before 'Modules'
  SMDiagnostic Err;
  LLVMContext Ctx; // NOTE: 'Ctx' is declared here

public:
  void add(StringRef Path) {
    Modules.push_back(parseIRFile(Path, Err, Ctx)); // NOTE: the module is created in 'Ctx' here
  }
  size_t size() const { return Modules.size(); }
};

// Must flag: a struct whose context is created in the constructor and whose
// module is created by a member function.
struct CodeGenState {
  std::unique_ptr<Module> M; // WARN: member 'M' is destroyed after member 'Ctx', the LLVMContext its module is created in; declare 'Ctx' before 'M'
  std::string Name;
  std::unique_ptr<LLVMContext> Ctx; // NOTE: 'Ctx' is declared here

  CodeGenState() : Ctx(std::make_unique<LLVMContext>()) {}
  void begin(StringRef ModuleName) {
    M = std::make_unique<Module>(ModuleName, *Ctx); // NOTE: the module is created in 'Ctx' here
    Name = ModuleName.str();
  }
};

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: the context member is declared first.
class OrderedJit {
  LLVMContext Ctx;
  std::unique_ptr<Module> M;

public:
  explicit OrderedJit(StringRef Name) {
    M = std::make_unique<Module>(Name, Ctx);
  }
  Module &module() { return *M; }
};

// Must not flag: the ThreadSafeContext member is declared first.
class OrderedSession {
  orc::ThreadSafeContext TSC;
  std::unique_ptr<Module> Main;

public:
  OrderedSession() : TSC(std::make_unique<LLVMContext>()) {
    Main = std::make_unique<Module>("main", *TSC.getContext());
  }
};

// Must not flag: wrong order, but the destructor resets the module first.
class ResettingJit {
  std::unique_ptr<Module> M;
  std::unique_ptr<LLVMContext> Ctx;

public:
  explicit ResettingJit(StringRef Name)
      : Ctx(std::make_unique<LLVMContext>()) {
    M = std::make_unique<Module>(Name, *Ctx);
  }
  ~ResettingJit() { M.reset(); }
};

// Must not flag: wrong order, but the destructor clears the modules first.
class ClearingPool {
  std::vector<std::unique_ptr<Module>> Modules;
  LLVMContext Ctx;
  SMDiagnostic Err;

public:
  void add(StringRef Path) { Modules.push_back(parseIRFile(Path, Err, Ctx)); }
  ~ClearingPool() { Modules.clear(); }
};

// Must not flag: wrong order, but the class never creates the module: it is
// handed one.
class ModuleHolder {
  std::unique_ptr<Module> M;
  LLVMContext Ctx;

public:
  void setModule(std::unique_ptr<Module> NewM) { M = std::move(NewM); }
  LLVMContext &context() { return Ctx; }
};

// Must not flag: wrong order, but the module is created in the caller's
// context, not in the member.
class ForeignModule {
  std::unique_ptr<Module> M;
  LLVMContext Scratch;
  SMDiagnostic Err;

public:
  void load(LLVMContext &CallerCtx, StringRef Path) {
    M = parseIRFile(Path, Err, CallerCtx);
  }
  LLVMContext &scratch() { return Scratch; }
};

// Must not flag: the context member is a reference; the class does not own
// the context.
class BorrowedContext {
  std::unique_ptr<Module> M;
  LLVMContext &Ctx;

public:
  BorrowedContext(LLVMContext &C, StringRef Name) : Ctx(C) {
    M = std::make_unique<Module>(Name, Ctx);
  }
};

// Must not flag: a raw Module pointer member destroys nothing (the context
// deletes the module).
class RawModuleMember {
  Module *M = nullptr;
  LLVMContext Ctx;

public:
  explicit RawModuleMember(StringRef Name) { M = new Module(Name, Ctx); }
  Module &module() { return *M; }
};
