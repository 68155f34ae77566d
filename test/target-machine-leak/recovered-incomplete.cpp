// RUN: %check_llvmown --frontend tidy --allow-errors %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool --allow-errors %s -- -std=c++17 -I%stubs
//
// llvmown-target-machine-leak on code for an old LLVM whose headers pulled
// in TargetMachine.h: here the class is only declared, so every member call
// on the machine is in error. Such a call uses the machine and does not take
// it over (a borrow): the machine is still tracked and its leak reported.
// Other expressions in error may keep what they are given (an escape).

#include "llvm/MC/TargetRegistry.h"
#include "llvm/Target/TargetOptions.h"

using namespace llvm;

namespace llvm {
class TargetLowering;
} // namespace llvm

struct LoweringPass {
  const TargetLowering *TLI = nullptr;
  bool run(const Target *T, StringRef Triple);
  bool runAndFree(const Target *T, StringRef Triple);
  bool runAndKeep(const Target *T, StringRef Triple);
};

void keepForever(TargetMachine *TM, int Undeclared);

//===--- Must flag ---------------------------------------------------------===//

// Must flag: the machine's member is asked for, and the machine is lost.
bool LoweringPass::run(const Target *T, StringRef Triple) {
  TargetOptions Opts;
  TargetMachine *TM = T->createTargetMachine(Triple, "", "", Opts, std::nullopt); // WARN: TargetMachine created by 'llvm::Target::createTargetMachine' is never released
  TLI = TM->getTargetLowering();
  // ERROR@-1: member access into incomplete type '{{(llvm::)?}}TargetMachine'
  return TLI != nullptr; // NOTE: 'TM' still owns it when the function returns here
}

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: deleted after the member call (deleting an incomplete
// type is only a warning of the compiler).
bool LoweringPass::runAndFree(const Target *T, StringRef Triple) {
  TargetOptions Opts;
  TargetMachine *TM = T->createTargetMachine(Triple, "", "", Opts, std::nullopt);
  TLI = TM->getTargetLowering();
  // ERROR@-1: member access into incomplete type '{{(llvm::)?}}TargetMachine'
  delete TM;
  return true;
}

// Must not flag: passed to a call in error, which may keep it.
bool LoweringPass::runAndKeep(const Target *T, StringRef Triple) {
  TargetOptions Opts;
  TargetMachine *TM = T->createTargetMachine(Triple, "", "", Opts, std::nullopt);
  keepForever(TM, NotDeclared);
  // ERROR@-1: use of undeclared identifier 'NotDeclared'
  return true;
}
