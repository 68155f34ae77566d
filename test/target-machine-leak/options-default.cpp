// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-target-machine-leak with the default options (all empty): the
// project library of options.cpp is unknown code. Its factories are not
// sources, and its release/transfer functions are opaque calls. The C shim
// functions are named LLVM* but declared in this file, not in LLVM's
// headers, so they are the project's own code too: unknown callees.

#include "llvm-c/TargetMachine.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include <optional>
#include <string>

using namespace llvm;

// The project's own library, defined elsewhere (as in options.cpp).
namespace mylib {
TargetMachine *makeTM(StringRef Triple);
void destroyTM(TargetMachine *TM);
class Pool {
public:
  TargetMachine *cloneTM(const TargetMachine &Proto);
  void adopt(TargetMachine *TM);
};
} // namespace mylib

// The project's C shim library (as in options.cpp).
extern "C" {
void LLVMExtraDisposeTargetMachine(LLVMTargetMachineRef TM);
void LLVMExtraCacheTargetMachine(LLVMTargetMachineRef TM);
}

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: LLVMExtraCacheTargetMachine is named like an LLVM API but
// declared here, in the project's file: an unknown callee that may keep the
// machine (no evidence of a leak), so passing the machine to it is an escape.
void shimCachedWithoutOption(LLVMTargetRef T) {
  LLVMTargetMachineRef TM = LLVMCreateTargetMachine(T, "x86_64-unknown-linux-gnu", "", "", LLVMCodeGenLevelDefault, LLVMRelocDefault, LLVMCodeModelDefault);
  LLVMExtraCacheTargetMachine(TM);
}

// Must not flag: mylib::makeTM is not a factory without OwningFactories.
void discardMadeWithoutOption() { mylib::makeTM("nvptx64-nvidia-cuda"); }

// Must not flag: nor is its result, used as a temporary.
std::string madeLayoutWithoutOption(StringRef TT) {
  return mylib::makeTM(TT)->createDataLayout().getStringRepresentation();
}

// Must not flag: nor mylib::Pool::cloneTM.
void cloneWithoutOption(mylib::Pool &P, const TargetMachine &Proto) {
  TargetMachine *Copy = P.cloneTM(Proto);
  PassBuilder PB(Copy);
}

// Must not flag: a created machine handed to mylib::destroyTM, an unknown
// function taking a raw pointer.
void destroyedByUnknownFunction(const Target *T, StringRef TT) {
  TargetMachine *TM = T->createTargetMachine(TT, "", "", TargetOptions(), std::nullopt);
  mylib::destroyTM(TM);
}

// Must not flag: a created machine handed to mylib::Pool::adopt, an unknown
// member function taking a raw pointer.
void adoptedByUnknownFunction(mylib::Pool &P, const Target *T, StringRef TT) {
  P.adopt(T->createTargetMachine(TT, "", "", TargetOptions(), std::nullopt));
}
