// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%llvm_include -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%llvm_include -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS
//
// llvmown-c-api-dispose, idioms of C and C++ mixed in one code generator
// (found by the survey of real projects):
//  - llvm::unwrap(Handle) is the same object as the handle: adopting it in
//    a std::unique_ptr releases the handle; llvm::wrap(Ptr) likewise, and
//    so does a project's own conversion (a function that returns its
//    parameter cast to another pointer type, as bindings copy LLVM's
//    DEFINE_SIMPLE_CONVERSION_FUNCTIONS);
//  - LLVMOrcDisposeLLJIT returns an LLVMErrorRef that is always null, so
//    ignoring it leaks nothing; other calls' errors still must be consumed.

#include "llvm-c/BitReader.h"
#include "llvm-c/Core.h"
#include "llvm-c/LLJIT.h"
#include "llvm/IR/Module.h"
#include <memory>

//===--- Must not flag ----------------------------------------------------===//

// The C API loads the module, the C++ side adopts it.
std::unique_ptr<llvm::Module> loadLazily(LLVMContextRef C,
                                         LLVMMemoryBufferRef Buf) {
  LLVMModuleRef M = nullptr;
  if (LLVMGetBitcodeModuleInContext2(C, Buf, &M))
    return nullptr;
  return std::unique_ptr<llvm::Module>(llvm::unwrap(M));
}

// Adopted into a local first, then returned.
std::unique_ptr<llvm::Module> adoptLocal(LLVMContextRef C) {
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext("m", C);
  std::unique_ptr<llvm::Module> Owner(llvm::unwrap(M));
  return Owner;
}

namespace binding {
// The binding's own conversions, as LLVM's macro defines them.
inline llvm::Module *toModule(LLVMModuleRef M) {
  return reinterpret_cast<llvm::Module *>(M);
}
inline LLVMModuleRef toHandle(llvm::Module *M) {
  return reinterpret_cast<LLVMModuleRef>(M);
}
} // namespace binding

// Adopted through the project's own conversion.
std::unique_ptr<llvm::Module> adoptThroughOwnCast(LLVMContextRef C) {
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext("m", C);
  return std::unique_ptr<llvm::Module>(binding::toModule(M));
}

// The teardown of a process-wide JIT: the returned error is always null.
static LLVMOrcLLJITRef TheJIT;
void shutdownJIT() {
  if (TheJIT) {
    LLVMOrcDisposeLLJIT(TheJIT);
    TheJIT = nullptr;
  }
}

//===--- Must flag --------------------------------------------------------===//

// unwrap() is not a release by itself: the module is only printed.
void printOnly(LLVMContextRef C) {
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext("m", C); // WARN: LLVMModuleRef returned by 'LLVMModuleCreateWithNameInContext' is never released with 'LLVMDisposeModule'
  llvm::unwrap(M)->print(llvm::errs(), nullptr);
} // NOTE: 'M' still holds it when the function returns here

// The project's conversion is not a release by itself either.
void printThroughOwnCast(LLVMContextRef C) {
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext("m", C); // WARN: LLVMModuleRef returned by 'LLVMModuleCreateWithNameInContext' is never released with 'LLVMDisposeModule'
  binding::toModule(M)->print(llvm::errs(), nullptr);
} // NOTE: 'M' still holds it when the function returns here

// Another ORC call's error, ignored, leaks when it is not null.
void addIgnoringError(LLVMOrcLLJITRef J, LLVMOrcThreadSafeModuleRef TSM) {
  LLVMOrcLLJITAddLLVMIRModule(J, LLVMOrcLLJITGetMainJITDylib(J), TSM); // WARN: LLVMErrorRef returned by 'LLVMOrcLLJITAddLLVMIRModule' is never released: the result is discarded
}
