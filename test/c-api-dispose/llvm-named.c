// RUN: %check_llvmown --frontend tidy %s -- -std=gnu89 -I%stubs -I%S/Inputs
// RUN: %check_llvmown --frontend tool %s -- -std=gnu89 -I%stubs -I%S/Inputs
//
// llvmown-c-api-dispose: which functions named LLVM* are LLVM's is decided
// by where they are declared, not by the name.
// - A function LLVM has removed, called by old C code, is declared
//   implicitly at the call (C89): it is still LLVM's, so it borrows what it
//   is given, and a string passed to it still leaks.
// - A project's own LLVM*-named function, declared in the project's header
//   and defined elsewhere, is project code: what it is given may be kept
//   there, so nothing is reported.
// (C89, where implicit declarations compile in every clang.)

#include "llvm-c/Core.h"
#include "codegen/helpers.h"

/* Must flag: LLVMDumpValueText is not declared (removed since); it borrows
   the string. */
void printWithRemovedApi(LLVMModuleRef M) {
  char *Text = LLVMPrintModuleToString(M); // WARN: message string returned by 'LLVMPrintModuleToString' is never released with 'LLVMDisposeMessage'
  LLVMDumpValueText(Text);
} // NOTE: 'Text' still holds it when the function returns here

/* Must flag: a module passed to a removed function is still borrowed. */
void verifyWithRemovedApi(LLVMContextRef C) {
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext("m", C); // WARN: LLVMModuleRef returned by 'LLVMModuleCreateWithNameInContext' is never released with 'LLVMDisposeModule'
  LLVMOldVerify(M, 0);
} // NOTE: 'M' still holds it when the function returns here

/* Must not flag: the project's helper may keep the string. */
void keepWithProjectHelper(LLVMModuleRef M) {
  char *Text = LLVMPrintModuleToString(M);
  LLVMCodegenKeepText(Text);
}

/* Must not flag: the project's helper may take the module over. */
void noteWithProjectHelper(LLVMContextRef C) {
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext("m", C);
  LLVMCodegenNoteModule(M);
}

/* Must flag: LLVM's own borrowing function, declared in llvm-c, is LLVM's. */
void dumpWithLLVM(LLVMContextRef C) {
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext("m", C); // WARN: LLVMModuleRef returned by 'LLVMModuleCreateWithNameInContext' is never released with 'LLVMDisposeModule'
  LLVMDumpModule(M);
} // NOTE: 'M' still holds it when the function returns here
