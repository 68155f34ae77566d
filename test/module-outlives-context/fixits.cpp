// RUN: %check_llvmown --frontend tidy --check-fixes %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-module-outlives-context fix-it for class members in the wrong
// order: when the module member's declaration and the context member's
// declaration are adjacent (nothing but whitespace between them), the two
// declaration lines are swapped. No fix-it when anything else (another
// member, a comment) is between them.
//
// How the runner sees a swap: it aligns the fixed file with the original
// line by line, keeps the module member's line as unchanged, counts the
// context member's new line (above it) as inserted after the line above the
// module member, and the context member's old line as deleted. So the
// FIXED for the moved context line is written on the line above the module
// member, and the context member's old line expects an empty line
// ({{^$}}). Where the declarations are separated by a blank line, that line
// holds only an expectation comment (blank once expectations are stripped for
// the fix run) and moves with the context line.

#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/SourceMgr.h"
#include <memory>
#include <string>
#include <vector>

using namespace llvm;

//===--- Fix-it ------------------------------------------------------------===//

// Fix-it: adjacent std::unique_ptr<Module> and LLVMContext members.
class Jit { // FIXED: {{^class Jit \{\n  LLVMContext Ctx;$}}
  std::unique_ptr<Module> M; // WARN: member 'M' is destroyed after member 'Ctx', the LLVMContext its module is created in; declare 'Ctx' before 'M' // FIXED: {{^}}  std::unique_ptr<Module> M;{{$}}
  LLVMContext Ctx; // NOTE: 'Ctx' is declared here // FIXED: {{^$}}

public:
  explicit Jit(StringRef Name) {
    M = std::make_unique<Module>(Name, Ctx); // NOTE: the module is created in 'Ctx' here
  }
};

// Fix-it: a std::unique_ptr<LLVMContext> member with a default member
// initialiser moves with its initialiser.
class Loader {
  SMDiagnostic Err; // FIXED: {{^}}  SMDiagnostic Err;{{\n}}  std::unique_ptr<LLVMContext> Ctx = std::make_unique<LLVMContext>();{{$}}
  std::unique_ptr<Module> Current; // WARN: member 'Current' is destroyed after member 'Ctx', the LLVMContext its module is created in; declare 'Ctx' before 'Current' // FIXED: {{^}}  std::unique_ptr<Module> Current;{{$}}
  std::unique_ptr<LLVMContext> Ctx = std::make_unique<LLVMContext>(); // NOTE: 'Ctx' is declared here // FIXED: {{^$}}

public:
  bool load(StringRef Path) {
    Current = parseIRFile(Path, Err, *Ctx); // NOTE: the module is created in 'Ctx' here
    return Current != nullptr;
  }
};

// Fix-it: a vector of modules and an orc::ThreadSafeContext.
class Pool {
  SMDiagnostic Err; // FIXED: {{^}}  SMDiagnostic Err;{{\n}}  orc::ThreadSafeContext TSC;{{$}}
  std::vector<std::unique_ptr<Module>> Modules; // WARN: member 'Modules' is destroyed after member 'TSC', the LLVMContext its module is created in; declare 'TSC' before 'Modules' // FIXED: {{^}}  std::vector<std::unique_ptr<Module>> Modules;{{$}}
  orc::ThreadSafeContext TSC; // NOTE: 'TSC' is declared here // FIXED: {{^$}}

public:
  Pool() : TSC(std::make_unique<LLVMContext>()) {}
  void add(StringRef Path) {
    Modules.push_back(parseIRFile(Path, Err, *TSC.getContext())); // NOTE: the module is created in 'TSC' here
  }
};

// Fix-it: only a blank line between the declarations; it stays between them.
class Spaced {
  int Uses = 0; // FIXED: {{^}}  int Uses = 0;{{\n}}  LLVMContext Ctx;{{\n}}{{$}}
  std::unique_ptr<Module> M; // WARN: member 'M' is destroyed after member 'Ctx', the LLVMContext its module is created in; declare 'Ctx' before 'M' // FIXED: {{^}}  std::unique_ptr<Module> M;{{$}}
  // FIXED: {{^$}}
  LLVMContext Ctx; // NOTE: 'Ctx' is declared here // FIXED: {{^$}}

public:
  void begin(StringRef Name) {
    M = std::make_unique<Module>(Name, Ctx); // NOTE: the module is created in 'Ctx' here
    ++Uses;
  }
};

//===--- No fix-it ---------------------------------------------------------===//

// No fix-it: another member is declared between them.
class Separated {
  std::unique_ptr<Module> M; // WARN: member 'M' is destroyed after member 'Ctx', the LLVMContext its module is created in; declare 'Ctx' before 'M' // FIXED: {{^}}  std::unique_ptr<Module> M;{{$}}
  std::string Name;
  LLVMContext Ctx; // NOTE: 'Ctx' is declared here // FIXED: {{^}}  LLVMContext Ctx;{{$}}

public:
  explicit Separated(StringRef ModuleName) : Name(ModuleName.str()) {
    M = std::make_unique<Module>(Name, Ctx); // NOTE: the module is created in 'Ctx' here
  }
};

// No fix-it: a comment is between them.
class Commented {
  std::unique_ptr<Module> M; // WARN: member 'M' is destroyed after member 'Ctx', the LLVMContext its module is created in; declare 'Ctx' before 'M' // FIXED: {{^}}  std::unique_ptr<Module> M;{{$}}
  // The context every module of this class is created in.
  LLVMContext Ctx; // NOTE: 'Ctx' is declared here // FIXED: {{^}}  LLVMContext Ctx;{{$}}

public:
  Commented() { M = std::make_unique<Module>("commented", Ctx); } // NOTE: the module is created in 'Ctx' here
};

//===--- Must not flag (nothing to fix) ------------------------------------===//

// Must not flag: already in the right order.
class Ordered {
  LLVMContext Ctx; // FIXED: {{^}}  LLVMContext Ctx;{{$}}
  std::unique_ptr<Module> M; // FIXED: {{^}}  std::unique_ptr<Module> M;{{$}}

public:
  Ordered() { M = std::make_unique<Module>("ordered", Ctx); }
};

// Must not flag: wrong order, but the destructor resets the module first.
class Resetting {
  std::unique_ptr<Module> M; // FIXED: {{^}}  std::unique_ptr<Module> M;{{$}}
  LLVMContext Ctx; // FIXED: {{^}}  LLVMContext Ctx;{{$}}

public:
  Resetting() { M = std::make_unique<Module>("resetting", Ctx); }
  ~Resetting() { M.reset(); }
};

// Must not flag: wrong order, but the class is only handed its module.
class Handed {
  std::unique_ptr<Module> M; // FIXED: {{^}}  std::unique_ptr<Module> M;{{$}}
  LLVMContext Ctx; // FIXED: {{^}}  LLVMContext Ctx;{{$}}

public:
  void take(std::unique_ptr<Module> NewM) { M = std::move(NewM); }
  LLVMContext &context() { return Ctx; }
};
