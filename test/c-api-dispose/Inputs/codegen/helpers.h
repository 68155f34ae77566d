#ifndef CODEGEN_HELPERS_H
#define CODEGEN_HELPERS_H

#include "llvm-c/Core.h"

/* The project's own helpers, named like LLVM's C API (defined in another
   file of the project). What they do with their arguments is not known. */
void LLVMCodegenKeepText(char *Text);
void LLVMCodegenNoteModule(LLVMModuleRef M);

#endif
