// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-target-machine-leak: a machine in a raw member of a class whose
// code is not all in this file (member functions defined elsewhere). When
// the destructor, defined here, releases two or more of the class's other
// objects and not the machine, the machine leaks with every object of the
// class: flagged at the creation, with notes at the store and at the
// destructor. Not flagged: a destructor that deletes the machine too, one
// that releases a single other member, and a member function of this file
// that deletes the machine.

#include "llvm/MC/TargetRegistry.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include <optional>
#include <string>

using namespace llvm;

TargetOptions Opts;

struct SymbolTable {
  int Count = 0;
};
struct Diagnostics {
  int Errors = 0;
};

//===--- Must flag ---------------------------------------------------------===//

// Must flag: the destructor deletes the symbol table and the diagnostics,
// not the machine.
class CodeGenerator {
  TargetMachine *TM = nullptr;
  SymbolTable *Symbols = new SymbolTable;
  Diagnostics *Diags = new Diagnostics;

public:
  ~CodeGenerator() { // NOTE: the destructor is defined here
    delete Symbols;
    delete Diags;
  }
  void setTarget(const Target *T, const std::string &Triple) {
    // WARN@+2: TargetMachine created by 'llvm::Target::createTargetMachine' is stored in member 'CodeGenerator::TM', which the destructor of 'CodeGenerator' does not release, though it releases the class's other objects
    // NOTE@+1: stored here
    TM = T->createTargetMachine(Triple, "", "", Opts, std::nullopt);
  }
  void emit(); // defined in another file
};

//===--- Must not flag -----------------------------------------------------===//

// The destructor deletes the machine with the rest.
class FullTeardown {
  TargetMachine *TM = nullptr;
  SymbolTable *Symbols = new SymbolTable;
  Diagnostics *Diags = new Diagnostics;

public:
  ~FullTeardown() {
    delete Symbols;
    delete TM;
    delete Diags;
  }
  FullTeardown(const Target *T, const std::string &Triple)
      : TM(T->createTargetMachine(Triple, "", "", Opts, std::nullopt)) {}
  void emit(); // defined in another file
};

// The destructor releases one other member only.
class SymbolsOnly {
  TargetMachine *TM = nullptr;
  SymbolTable *Symbols = new SymbolTable;

public:
  ~SymbolsOnly() { delete Symbols; }
  SymbolsOnly(const Target *T, const std::string &Triple)
      : TM(T->createTargetMachine(Triple, "", "", Opts, std::nullopt)) {}
  void finish(); // defined in another file
};

// A member function of this file deletes the machine.
class ExplicitRelease {
  TargetMachine *TM = nullptr;
  SymbolTable *Symbols = new SymbolTable;
  Diagnostics *Diags = new Diagnostics;

public:
  ~ExplicitRelease() {
    delete Symbols;
    delete Diags;
  }
  ExplicitRelease(const Target *T, const std::string &Triple)
      : TM(T->createTargetMachine(Triple, "", "", Opts, std::nullopt)) {}
  void releaseTarget() {
    delete TM;
    TM = nullptr;
  }
  void emit(); // defined in another file
};
