// RUN: %check_llvmown --frontend tidy %s -- -I%llvm_include
// RUN: %check_llvmown --frontend tool %s -- -I%llvm_include
//
// llvmown-c-api-dispose, with LLVM's own headers: LLVMRemoveModule writes
// the module passed to it back to its out-parameter (the engine gives it
// back), so a module this function added is its own again, and one that
// came from the caller stays the caller's; LLVMCreateObjectFile takes its
// memory buffer over (LLVMCreateBinary does not).

#include "llvm-c/Core.h"
#include "llvm-c/ExecutionEngine.h"
#include "llvm-c/Object.h"
#include <stddef.h>

//===--- Must flag ---------------------------------------------------------===//

// Must flag: the module comes back from the engine and is never disposed
// (when the removal fails, the engine keeps it).
void addRemoveLeak(LLVMExecutionEngineRef EE) {
  LLVMModuleRef M = LLVMModuleCreateWithName("m"); // WARN: LLVMModuleRef returned by 'LLVMModuleCreateWithName' is not released when the function returns at line 26
  LLVMAddModule(EE, M);
  LLVMModuleRef Back;
  char *Err = NULL;
  if (LLVMRemoveModule(EE, M, &Back, &Err))
    LLVMDisposeMessage(Err);
} // NOTE: 'M' still holds it when the function returns here

// Must flag: the object file is never disposed of.
int objectFileLeak(const char *Bytes, size_t Size) {
  LLVMObjectFileRef O = LLVMCreateObjectFile( // WARN: LLVMObjectFileRef returned by 'LLVMCreateObjectFile' is never released with 'LLVMDisposeObjectFile'
      LLVMCreateMemoryBufferWithMemoryRangeCopy(Bytes, Size, "obj"));
  return O != NULL; // NOTE: 'O' still holds it when the function returns here
}

// Must flag: the buffer belongs to the object file now.
void bufferFreedTwice(const char *Bytes, size_t Size) {
  LLVMMemoryBufferRef B =
      LLVMCreateMemoryBufferWithMemoryRangeCopy(Bytes, Size, "obj");
  LLVMObjectFileRef O = LLVMCreateObjectFile(B);
  LLVMDisposeObjectFile(O);
  LLVMDisposeMemoryBuffer(B); // WARN: LLVMMemoryBufferRef 'B' is released after 'LLVMCreateObjectFile' took ownership of it
}

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: the caller's module, detached from the engine, is the
// caller's again (written over the caller's own handle).
int detach(LLVMExecutionEngineRef EE, LLVMModuleRef M, char **Err) {
  return LLVMRemoveModule(EE, M, &M, Err);
}

// Must not flag: added, taken back, disposed of.
void addRemoveDispose(LLVMExecutionEngineRef EE) {
  LLVMModuleRef M = LLVMModuleCreateWithName("m");
  LLVMAddModule(EE, M);
  LLVMModuleRef Back;
  char *Err = NULL;
  if (LLVMRemoveModule(EE, M, &Back, &Err)) {
    LLVMDisposeMessage(Err);
    return;
  }
  LLVMDisposeModule(Back);
}

// Must not flag: the object file owns the buffer and goes to the caller.
LLVMObjectFileRef openObject(const char *Bytes, size_t Size) {
  return LLVMCreateObjectFile(
      LLVMCreateMemoryBufferWithMemoryRangeCopy(Bytes, Size, "obj"));
}
