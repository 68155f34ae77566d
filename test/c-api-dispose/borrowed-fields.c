// RUN: %check_llvmown --frontend tidy %s -- -I%stubs -I%S/Inputs/driver
// RUN: %check_llvmown --frontend tool %s -- -I%stubs -I%S/Inputs/driver
//
// llvmown-c-api-dispose on a struct field that holds a copy of another
// file's handle: every store into the field in this file copies the same
// extern global (declared here, defined and owned by another file), and a
// function of the file releases the field. The other file's handle is gone
// under it, and is disposed of again when that file tears down. Reported at
// the release, with a note at the copy. Not flagged: a field that is also
// given a handle of its own, a global this file assigns (a handover), and a
// copy that is never released.

#include "llvm-c/Core.h"
#include "llvm-c/ExecutionEngine.h"
#include "shared_jit.h"
#include <stdlib.h>

struct screen {
  LLVMExecutionEngineRef engine;
  LLVMModuleRef module;
  LLVMContextRef context;
  LLVMPassManagerRef passes;
};

//===--- Must flag ---------------------------------------------------------===//

void screen_init(struct screen *S) {
  shared_jit_init();
  S->engine = shared_engine; // NOTE: copied into the field here
  S->module = shared_module;
  S->passes = LLVMCreatePassManager();
}

void screen_cleanup(struct screen *S) {
  if (S->engine)
    LLVMDisposeExecutionEngine(S->engine); // WARN: LLVMExecutionEngineRef in field 'screen::engine' is borrowed and must not be released: it is a copy of 'shared_engine', a global another file defines and owns
  LLVMDisposePassManager(S->passes);
}

//===--- Must not flag -----------------------------------------------------===//

// The context field sometimes gets a context of its own.
void screen_use_context(struct screen *S, int Private) {
  if (Private)
    S->context = LLVMContextCreate();
  else
    S->context = shared_context;
}

void screen_drop_context(struct screen *S) { LLVMContextDispose(S->context); }

// This file takes the module over from the global (and clears it).
struct session {
  LLVMModuleRef module;
};

void session_take(struct session *T) {
  T->module = shared_module;
  shared_module = NULL;
}

void session_end(struct session *T) { LLVMDisposeModule(T->module); }
