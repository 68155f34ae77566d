// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-target-machine-leak: a local machine released on no path, or on
// some paths only (early return, switch arm, break/continue in a loop), and
// the correct shapes: null checks, a release on every path.

#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include <optional>
#include <string>
#include <vector>

using namespace llvm;

TargetOptions Opts;

//===--- Must flag ---------------------------------------------------------===//

// Must flag: released on no path; the function falls off its end.
void neverReleased(const Target *T, StringRef TT) {
  TargetMachine *TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt); // WARN: TargetMachine created by 'llvm::Target::createTargetMachine' is never released
  PassBuilder PB(TM);
} // NOTE: 'TM' still owns it when the function returns here

// Must flag: released on no path; the null check is fine, the final return
// leaks.
bool neverReleasedReturn(const Target *T, StringRef TT, std::string &CPU) {
  TargetMachine *TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt); // WARN: TargetMachine created by 'llvm::Target::createTargetMachine' is never released
  if (!TM)
    return false;
  CPU = TM->getTargetCPU().str();
  return true; // NOTE: 'TM' still owns it when the function returns here
}

// Must flag: the error path returns early without deleting the machine.
bool earlyReturnOnError(const Target *T, Module &M) {
  // WARN@+1: TargetMachine created by 'llvm::Target::createTargetMachine' leaks when the function returns at line 48
  TargetMachine *TM = T->createTargetMachine(M.getTargetTriple(), "", "", Opts, std::nullopt);
  if (!TM)
    return false;
  if (TM->getTargetTriple().str() != M.getTargetTriple()) {
    errs() << "triple mismatch\n";
    return false; // NOTE: 'TM' still owns it when the function returns here
  }
  M.setDataLayout(TM->createDataLayout());
  delete TM;
  return true;
}

// Must flag: one switch arm returns without deleting the machine.
int switchArm(const Target *T, StringRef TT, int Level) {
  // WARN@+1: TargetMachine created by 'llvm::Target::createTargetMachine' leaks when the function returns at line 68
  TargetMachine *TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
  if (!TM)
    return -1;
  switch (Level) {
  case 0:
    TM->setOptLevel(CodeGenOptLevel::None);
    delete TM;
    return 0;
  case 1:
    TM->setOptLevel(CodeGenOptLevel::Less);
    return 1; // NOTE: 'TM' still owns it when the function returns here
  default:
    delete TM;
    return 2;
  }
}

// Must flag: a `break` leaves the loop before the delete at the end of the
// iteration; the machine of that iteration is never released. The report
// names the `break`, where the variable goes out of scope still owning it.
size_t breakInLoop(const Target *T, const std::vector<std::string> &Triples,
                   std::vector<std::string> &Layouts) {
  for (const std::string &TT : Triples) {
    // WARN@+1: TargetMachine created by 'llvm::Target::createTargetMachine' leaks when 'TM' goes out of scope at line 86
    TargetMachine *TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
    if (!TM)
      continue;
    if (TM->getTargetCPU().empty())
      break; // NOTE: 'TM' goes out of scope here
    Layouts.push_back(TM->createDataLayout().getStringRepresentation());
    delete TM;
  }
  return Layouts.size();
}

// Must flag: a `continue` skips the delete at the end of the iteration.
size_t continueInLoop(const Target *T, const std::vector<std::string> &Triples,
                      std::vector<std::string> &CPUs) {
  for (const std::string &TT : Triples) {
    // WARN@+1: TargetMachine created by 'llvm::Target::createTargetMachine' leaks when 'TM' goes out of scope at line 102
    TargetMachine *TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
    if (!TM)
      continue;
    if (TM->getTargetCPU().empty())
      continue; // NOTE: 'TM' goes out of scope here
    CPUs.push_back(TM->getTargetCPU().str());
    delete TM;
  }
  return CPUs.size();
}

