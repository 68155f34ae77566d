// RUN: %check_llvmown --frontend tidy --allow-errors %s -- -I%stubs
// RUN: %check_llvmown --frontend tool --allow-errors %s -- -I%stubs
//
// llvmown-c-api-dispose on C code that does not compile (an editor buffer
// mid-edit, code for another LLVM version): a creating call whose argument
// is in error is still a call of that function when it takes that many
// arguments, or too few (a function whose parameters grew since). With too
// many arguments nothing is assumed.

#include "llvm-c/Core.h"
#include "llvm-c/IRReader.h"

//===--- Must flag ---------------------------------------------------------===//

// Must flag: the name of the module is not declared; the module is created
// and never disposed of.
int undeclaredArgument(void) {
  LLVMModuleRef M = LLVMModuleCreateWithName(ModuleName); // WARN: LLVMModuleRef returned by 'LLVMModuleCreateWithName' is never released with 'LLVMDisposeModule'
  // ERROR@-1: use of undeclared identifier 'ModuleName'
  return M != 0; // NOTE: 'M' still holds it when the function returns here
}

// Must flag: written for an older signature with fewer parameters (here,
// the context left out): still the creating call.
int tooFewArguments(void) {
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext("m"); // WARN: LLVMModuleRef returned by 'LLVMModuleCreateWithNameInContext' is never released with 'LLVMDisposeModule'
  // ERROR@-1: too few arguments to function call, expected 2, have 1
  return M != 0; // NOTE: 'M' still holds it when the function returns here
}

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: disposed of as usual.
void disposedAsUsual(void) {
  LLVMModuleRef M = LLVMModuleCreateWithName(ModuleName);
  // ERROR@-1: use of undeclared identifier 'ModuleName'
  LLVMDisposeModule(M);
}

// Must not flag: with two arguments this is not a call of the one-argument
// creator; nothing is assumed about it.
void wrongArity(void) {
  LLVMModuleRef M = LLVMModuleCreateWithName("m", 1);
  // ERROR@-1: too many arguments to function call, expected single argument 'ModuleID', have 2 arguments
  (void)M;
}

// Must not flag: the context argument is in error (clang 22 leaves it out of
// the recovered call); the buffer after it is still the argument the parser
// takes over, and the module is disposed of.
void argumentInErrorFirst(LLVMMemoryBufferRef Buf) {
  LLVMModuleRef M;
  char *Msg;
  if (LLVMParseIRInContext(UndeclaredContext, Buf, &M, &Msg)) {
    // ERROR@-1: use of undeclared identifier 'UndeclaredContext'
    LLVMDisposeMessage(Msg);
    return;
  }
  LLVMDisposeModule(M);
}

// Must flag: the same call, and the module parsed is never disposed of.
LLVMBool argumentInErrorLeaks(LLVMMemoryBufferRef Buf) {
  LLVMModuleRef M;
  char *Msg = 0;
  LLVMBool Failed = LLVMParseIRInContext(UndeclaredContext, Buf, &M, &Msg); // WARN: LLVMModuleRef written by 'LLVMParseIRInContext' is never released with 'LLVMDisposeModule'
  // ERROR@-1: use of undeclared identifier 'UndeclaredContext'
  LLVMDisposeMessage(Msg);
  return Failed; // NOTE: 'M' still holds it
}
