// RUN: %check_llvmown --frontend tidy --config '{CheckOptions: {llvmown-target-machine-leak.OwningFactories: "mylib::makeTM;mylib::Pool::cloneTM", llvmown-target-machine-leak.ReleaseFunctions: "mylib::destroyTM;LLVMExtraDisposeTargetMachine", llvmown-target-machine-leak.TransferFunctions: "mylib::Pool::adopt;LLVMExtraCacheTargetMachine"}}' %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool --config '{CheckOptions: {llvmown-target-machine-leak.OwningFactories: "mylib::makeTM;mylib::Pool::cloneTM", llvmown-target-machine-leak.ReleaseFunctions: "mylib::destroyTM;LLVMExtraDisposeTargetMachine", llvmown-target-machine-leak.TransferFunctions: "mylib::Pool::adopt;LLVMExtraCacheTargetMachine"}}' %s -- -std=c++17 -I%stubs
//
// llvmown-target-machine-leak options: OwningFactories, ReleaseFunctions and
// TransferFunctions (`;`-separated qualified names) describe a project's own
// library. options-default.cpp is the same library without the options.

#include "llvm-c/TargetMachine.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include <memory>
#include <string>

using namespace llvm;

// The project's own library, defined elsewhere.
namespace mylib {
// Returns a new machine that the caller owns (OwningFactories).
TargetMachine *makeTM(StringRef Triple);
// Frees the machine (ReleaseFunctions).
void destroyTM(TargetMachine *TM);
class Pool {
public:
  // Returns a new copy that the caller owns (OwningFactories).
  TargetMachine *cloneTM(const TargetMachine &Proto);
  // Takes ownership of the machine (TransferFunctions).
  void adopt(TargetMachine *TM);
  // Only looks at the machine.
  bool contains(const TargetMachine *TM) const;
};
} // namespace mylib

// Another library's function with the same simple name: not a factory.
namespace other {
TargetMachine *makeTM(StringRef Triple);
} // namespace other

// The project's C shim library (like LLVM.jl's LLVMExtra). Named LLVM*, so
// without the options they would be taken for LLVM APIs that only borrow.
extern "C" {
void LLVMExtraDisposeTargetMachine(LLVMTargetMachineRef TM);
void LLVMExtraCacheTargetMachine(LLVMTargetMachineRef TM);
}

//===--- Must flag ---------------------------------------------------------===//

// Must flag: the result of a configured factory is discarded.
void discardMade() {
  mylib::makeTM("nvptx64-nvidia-cuda"); // WARN: TargetMachine created by 'mylib::makeTM' is never released: the result is discarded
}

// Must flag: a configured factory's machine used only as a temporary.
std::string madeLayout(StringRef TT) {
  return mylib::makeTM(TT)->createDataLayout().getStringRepresentation(); // WARN: TargetMachine created by 'mylib::makeTM' is never released: it is used only as a temporary
}

// Must flag: the configured release function is called on one path only.
bool releasedOnSuccessOnly(StringRef TT, std::string &CPU) {
  TargetMachine *TM = mylib::makeTM(TT); // WARN: TargetMachine created by 'mylib::makeTM' leaks when the function returns at line 64
  if (!TM)
    return false;
  if (TM->getTargetCPU().empty())
    return false; // NOTE: 'TM' still owns it when the function returns here
  CPU = TM->getTargetCPU().str();
  mylib::destroyTM(TM);
  return true;
}

// Must flag: a configured member-function factory; the copy is never freed.
void cloneNeverFreed(mylib::Pool &P, const TargetMachine &Proto) {
  TargetMachine *Copy = P.cloneTM(Proto); // WARN: TargetMachine created by 'mylib::Pool::cloneTM' is never released
  PassBuilder PB(Copy);
} // NOTE: 'Copy' still owns it when the function returns here

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: released by the configured release function.
void madeAndDestroyed(StringRef TT) {
  TargetMachine *TM = mylib::makeTM(TT);
  if (TM)
    errs() << TM->getTargetCPU();
  mylib::destroyTM(TM);
}

// Must not flag: transferred to the configured owning member function.
void clonedIntoPool(mylib::Pool &P, const TargetMachine &Proto) {
  TargetMachine *Copy = P.cloneTM(Proto);
  if (P.contains(Copy))
    errs() << "already pooled\n";
  P.adopt(Copy);
}

// Must not flag: a factory's machine adopted by a unique_ptr.
std::unique_ptr<TargetMachine> madeOwned(StringRef TT) {
  return std::unique_ptr<TargetMachine>(mylib::makeTM(TT));
}

// Must not flag: a function with the same simple name in another namespace
// is not a configured factory.
std::string otherLayout(StringRef TT) {
  return other::makeTM(TT)->createDataLayout().getStringRepresentation();
}

// Must not flag: a C machine released by the configured C release function.
void shimDisposed(LLVMTargetRef T) {
  LLVMTargetMachineRef TM = LLVMCreateTargetMachine(
      T, "x86_64-unknown-linux-gnu", "", "", LLVMCodeGenLevelDefault,
      LLVMRelocDefault, LLVMCodeModelDefault);
  LLVMSetTargetMachineAsmVerbosity(TM, 1);
  LLVMExtraDisposeTargetMachine(TM);
}

// Must not flag: a C machine handed to the configured C transfer function.
void shimCached(LLVMTargetRef T) {
  LLVMTargetMachineRef TM = LLVMCreateTargetMachine(
      T, "x86_64-unknown-linux-gnu", "", "", LLVMCodeGenLevelDefault,
      LLVMRelocDefault, LLVMCodeModelDefault);
  LLVMExtraCacheTargetMachine(TM);
}
