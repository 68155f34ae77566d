/* Stand-in for llvm-c/LLJIT.h (LLVM 19), for the llvmown lit tests. */
#ifndef LLVM_C_LLJIT_H
#define LLVM_C_LLJIT_H

#include "llvm-c/Error.h"
#include "llvm-c/ExternC.h"
#include "llvm-c/Orc.h"
#include "llvm-c/TargetMachine.h"
#include "llvm-c/Types.h"

LLVM_C_EXTERN_C_BEGIN

typedef struct LLVMOrcOpaqueLLJITBuilder *LLVMOrcLLJITBuilderRef;
typedef struct LLVMOrcOpaqueLLJIT *LLVMOrcLLJITRef;

LLVMOrcLLJITBuilderRef LLVMOrcCreateLLJITBuilder(void);
/* Only if the builder was not passed to LLVMOrcCreateLLJIT. */
void LLVMOrcDisposeLLJITBuilder(LLVMOrcLLJITBuilderRef Builder);
/* Takes ownership of JTMB. */
void LLVMOrcLLJITBuilderSetJITTargetMachineBuilder(
    LLVMOrcLLJITBuilderRef Builder, LLVMOrcJITTargetMachineBuilderRef JTMB);
/* Takes ownership of Builder, also when it fails; *Result on success. */
LLVMErrorRef LLVMOrcCreateLLJIT(LLVMOrcLLJITRef *Result,
                                LLVMOrcLLJITBuilderRef Builder);
LLVMErrorRef LLVMOrcDisposeLLJIT(LLVMOrcLLJITRef J);
/* Borrowed from the LLJIT. */
LLVMOrcExecutionSessionRef LLVMOrcLLJITGetExecutionSession(LLVMOrcLLJITRef J);
LLVMOrcJITDylibRef LLVMOrcLLJITGetMainJITDylib(LLVMOrcLLJITRef J);
const char *LLVMOrcLLJITGetTripleString(LLVMOrcLLJITRef J);
char LLVMOrcLLJITGetGlobalPrefix(LLVMOrcLLJITRef J);
/* A new pool reference: release it with LLVMOrcReleaseSymbolStringPoolEntry. */
LLVMOrcSymbolStringPoolEntryRef
LLVMOrcLLJITMangleAndIntern(LLVMOrcLLJITRef J, const char *UnmangledName);
/* These take ownership of ObjBuffer / TSM, also when they fail. Without an
   RT, the code goes to JD's default resource tracker; the WithRT versions do
   not take the caller's reference to RT. */
LLVMErrorRef LLVMOrcLLJITAddObjectFile(LLVMOrcLLJITRef J, LLVMOrcJITDylibRef JD,
                                       LLVMMemoryBufferRef ObjBuffer);
LLVMErrorRef LLVMOrcLLJITAddObjectFileWithRT(LLVMOrcLLJITRef J,
                                             LLVMOrcResourceTrackerRef RT,
                                             LLVMMemoryBufferRef ObjBuffer);
LLVMErrorRef LLVMOrcLLJITAddLLVMIRModule(LLVMOrcLLJITRef J,
                                         LLVMOrcJITDylibRef JD,
                                         LLVMOrcThreadSafeModuleRef TSM);
LLVMErrorRef LLVMOrcLLJITAddLLVMIRModuleWithRT(LLVMOrcLLJITRef J,
                                               LLVMOrcResourceTrackerRef JD,
                                               LLVMOrcThreadSafeModuleRef TSM);
LLVMErrorRef LLVMOrcLLJITLookup(LLVMOrcLLJITRef J,
                                LLVMOrcExecutorAddress *Result,
                                const char *Name);

LLVM_C_EXTERN_C_END

#endif
