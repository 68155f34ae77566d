// RUN: %check_llvmown --frontend tidy %s -- -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -I%stubs
//
// llvmown-c-api-dispose in main: handles main still holds when it returns
// live as long as the process, as after exit(). What main loses on the way
// is still reported: a discarded result, a handle overwritten in a loop, a
// string that goes out of scope in an inner block.

#include "llvm-c/Core.h"
#include "llvm-c/TargetMachine.h"
#include <stdio.h>

int main(int Argc, char **Argv) {
  // Must not flag: main's context and module live until the process ends.
  LLVMContextRef C = LLVMContextCreate();
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext("m", C);
  LLVMDumpModule(M);
  // Must flag: each iteration's builder overwrites the previous one.
  LLVMBuilderRef B = NULL;
  for (int I = 1; I < Argc; ++I)
    B = LLVMCreateBuilderInContext(C); // WARN: LLVMBuilderRef returned by 'LLVMCreateBuilderInContext' is overwritten while still owned at line 21 // NOTE: 'B' is overwritten here
  // Must flag: discarded at once.
  LLVMGetDefaultTargetTriple(); // WARN: message string returned by 'LLVMGetDefaultTargetTriple' is never released: the result is discarded
  {
    // Must flag: lost at the end of the block.
    char *Triple = LLVMGetDefaultTargetTriple(); // WARN: message string returned by 'LLVMGetDefaultTargetTriple' leaks when 'Triple' goes out of scope at line 28
    puts(Triple);
  } // NOTE: 'Triple' goes out of scope here
  return B != NULL;
}
