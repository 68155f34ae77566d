// RUN: %check_llvmown --frontend tidy %s -- -I%llvm_include -D_GNU_SOURCE -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS
// RUN: %check_llvmown --frontend tool %s -- -I%llvm_include -D_GNU_SOURCE -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS
// RUN: %check_llvmown --frontend tool --llvm-includes %llvm_other_includes %s -- -D_GNU_SOURCE -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS
// llvmown-target-machine-leak against the real LLVM C headers of every
// version (the target machine options are new in 19).

#include "llvm-c/Core.h"
#include "llvm/Config/llvm-config.h"
#include "llvm-c/Orc.h"
#include "llvm-c/Target.h"
#include "llvm-c/TargetMachine.h"
#include <stddef.h>

//===--- Must flag ---------------------------------------------------------===//

// Must flag: the machine is created to get a data layout and never disposed
// of; the error path (a null machine) is fine.
LLVMTargetDataRef hostDataLayout(LLVMTargetRef T) {
  char *Triple = LLVMGetDefaultTargetTriple();
  // WARN@+1: TargetMachine created by 'LLVMCreateTargetMachine' is never released
  LLVMTargetMachineRef TM = LLVMCreateTargetMachine(T, Triple, "", "", LLVMCodeGenLevelDefault, LLVMRelocDefault, LLVMCodeModelDefault);
  LLVMDisposeMessage(Triple);
  if (!TM)
    return NULL;
  return LLVMCreateTargetDataLayout(TM); // NOTE: 'TM' still owns it when the function returns here
}

#if LLVM_VERSION_MAJOR >= 19
// Must flag: disposed of on the success path only.
LLVMBool emitAssembly(LLVMTargetRef T, LLVMModuleRef M, const char *Path) {
  char *Error = NULL;
  LLVMTargetMachineOptionsRef Options = LLVMCreateTargetMachineOptions();
  LLVMTargetMachineOptionsSetCPU(Options, "generic");
  // WARN@+1: TargetMachine created by 'LLVMCreateTargetMachineWithOptions' leaks when the function returns at line 39
  LLVMTargetMachineRef TM = LLVMCreateTargetMachineWithOptions(T, "x86_64-unknown-linux-gnu", Options);
  LLVMDisposeTargetMachineOptions(Options);
  if (LLVMTargetMachineEmitToFile(TM, M, Path, LLVMAssemblyFile, &Error)) {
    LLVMDisposeMessage(Error);
    return 1; // NOTE: 'TM' still owns it when the function returns here
  }
  LLVMDisposeTargetMachine(TM);
  return 0;
}
#endif

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: disposed of on every path.
LLVMBool emitAssemblyCarefully(LLVMTargetRef T, LLVMModuleRef M,
                               const char *Path) {
  char *Error = NULL;
  LLVMBool Failed;
  LLVMTargetMachineRef TM = LLVMCreateTargetMachine(
      T, "x86_64-unknown-linux-gnu", "generic", "", LLVMCodeGenLevelDefault,
      LLVMRelocDefault, LLVMCodeModelDefault);
  Failed = LLVMTargetMachineEmitToFile(TM, M, Path, LLVMAssemblyFile, &Error);
  if (Failed)
    LLVMDisposeMessage(Error);
  LLVMDisposeTargetMachine(TM);
  return Failed;
}

// Must not flag: the ORC builder takes ownership of the machine.
LLVMOrcJITTargetMachineBuilderRef builderFor(LLVMTargetRef T) {
  LLVMTargetMachineRef TM = LLVMCreateTargetMachine(
      T, "x86_64-unknown-linux-gnu", "", "", LLVMCodeGenLevelDefault,
      LLVMRelocDefault, LLVMCodeModelJITDefault);
  if (!TM)
    return NULL;
  return LLVMOrcJITTargetMachineBuilderCreateFromTargetMachine(TM);
}
