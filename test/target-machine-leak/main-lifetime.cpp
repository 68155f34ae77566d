// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-target-machine-leak in main: a machine main still holds when it
// returns lives as long as the process (a one-shot compiler driver), as
// after exit(). What main loses on the way is still reported: a machine
// overwritten by the next one of a loop, or discarded; and a helper that
// leaks is reported whoever calls it.

#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include <optional>

using namespace llvm;

TargetOptions Opts;

// Must flag: not main; the machine is lost when the helper returns.
void emitOnce(const Target *T, StringRef TT) {
  TargetMachine *TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt); // WARN: TargetMachine created by 'llvm::Target::createTargetMachine' is never released
  PassBuilder PB(TM);
} // NOTE: 'TM' still owns it when the function returns here

int main(int Argc, char **Argv) {
  std::string Error;
  const Target *T = TargetRegistry::lookupTarget(Argv[1], Error);
  if (!T)
    return 1;
  // Must not flag: main's machine lives until the process ends.
  TargetMachine *TM = T->createTargetMachine(Argv[1], "", "", Opts, std::nullopt);
  PassBuilder PB(TM);
  // Must flag: each iteration's machine overwrites the previous one.
  TargetMachine *Stage = nullptr;
  for (int I = 2; I < Argc; ++I) {
    Stage = T->createTargetMachine(Argv[I], "", "", Opts, std::nullopt); // WARN: TargetMachine created by 'llvm::Target::createTargetMachine' is overwritten while still owned at line 37 // NOTE: 'Stage' is overwritten here
    PassBuilder StagePB(Stage);
  }
  // Must flag: discarded at once.
  T->createTargetMachine(Argv[1], "", "", Opts, std::nullopt); // WARN: TargetMachine created by 'llvm::Target::createTargetMachine' is never released: the result is discarded
  emitOnce(T, Argv[1]);
  return 0;
}
