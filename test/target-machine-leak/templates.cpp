// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-target-machine-leak in templates the unit never instantiates: a
// backend written as a class template, or a function template, is analysed
// as written. What a dependent expression is given is handed to unknown
// code.

#include "llvm/MC/TargetRegistry.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include <optional>
#include <string>

using namespace llvm;

template <typename Config> class Backend {
  const Target *T;

public:
  explicit Backend(const Target *T) : T(T) {}

  // Must flag: the machine is made for one query and never deleted.
  std::string layoutFor(StringRef TT) {
    TargetMachine *TM = T->createTargetMachine(TT, "", "", TargetOptions(), std::nullopt); // WARN: TargetMachine created by 'llvm::Target::createTargetMachine' is never released
    return TM->createDataLayout().getStringRepresentation(); // NOTE: 'TM' still owns it when the function returns here
  }

  // Must not flag: Config::keep is looked up at instantiation; it may take
  // the machine over.
  void install(StringRef TT, Config &C) {
    TargetMachine *TM = T->createTargetMachine(TT, "", "", TargetOptions(), std::nullopt);
    C.keep(TM);
  }

  // Must not flag: deleted.
  unsigned pointerSize(StringRef TT) {
    TargetMachine *TM = T->createTargetMachine(TT, "", "", TargetOptions(), std::nullopt);
    unsigned Size = TM->createDataLayout().getPointerSize();
    delete TM;
    return Size;
  }
};

// Must flag: a function template never instantiated.
template <typename Sink> bool probe(const Target *T, StringRef TT, Sink &S) {
  TargetMachine *TM = T->createTargetMachine(TT, "", "", TargetOptions(), std::nullopt); // WARN: TargetMachine created by 'llvm::Target::createTargetMachine' is never released
  S << TT;
  return TM != nullptr; // NOTE: 'TM' still owns it when the function returns here
}
