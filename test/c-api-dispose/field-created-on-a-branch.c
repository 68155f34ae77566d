// RUN: %check_llvmown --frontend tidy %s -- -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -I%stubs
//
// llvmown-c-api-dispose on a handle in a struct field that a function
// creates on one branch only (directly, or through a helper of the file that
// stores a new handle into that field of its parameter) and releases after
// the branches meet. On the path that skipped the creation, the release
// frees whatever the field held when the function was called: a handle this
// call never made, or one the creating path would have overwritten.
// Reported at the release, with notes at the creation and inside the
// releasing helper. Not flagged: creation on both branches, a branch that
// stores something else, a lazy creation that tests the field, a release
// under its own condition or a test of the field, a function defined
// elsewhere given the struct on the other path, the goto-cleanup idiom (a
// creation skipped by a jump to a shared exit), and a release before the
// next creation in a loop.

#include "llvm-c/Core.h"

struct procedure {
  LLVMContextRef context;
  LLVMModuleRef module;
  LLVMBuilderRef builder;
  const void *body;
  int done;
};

void emitStatements(struct procedure *P, const void *Body);
void setUpElsewhere(struct procedure *P);
void prepareLabels(struct procedure *P);

// Creates the builder (after other set-up) whatever the path.
static void beginBody(struct procedure *P) {
  prepareLabels(P);
  P->builder = LLVMCreateBuilderInContext(P->context);
}

// Releases the builder.
static void endProcedure(struct procedure *P) {
  LLVMDisposeBuilder(P->builder); // NOTE: 'endProcedure' releases it here
}

//===--- Must flag ---------------------------------------------------------===//

// Must flag: a procedure without a body never got a builder, yet the end of
// every procedure disposes of one.
void generateProcedure(struct procedure *P) {
  if (P->done)
    return;
  if (P->body != 0) {
    beginBody(P); // NOTE: 'beginBody' creates it here, on this branch only
    emitStatements(P, P->body);
    P->done = 1;
  }
  endProcedure(P); // WARN: LLVMBuilderRef 'P->builder' is released by 'endProcedure' on a path where this function did not create it: it is created only inside the branch at line 50
}

// Must flag: the module is made only with debug output on, and always
// disposed of.
void emitUnit(struct procedure *P, int Debug) {
  if (Debug) {
    P->module = LLVMModuleCreateWithNameInContext("unit", P->context); // NOTE: created here, on this branch only
    emitStatements(P, P->body);
  }
  LLVMDisposeModule(P->module); // WARN: LLVMModuleRef 'P->module' is released on a path where this function did not create it: it is created only inside the branch at line 61
}

//===--- Must not flag -----------------------------------------------------===//

// Both branches create the builder.
void eitherBuilder(struct procedure *P, LLVMContextRef Other) {
  if (P->body)
    beginBody(P);
  else
    P->builder = LLVMCreateBuilderInContext(Other);
  endProcedure(P);
}

// The other branch stores a null handle: disposing of it is a no-op.
void builderOrNull(struct procedure *P) {
  if (P->body)
    beginBody(P);
  else
    P->builder = 0;
  endProcedure(P);
}

// Lazy creation: the branch tests the field itself.
void ensureBuilder(struct procedure *P) {
  if (!P->builder)
    P->builder = LLVMCreateBuilderInContext(P->context);
  emitStatements(P, P->body);
  LLVMDisposeBuilder(P->builder);
}

// The release has its own condition, the creation's (a flag the analysis
// does not correlate).
void sameFlag(struct procedure *P, int Own) {
  if (Own)
    beginBody(P);
  emitStatements(P, P->body);
  if (Own)
    endProcedure(P);
}

// The release tests the field first.
void testedRelease(struct procedure *P, int Debug) {
  if (Debug)
    P->module = LLVMModuleCreateWithNameInContext("unit", P->context);
  if (P->module)
    LLVMDisposeModule(P->module);
}

// A function defined elsewhere, given the struct after the branches meet,
// may have made the module.
void emitThenEnd(struct procedure *P, int Debug) {
  if (Debug)
    P->module = LLVMModuleCreateWithNameInContext("unit", P->context);
  emitStatements(P, P->body);
  LLVMDisposeModule(P->module);
}

// A function defined elsewhere sets the struct up on the other path.
void setUpEitherWay(struct procedure *P) {
  if (P->body)
    beginBody(P);
  else
    setUpElsewhere(P);
  endProcedure(P);
}

// The goto-cleanup idiom: a failure jumps over the builder's creation to the
// shared exit; there is no branch that holds the creation.
int setUp(struct procedure *P, int Count) {
  P->module = LLVMModuleCreateWithNameInContext("unit", P->context);
  if (Count < 0)
    goto fail;
  P->builder = LLVMCreateBuilderInContext(P->context);
  if (Count == 0)
    goto fail;
  return 1;
fail:
  LLVMDisposeBuilder(P->builder);
  LLVMDisposeModule(P->module);
  return 0;
}

// Each phase releases the previous builder and makes the next one.
void phases(struct procedure *P, int Count) {
  for (int I = 0; I < Count; ++I) {
    LLVMDisposeBuilder(P->builder);
    P->builder = LLVMCreateBuilderInContext(P->context);
  }
}
