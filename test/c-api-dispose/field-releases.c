// RUN: %check_llvmown --frontend tidy %s -- -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -I%stubs
//
// llvmown-c-api-dispose on a handle kept in a struct field and released
// twice: by a release or consuming API on `V->Field`, or by a helper of the
// file that releases that field of its parameter whatever the path, with no
// store into the field between. Reported at the second release, with notes
// at the first and at the helper's own release. Not flagged: a store between
// the two, a release on one branch only, a helper that releases the field
// only under a condition, a pointer handed to a function defined elsewhere
// between the two, and different structs.

#include "llvm-c/Core.h"
#include "llvm-c/Linker.h"
#include <stdlib.h>

struct gen_context {
  LLVMContextRef context;
  LLVMModuleRef module;
  LLVMBuilderRef builder;
  int shared;
};

void emitContext(struct gen_context *C);
void refreshContext(struct gen_context *C);

// Tears the whole context down.
static void destroyContext(struct gen_context *C) {
  if (!C)
    return;
  LLVMDisposeBuilder(C->builder);
  LLVMDisposeModule(C->module); // NOTE: 'destroyContext' releases it here
  if (!C->shared)
    LLVMContextDispose(C->context);
  free(C);
}

// Ends the module; the context lives on.
static void endModule(struct gen_context *C) {
  LLVMDisposeModule(C->module); // NOTE: 'endModule' releases it here
}

// Releases the module only when asked.
static void maybeEndModule(struct gen_context *C, int Keep) {
  if (Keep)
    return;
  LLVMDisposeModule(C->module);
}

// Ends the module and the builder.
static void finish(struct gen_context *C) {
  endModule(C);
  LLVMDisposeBuilder(C->builder);
}

//===--- Must flag ---------------------------------------------------------===//

// Must flag: linking took the other module; the destroy helper disposes of it
// again.
void mergeContexts(struct gen_context **All, unsigned Count) {
  struct gen_context *First = All[0];
  for (unsigned I = 1; I < Count; I++) {
    struct gen_context *Other = All[I];
    LLVMLinkModules2(First->module, Other->module); // NOTE: 'LLVMLinkModules2' took ownership here
    destroyContext(Other); // WARN: LLVMModuleRef 'Other->module' is released by 'destroyContext' after 'LLVMLinkModules2' took ownership of it
  }
}

// Must flag: one helper ends the module, the next disposes of it again.
void compileUnit(struct gen_context *C) {
  emitContext(C);
  endModule(C); // NOTE: first released here
  destroyContext(C); // WARN: LLVMModuleRef 'C->module' is released twice by 'destroyContext'
}

// Must flag: a direct dispose, then a helper that calls a releasing helper.
void compileAndFinish(struct gen_context *C) {
  LLVMDisposeModule(C->module); // NOTE: first released here
  finish(C); // WARN: LLVMModuleRef 'C->module' is released twice by 'finish'
}

//===--- Must not flag -----------------------------------------------------===//

// A new module is stored between the two releases.
void nextModule(struct gen_context *C) {
  endModule(C);
  C->module = LLVMModuleCreateWithNameInContext("next", C->context);
  destroyContext(C);
}

// Released on one branch only: the other path reaches the destroy with the
// module still there.
void endSometimes(struct gen_context *C, int Done) {
  if (Done)
    LLVMDisposeModule(C->module);
  else
    emitContext(C);
  destroyContext(C);
}

// The helper releases the module only under a condition.
void keepOrEnd(struct gen_context *C, int Keep) {
  maybeEndModule(C, Keep);
  destroyContext(C);
}

// A function defined elsewhere may have stored a new module.
void endAndRefresh(struct gen_context *C) {
  endModule(C);
  refreshContext(C);
  destroyContext(C);
}

// A helper that disposes of the module and stores the next one replaces it:
// calling it twice releases two different modules.
static void replaceModule(struct gen_context *C) {
  LLVMDisposeModule(C->module);
  C->module = LLVMModuleCreateWithNameInContext("phase", C->context);
}

void twoPhases(struct gen_context *C) {
  replaceModule(C);
  replaceModule(C);
  destroyContext(C);
}

// Two different contexts.
void destroyBoth(struct gen_context *A, struct gen_context *B) {
  endModule(A);
  destroyContext(B);
}
