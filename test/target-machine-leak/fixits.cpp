// RUN: %check_llvmown --frontend tidy --check-fixes %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-target-machine-leak fix-it: a local `TargetMachine *TM = <creating
// call>;` that is released on no path and used only as `TM->...`, `*TM`,
// `!TM`, `if (TM)`, `TM == nullptr`, `TM != nullptr` becomes
// `std::unique_ptr<TargetMachine> TM(<creating call>);` (the pointee type
// spelled as in the source). No fix-it when the variable is passed as a
// pointer, reassigned, or released on some path.
//
// <memory> is included here so that the fix-it never needs to add an
// #include (which would move the lines checked by FIXED).

#include "llvm/ExecutionEngine/ExecutionEngine.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include <memory>
#include <optional>
#include <string>

using namespace llvm;

TargetOptions Opts;

//===--- Fix-it ------------------------------------------------------------===//

// Fix-it: used through `!TM` and `TM->` only.
unsigned pointerSize(const Target *T, StringRef TT) {
  // WARN@+1: TargetMachine created by 'llvm::Target::createTargetMachine' is never released
  TargetMachine *TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt); // FIXED: std::unique_ptr<{{(llvm::)?}}TargetMachine> TM(T->createTargetMachine(TT, "", "", Opts, std::nullopt));
  if (!TM)
    return 0;
  return TM->createDataLayout().getPointerSize(); // NOTE: 'TM' still owns it when the function returns here
}

// Fix-it: the qualified spelling of the type is kept; used through
// `TM == nullptr` and `*TM`.
std::string selectedCPU(EngineBuilder &EB) {
  // WARN@+1: TargetMachine created by 'llvm::EngineBuilder::selectTarget' is never released
  llvm::TargetMachine *TM = EB.selectTarget(); // FIXED: std::unique_ptr<llvm::TargetMachine> TM(EB.selectTarget());
  if (TM == nullptr)
    return "";
  const TargetMachine &Machine = *TM;
  return Machine.getTargetCPU().str(); // NOTE: 'TM' still owns it when the function returns here
}

// Fix-it: used through `if (TM)` and `TM != nullptr`.
void setOptLevels(const Target *T, StringRef TT, bool Fast) {
  // WARN@+1: TargetMachine created by 'llvm::Target::createTargetMachine' is never released
  TargetMachine *TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt); // FIXED: std::unique_ptr<{{(llvm::)?}}TargetMachine> TM(T->createTargetMachine(TT, "", "", Opts, std::nullopt));
  if (TM)
    TM->setOptLevel(CodeGenOptLevel::Aggressive);
  if (Fast && TM != nullptr)
    TM->setFastISel(true);
} // NOTE: 'TM' still owns it when the function returns here

//===--- No fix-it ---------------------------------------------------------===//

// No fix-it: the variable is passed as a pointer (to PassBuilder).
void passedAsPointer(const Target *T, StringRef TT) {
  // WARN@+1: TargetMachine created by 'llvm::Target::createTargetMachine' is never released
  TargetMachine *TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt); // FIXED: TargetMachine *TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
  PassBuilder PB(TM);
} // NOTE: 'TM' still owns it when the function returns here

// No fix-it: released on some path (the early return leaks).
bool releasedOnSomePath(const Target *T, StringRef TT, std::string &CPU) {
  // WARN@+1: TargetMachine created by 'llvm::Target::createTargetMachine' leaks when the function returns at line 76
  TargetMachine *TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt); // FIXED: TargetMachine *TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
  if (!TM)
    return false;
  if (TM->getTargetCPU().empty())
    return false; // NOTE: 'TM' still owns it when the function returns here
  CPU = TM->getTargetCPU().str();
  delete TM;
  return true;
}

// No fix-it: the variable is reassigned.
void reassigned(const Target *T, StringRef TT) {
  // WARN@+1: TargetMachine created by 'llvm::Target::createTargetMachine' is overwritten while still owned at line 87
  TargetMachine *TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt); // FIXED: TargetMachine *TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
  errs() << TM->getTargetCPU();
  TM = nullptr; // NOTE: 'TM' is overwritten here
}

// Fix-it: `auto *` spells the deduced class (clang 14 qualifies it).
void autoPointer(const Target *T, StringRef TT) {
  // WARN@+1: TargetMachine created by 'llvm::Target::createTargetMachine' is never released
  auto *TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt); // FIXED: std::unique_ptr<{{(llvm::)?}}TargetMachine> TM(T->createTargetMachine(TT, "", "", Opts, std::nullopt));
  TM->setFastISel(true);
} // NOTE: 'TM' still owns it when the function returns here

// No fix-it: a pointer to a const machine would lose its const.
StringRef constMachine(const Target *T, StringRef TT) {
  // WARN@+1: TargetMachine created by 'llvm::Target::createTargetMachine' is never released
  const TargetMachine *TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
  return TM->getTargetCPU(); // NOTE: 'TM' still owns it when the function returns here
}