// Must flag: deleted in one branch of an `if` only; the other branch falls
// off the end of the function.
void releasedOnOneBranch(const Target *T, StringRef TT, bool Verbose) {
  // WARN@+1: TargetMachine created by 'llvm::Target::createTargetMachine' leaks when the function returns at line 118
  TargetMachine *TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
  if (Verbose) {
    errs() << TM->getTargetCPU();
    delete TM;
  }
} // NOTE: 'TM' still owns it when the function returns here

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: null check with an early return, then deleted on the only
// non-null path.
bool nullCheckThenDelete(const Target *T, Module &M) {
  TargetMachine *TM =
      T->createTargetMachine(M.getTargetTriple(), "", "", Opts, std::nullopt);
  if (!TM)
    return false;
  M.setDataLayout(TM->createDataLayout());
  delete TM;
  return true;
}

// Must not flag: `if (TM) delete TM;`.
void deleteIfNonNull(const Target *T, StringRef TT) {
  TargetMachine *TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
  if (TM)
    errs() << TM->getTargetCPU();
  if (TM)
    delete TM;
}

// Must not flag: `TM == nullptr` early return, deleted afterwards.
void equalsNullReturn(const Target *T, StringRef TT, std::string &CPU) {
  TargetMachine *TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
  if (TM == nullptr)
    return;
  CPU = TM->getTargetCPU().str();
  delete TM;
}

// Must not flag: the machine is used and deleted only under
// `TM != nullptr`; the other path holds null.
bool notEqualsNullBlock(const Target *T, StringRef TT) {
  TargetMachine *TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
  if (TM != nullptr) {
    TM->setOptLevel(CodeGenOptLevel::Aggressive);
    delete TM;
    return true;
  }
  errs() << "no target machine for " << TT << "\n";
  return false;
}

// Must not flag: the error path deletes the machine before returning.
bool errorPathDeletes(const Target *T, Module &M) {
  TargetMachine *TM =
      T->createTargetMachine(M.getTargetTriple(), "", "", Opts, std::nullopt);
  if (!TM)
    return false;
  if (TM->getTargetTriple().str() != M.getTargetTriple()) {
    delete TM;
    return false;
  }
  M.setDataLayout(TM->createDataLayout());
  delete TM;
  return true;
}

// Must not flag: every switch arm, the default included, deletes.
int switchAllArms(const Target *T, StringRef TT, int Level) {
  TargetMachine *TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
  if (!TM)
    return -1;
  switch (Level) {
  case 0:
    delete TM;
    return 0;
  case 1:
    TM->setOptLevel(CodeGenOptLevel::Less);
    delete TM;
    return 1;
  default:
    delete TM;
    return 2;
  }
}

// Must not flag: the loop deletes before `break` and before `continue`.
size_t loopDeletesBeforeJumps(const Target *T,
                              const std::vector<std::string> &Triples,
                              std::vector<std::string> &CPUs) {
  for (const std::string &TT : Triples) {
    TargetMachine *TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
    if (!TM)
      continue;
    if (TM->getTargetCPU().empty()) {
      delete TM;
      break;
    }
    if (TM->getTargetCPU() == "generic") {
      delete TM;
      continue;
    }
    CPUs.push_back(TM->getTargetCPU().str());
    delete TM;
  }
  return CPUs.size();
}

// Must not flag: either of two creating calls, chosen by a conditional
// expression, is deleted.
void conditionalCreate(const Target *T, StringRef TT, bool Fast) {
  TargetMachine *TM =
      Fast ? T->createTargetMachine(TT, "", "", Opts, std::nullopt,
                                    std::nullopt, CodeGenOptLevel::None)
           : T->createTargetMachine(TT, "", "", Opts, std::nullopt);
  errs() << TM->getTargetCPU();
  delete TM;
}

// Must not flag: created on one path only; `delete` of the null pointer on
// the other path is fine.
void createdOnOnePath(const Target *T, StringRef TT, bool Want) {
  TargetMachine *TM = nullptr;
  if (Want)
    TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
  if (TM)
    errs() << TM->getTargetCPU();
  delete TM;
}
