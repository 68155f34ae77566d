// RUN: %check_llvmown --frontend tidy --allow-errors %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool --allow-errors %s -- -std=c++17 -I%stubs
//
// llvmown-target-machine-leak in a unit that misses a header (a generated
// header not built yet, a dependency not installed). After that fatal
// error Clang stops instantiating templates, so a function whose return
// type did not compile is invalid and has lost its statements: it is not
// analysed (what it hands over is not there to see). Functions that did
// compile are analysed as usual.

#include "llvm/Target/TargetOptions.h"
#include "generated/not_built_yet.h" // ERROR: 'generated/not_built_yet.h' file not found
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Target/TargetMachine.h"
#include <memory>
#include <optional>

using namespace llvm;

// Must not flag: the unique_ptr return type did not compile.
static std::unique_ptr<TargetMachine> makeMachine(const Target *T,
                                                  StringRef TT) {
  TargetMachine *TM =
      T->createTargetMachine(TT, "", "", TargetOptions(), std::nullopt);
  return std::unique_ptr<TargetMachine>(TM);
}

// Must flag: this one compiled.
void leaky(const Target *T, StringRef TT) {
  TargetMachine *TM = T->createTargetMachine(TT, "", "", TargetOptions(), std::nullopt); // WARN: TargetMachine created by 'llvm::Target::createTargetMachine' is never released
} // NOTE: 'TM' still owns it when the function returns here
