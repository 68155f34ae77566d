// RUN: %check_llvmown --frontend tidy %s -- -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -I%stubs
//
// llvmown-c-api-dispose: a string passed to a `const char *` parameter is
// read, not kept (ConstPointerArgsBorrow), unless the function's body, seen
// in this unit, keeps the pointer: returns it (or a struct built from it),
// stores it, or hands it to a function that keeps it. The shape of a real
// compiler's string view: `make_string_c(LLVMGetHostCPUName())` keeps the
// host name in the returned string for good. Flagged: a function that only
// reads it (strlen, printf, a copy into a buffer).

#include "llvm-c/Core.h"
#include "llvm-c/TargetMachine.h"
#include <stdio.h>
#include <string.h>

typedef struct Str {
  const char *Text;
  size_t Len;
} Str;

static Str makeStr(const char *Text, size_t Len) {
  Str S;
  S.Text = Text;
  S.Len = Len;
  return S;
}

// Keeps its argument through makeStr.
static Str makeStrC(const char *Text) { return makeStr(Text, strlen(Text)); }

// Keeps its argument in a braced initializer.
static Str viewOf(const char *Text) {
  Str S = {Text, 0};
  return S;
}

static const char *LastName;
// Keeps its argument in a global, through a local alias.
static void remember(const char *Name) {
  const char *Alias = Name;
  LastName = Alias;
}

// Only reads its argument.
static size_t measure(const char *Text) {
  const char *P = Text;
  return strlen(P);
}

Str hostCPU(void) { return makeStrC(LLVMGetHostCPUName()); }

Str hostTriple(void) { return viewOf(LLVMGetDefaultTargetTriple()); }

void rememberHost(void) { remember(LLVMGetHostCPUName()); }

size_t hostNameLength(void) {
  return measure(LLVMGetHostCPUName()); // WARN: message string returned by 'LLVMGetHostCPUName' is never released: it is used only as a temporary
}

void printHost(void) {
  printf("%s\n", LLVMGetHostCPUName()); // WARN: message string returned by 'LLVMGetHostCPUName' is never released: it is used only as a temporary
}
