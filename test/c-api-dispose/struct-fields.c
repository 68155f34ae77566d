// RUN: %check_llvmown --frontend tidy %s -- -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -I%stubs
//
// llvmown-c-api-dispose on handles kept in the fields of a C struct: the
// function that stores a new handle in `S->Field` hands it to the struct, so
// the function that frees the struct (free, or a macro that expands to it),
// or the cleanup function that releases two or more of its other handles,
// must release the field too. Reported when such a function of the file passes
// the struct to no function defined elsewhere first, and no function of the
// file releases the field or copies it out. Passing the field to a function
// (even one defined elsewhere) lends it: the struct still holds it.

#include "llvm-c/Core.h"
#include "llvm-c/Target.h"
#include "llvm-c/TargetMachine.h"
#include <stdlib.h>

#define FREE(P) free(P)

unsigned countKernels(LLVMContextRef C, const char *Code);
void releaseAll(void *State);

struct compute_state {
  LLVMContextRef ctx;
  LLVMBuilderRef builder;
  LLVMModuleRef module;
  unsigned kernels;
};

//===--- Must flag ---------------------------------------------------------===//

// Must flag: the context is created into the state; the delete function
// frees the state and never disposes of it.
void *createState(const char *Code) {
  struct compute_state *S = calloc(1, sizeof(*S));
  S->ctx = LLVMContextCreate(); // WARN: LLVMContextRef returned by 'LLVMContextCreate' is stored in field 'compute_state::ctx', which 'deleteState' does not release with 'LLVMContextDispose' when it frees the struct
  // NOTE@-1: stored here
  S->kernels = countKernels(S->ctx, Code);
  S->builder = LLVMCreateBuilderInContext(S->ctx);
  return S;
}

void deleteState(void *State) {
  struct compute_state *S = (struct compute_state *)State;
  if (!S)
    return;
  LLVMDisposeBuilder(S->builder);
  FREE(S); // NOTE: 'deleteState' frees the struct here
}

struct compiler {
  LLVMContextRef context;
  LLVMModuleRef module;
  LLVMBuilderRef builder;
  LLVMTargetDataRef target_data;
  int depth;
};

static void popScope(struct compiler *C) { C->depth--; }

// Must flag: the compiler struct lives in its caller; the cleanup function
// releases every handle but the target data.
void compilerInit(struct compiler *C, LLVMTargetMachineRef TM) {
  C->context = LLVMContextCreate();
  C->module = LLVMModuleCreateWithNameInContext("main", C->context);
  C->builder = LLVMCreateBuilderInContext(C->context);
  C->target_data = LLVMCreateTargetDataLayout(TM); // WARN: LLVMTargetDataRef returned by 'LLVMCreateTargetDataLayout' is stored in field 'compiler::target_data', which 'compilerCleanup' does not release with 'LLVMDisposeTargetData' when it releases the struct's other handles
  // NOTE@-1: stored here
  C->depth = 0;
}

void compilerCleanup(struct compiler *C) {
  while (C->depth > 0)
    popScope(C);
  LLVMDisposeBuilder(C->builder); // NOTE: 'compilerCleanup' releases another handle of the struct here
  LLVMDisposeModule(C->module);
  LLVMContextDispose(C->context);
}

//===--- Must not flag -----------------------------------------------------===//

struct emitter {
  LLVMContextRef ctx;
  LLVMModuleRef module;
};

void finishEmitter(struct emitter *E);

// A function that replaces one handle is not a cleanup; the context is
// released by finishEmitter, defined elsewhere.
void emitterInit(struct emitter *E) {
  E->ctx = LLVMContextCreate();
  E->module = LLVMModuleCreateWithNameInContext("a", E->ctx);
}

void emitterNextModule(struct emitter *E) {
  LLVMDisposeModule(E->module);
  E->module = LLVMModuleCreateWithNameInContext("b", E->ctx);
}

struct unit_context {
  LLVMContextRef ctx;
  LLVMModuleRef module;
  LLVMTargetDataRef layout;
};

// Ending one module per file releases one handle; the struct lives on and
// its destroy function is elsewhere.
void unitBegin(struct unit_context *U, LLVMTargetMachineRef TM) {
  U->module = LLVMModuleCreateWithNameInContext("unit", U->ctx);
  U->layout = LLVMCreateTargetDataLayout(TM);
}

void unitEnd(struct unit_context *U) { LLVMDisposeModule(U->module); }

struct provider_state {
  LLVMModuleRef module;
  void *provider;
};

void *wrapModule(LLVMModuleRef M);

// The field goes into a call whose result, a pointer of a type the model
// does not know, is kept: it may be the module under another type (LLVM 2's
// module providers), owned by whatever takes it.
struct provider_state *providerCreate(void) {
  struct provider_state *P = malloc(sizeof(*P));
  P->module = LLVMModuleCreateWithName("p");
  P->provider = wrapModule(P->module);
  return P;
}

void providerDestroy(struct provider_state *P) { free(P); }

struct linker {
  LLVMContextRef ctx;
  LLVMModuleRef module;
};

void releaseLinker(struct linker *L);

// The cleanup hands the struct to a function defined elsewhere first.
void linkerInit(struct linker *L) {
  L->ctx = LLVMContextCreate();
  L->module = LLVMModuleCreateWithNameInContext("l", L->ctx);
}

void linkerCleanup(struct linker *L) {
  LLVMDisposeModule(L->module);
  releaseLinker(L);
}


struct jit_state {
  LLVMContextRef ctx;
  LLVMModuleRef module;
  LLVMModuleRef spare;
};

// The fixed pair: the destroy function disposes of both fields.
struct jit_state *jitCreate(void) {
  struct jit_state *J = malloc(sizeof(*J));
  J->ctx = LLVMContextCreate();
  J->module = LLVMModuleCreateWithNameInContext("jit", J->ctx);
  J->spare = 0;
  return J;
}

void jitDestroy(struct jit_state *J) {
  LLVMDisposeModule(J->module);
  LLVMContextDispose(J->ctx);
  free(J);
}

struct cache {
  LLVMModuleRef module;
};

// The field is copied out and released through the copy.
struct cache *cacheCreate(void) {
  struct cache *C = malloc(sizeof(*C));
  C->module = LLVMModuleCreateWithName("cache");
  return C;
}

void cacheDestroy(struct cache *C) {
  LLVMModuleRef M = C->module;
  LLVMDisposeModule(M);
  free(C);
}

struct pool {
  LLVMContextRef ctx;
};

// The struct is handed to a cleanup function defined elsewhere before it
// is freed: that one may release its fields.
struct pool *poolCreate(void) {
  struct pool *P = malloc(sizeof(*P));
  P->ctx = LLVMContextCreate();
  return P;
}

void poolDestroy(struct pool *P) {
  releaseAll(P);
  free(P);
}

struct session {
  LLVMContextRef ctx;
};

// Nothing in this file frees the struct: its owner is elsewhere.
void sessionInit(struct session *S) { S->ctx = LLVMContextCreate(); }
