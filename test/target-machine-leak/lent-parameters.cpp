// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-target-machine-leak on a TargetMachine that the caller may lend.
// Deleting the caller's machine on some paths only frees it while the
// caller may still use it (or delete it again). A function that deletes it
// on every path is a release function; one that never does borrows it. An
// ownership flag set where the function makes its own machine tells which
// machine it may delete.

#include "llvm/MC/TargetRegistry.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include <optional>
#include <string>

using namespace llvm;

bool emitWith(TargetMachine &TM, const std::string &Path);
const Target *nativeTarget();

//===--- Must flag ---------------------------------------------------------===//

// Must flag: on failure the machine is deleted whoever made it.
bool emitObject(TargetMachine *TM, const std::string &Path) {
  bool Own = false;
  if (!TM) {
    TM = nativeTarget()->createTargetMachine("x86_64-unknown-linux-gnu", "", "", TargetOptions(), std::nullopt);
    Own = true;
  }
  if (!emitWith(*TM, Path)) {
    delete TM; // WARN: TargetMachine 'TM' is released here on some paths only: it is the caller's (a parameter), and the function returns at line 37 without releasing it
    return false;
  }
  if (Own)
    delete TM;
  return true; // NOTE: 'TM' is still the caller's when the function returns here
}

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: the same, fixed: only the function's own machine is
// deleted, as the flag set where it was made says.
bool emitObjectFixed(TargetMachine *TM, const std::string &Path) {
  bool Own = false;
  if (!TM) {
    TM = nativeTarget()->createTargetMachine("x86_64-unknown-linux-gnu", "", "", TargetOptions(), std::nullopt);
    Own = true;
  }
  bool Ok = emitWith(*TM, Path);
  if (Own)
    delete TM;
  return Ok;
}

// Must not flag: a release function (deletes on every path).
void destroyMachine(TargetMachine *TM) { delete TM; }

// Must not flag: a borrower.
bool emitOnly(TargetMachine *TM, const std::string &Path) {
  return emitWith(*TM, Path);
}
