// RUN: %check_llvmown --frontend tidy %s -- -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -I%stubs
//
// llvmown-c-api-dispose on handles kept in the fields of a C struct: the
// function that stores a new handle in `S->Field` hands it to the struct, so
// the function that frees the struct (free, or a macro that expands to it)
// must release the field first. Reported when a function of the file frees
// the struct, passes it to nothing else first, and no function of the file
// releases the field or copies it out. Passing the field to a function
// (even one defined elsewhere) lends it: the struct still holds it.

#include "llvm-c/Core.h"
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
  S->ctx = LLVMContextCreate(); // WARN: LLVMContextRef returned by 'LLVMContextCreate' is stored in field 'compute_state::ctx', which 'deleteState' frees without releasing it with 'LLVMContextDispose'
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

//===--- Must not flag -----------------------------------------------------===//

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
