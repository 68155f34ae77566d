// RUN: %check_llvmown --frontend tidy %s -- -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -I%stubs
//
// llvmown-c-api-dispose: a null test that is the last operand of `&&` or
// `||` in a loop or if condition. The search loop of a compiler that looks
// for its runtime bitcode on several paths, `for (p = paths; p != NULL &&
// M == NULL; p = next(p)) M = parse(p);`, assigns M only while M is null:
// the block that ends the condition evaluates `M == NULL`, and its edges
// say what M is. (A survey false positive, once the project's own parse
// helper was known as a factory from its summary.)

#include "llvm-c/Core.h"
#include <stddef.h>

typedef struct SearchPath {
  struct SearchPath *Next;
  const char *Dir;
} SearchPath;

void useModule(LLVMModuleRef M);

//===--- Must not flag ------------------------------------------------------===//

// The null test second: M is null on the edge into the body.
LLVMModuleRef firstFound(LLVMContextRef C, SearchPath *Paths) {
  LLVMModuleRef M = NULL;
  for (SearchPath *P = Paths; (P != NULL) && (M == NULL); P = P->Next)
    M = LLVMModuleCreateWithNameInContext(P->Dir, C);
  return M;
}

// Three operands, the null test last.
LLVMModuleRef firstFoundLimited(LLVMContextRef C, SearchPath *Paths, int Max) {
  LLVMModuleRef M = NULL;
  int Tries = 0;
  for (SearchPath *P = Paths; P && Tries < Max && !M; P = P->Next, ++Tries)
    M = LLVMModuleCreateWithNameInContext(P->Dir, C);
  return M;
}

// A while loop.
LLVMModuleRef firstFoundWhile(LLVMContextRef C, SearchPath *P) {
  LLVMModuleRef M = NULL;
  while (P != NULL && M == NULL) {
    M = LLVMModuleCreateWithNameInContext(P->Dir, C);
    P = P->Next;
  }
  return M;
}

// An if: the module is created only when none was given.
void ensureModule(LLVMContextRef C, int Enabled, LLVMModuleRef M) {
  if (Enabled && M == NULL)
    M = LLVMModuleCreateWithNameInContext("fallback", C);
  useModule(M);
  LLVMDisposeModule(M);
}

//===--- Must flag ----------------------------------------------------------===//

// The null test is not what guards the assignment: every module but the
// last found is lost.
LLVMModuleRef lastFound(LLVMContextRef C, SearchPath *Paths) {
  LLVMModuleRef M = NULL;
  for (SearchPath *P = Paths; P != NULL && P->Dir != NULL; P = P->Next)
    M = LLVMModuleCreateWithNameInContext(P->Dir, C); // WARN: LLVMModuleRef returned by 'LLVMModuleCreateWithNameInContext' is overwritten while still owned at line 66
  return M;
}
