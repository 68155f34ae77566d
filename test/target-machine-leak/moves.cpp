// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-target-machine-leak: std::move of a raw owning pointer copies the
// pointer; the machine goes where the moved value goes, no further. (Before
// the shared value-movement base, every std::move was an unknown call that
// might keep the machine, so a machine moved into a local that then leaked
// was never reported.)

#include "llvm/MC/TargetRegistry.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

using namespace llvm;

TargetOptions Opts;
void keepForever(TargetMachine *&&TM);

//===--- Must flag ---------------------------------------------------------===//

// Must flag: moved into a second local, which is never deleted.
std::string movedThenLost(const Target *T, StringRef TT) {
  // WARN@+1: TargetMachine created by 'llvm::Target::createTargetMachine' is never released
  TargetMachine *TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
  TargetMachine *Kept = std::move(TM);
  if (!Kept)
    return "";
  return Kept->getTargetCPU().str(); // NOTE: 'TM' still owns it when the function returns here
}

// Must flag: the moved-to local is assigned, and only the original's null
// is deleted.
void movedByAssignment(const Target *T, StringRef TT) {
  TargetMachine *Other = nullptr;
  // WARN@+1: TargetMachine created by 'llvm::Target::createTargetMachine' is never released
  TargetMachine *TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
  Other = std::move(TM);
  TM = nullptr;
  delete TM;
  (void)Other->getTargetTriple();
  // NOTE@+1: 'Other' still owns it when the function returns here
}

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: moved into a unique_ptr, which adopts it.
std::string movedIntoUniquePtr(const Target *T, StringRef TT) {
  TargetMachine *Raw = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
  std::unique_ptr<TargetMachine> TM(std::move(Raw));
  return TM ? TM->getTargetCPU().str() : "";
}

// Must not flag: moved into a local that is deleted.
void movedThenDeleted(const Target *T, StringRef TT) {
  TargetMachine *TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
  TargetMachine *Kept = std::move(TM);
  delete Kept;
}

// Must not flag: returned through std::move (a factory).
TargetMachine *movedOut(const Target *T, StringRef TT) {
  TargetMachine *TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
  return std::move(TM);
}

// Must not flag: handed to unknown code by rvalue reference, which may keep it.
void movedToUnknownCode(const Target *T, StringRef TT) {
  TargetMachine *TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
  keepForever(std::move(TM));
}

// Must not flag: moved into a container of raw pointers the caller owns.
void movedIntoContainer(const Target *T, StringRef TT,
                        std::vector<TargetMachine *> &All) {
  TargetMachine *TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
  All.push_back(std::move(TM));
}
