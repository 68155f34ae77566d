// RUN: %check_llvmown --frontend tidy %s -- -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -I%stubs
//
// llvmown-c-api-dispose: the deprecated bitcode readers of llvm-c/BitReader.h
// (LLVMParseBitcode, LLVMParseBitcodeInContext, LLVMGetBitcodeModule...)
// create modules like their "2" successors, and write a message on failure
// only. A helper that parses and returns the module is a factory, so a
// caller that drops its result leaks the module.

#include "llvm-c/BitReader.h"
#include "llvm-c/Core.h"
#include <stddef.h>

void useModule(LLVMModuleRef M);

// A helper returning the parsed module: the caller owns it.
LLVMModuleRef parseKernels(LLVMContextRef C, const char *Bits, size_t Len) {
  LLVMModuleRef M;
  LLVMMemoryBufferRef Buf =
      LLVMCreateMemoryBufferWithMemoryRangeCopy(Bits, Len, "kernels");
  LLVMParseBitcodeInContext(C, Buf, &M, NULL);
  LLVMDisposeMemoryBuffer(Buf);
  return M;
}

// Must flag: the module the helper returns is never disposed of, once per
// kernel.
int hasKernel(LLVMContextRef C, const char *Bits, size_t Len) {
  // WARN@+1: LLVMModuleRef returned by 'parseKernels' is never released with 'LLVMDisposeModule'
  LLVMModuleRef M = parseKernels(C, Bits, Len);
  return LLVMGetNamedFunction(M, "kernel") != NULL;
}

// Must flag: parsed in the global context, never disposed of.
void parseGlobal(LLVMMemoryBufferRef Buf) {
  LLVMModuleRef M;
  char *Err = NULL;
  // WARN@+1: LLVMModuleRef written by 'LLVMParseBitcode' is never released with 'LLVMDisposeModule'
  if (LLVMParseBitcode(Buf, &M, &Err)) {
    LLVMDisposeMessage(Err);
    return;
  }
  LLVMDumpModule(M);
}

// Must not flag: the message is disposed on the only path that writes it,
// and the module is disposed.
int parseChecked(LLVMContextRef C, LLVMMemoryBufferRef Buf) {
  LLVMModuleRef M;
  char *Err;
  if (LLVMParseBitcodeInContext(C, Buf, &M, &Err)) {
    LLVMDisposeMessage(Err);
    return 1;
  }
  useModule(M);
  LLVMDisposeModule(M);
  return 0;
}

// Must not flag: the lazy reader took the buffer when it succeeded; on
// failure the buffer is still ours, and disposed.
LLVMModuleRef loadLazily(LLVMContextRef C, LLVMMemoryBufferRef Buf) {
  LLVMModuleRef M;
  char *Err;
  if (LLVMGetBitcodeModuleInContext(C, Buf, &M, &Err)) {
    LLVMDisposeMessage(Err);
    LLVMDisposeMemoryBuffer(Buf);
    return NULL;
  }
  return M;
}
