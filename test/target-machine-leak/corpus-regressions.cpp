// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// Patterns found by running llvmown-target-machine-leak over real code
// generators (llvmlite, a CUDA kernel manager, ispc): each was a false
// positive or a miss before it was fixed.

#include "llvm-c/TargetMachine.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include <optional>

// A project's own helper placed in namespace llvm (llvmlite's wrap()) is not
// an LLVM API that borrows: it hands the pointer on, so returning its result
// returns the machine. Must not flag.
namespace llvm {
inline LLVMTargetMachineRef wrap(TargetMachine *TM) {
  return reinterpret_cast<LLVMTargetMachineRef>(TM);
}
} // namespace llvm

extern "C" LLVMTargetMachineRef createWrapped(const llvm::Target *T) {
  return llvm::wrap(
      T->createTargetMachine("x86_64", "", "", llvm::TargetOptions(), std::nullopt));
}

// A factory written as a lambda makes its callers owners, like a named one.
// Must flag the temporary use.
unsigned viaLambda(const llvm::Target *T) {
  auto Make = [&]() -> llvm::TargetMachine * {
    return T->createTargetMachine("x86_64", "", "", llvm::TargetOptions(),
                                  std::nullopt);
  };
  // WARN@+1: TargetMachine created by 'lambda at line 31' is never released: it is used only as a temporary
  return Make()->createDataLayout().getPointerSize();
}

// The same lambda, its result adopted: must not flag.
unsigned viaLambdaOwned(const llvm::Target *T) {
  auto Make = [&]() -> llvm::TargetMachine * {
    return T->createTargetMachine("x86_64", "", "", llvm::TargetOptions(),
                                  std::nullopt);
  };
  llvm::TargetMachine *TM = Make();
  unsigned Size = TM->createDataLayout().getPointerSize();
  delete TM;
  return Size;
}

// An accessor that returns the member lends it; the class still never
// releases it (ispc's Target). Must flag.
class AccessorTarget {
public:
  AccessorTarget(const llvm::Target *T)
      // WARN@+2: is stored in member 'AccessorTarget::TM', which no destructor or member function of 'AccessorTarget' releases
      // NOTE@+1: stored here
      : TM(T->createTargetMachine("x86_64", "", "", llvm::TargetOptions(),
                                  std::nullopt)) {}
  llvm::TargetMachine *getTM() const { return TM; }

private:
  llvm::TargetMachine *TM;
};

// The same class with a destructor: must not flag.
class AccessorTargetFreed {
public:
  AccessorTargetFreed(const llvm::Target *T)
      : TM(T->createTargetMachine("x86_64", "", "", llvm::TargetOptions(),
                                  std::nullopt)) {}
  ~AccessorTargetFreed() { delete TM; }
  llvm::TargetMachine *getTM() const { return TM; }

private:
  llvm::TargetMachine *TM;
};
