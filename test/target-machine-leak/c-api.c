// RUN: %check_llvmown --frontend tidy %s -- -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -I%stubs
//
// llvmown-target-machine-leak, C API: LLVMCreateTargetMachine and
// LLVMCreateTargetMachineWithOptions create, LLVMDisposeTargetMachine
// releases, LLVMOrcJITTargetMachineBuilderCreateFromTargetMachine takes
// ownership, LLVMGetExecutionEngineTargetMachine lends the engine's machine.

#include "llvm-c/Core.h"
#include "llvm-c/ExecutionEngine.h"
#include "llvm-c/Orc.h"
#include "llvm-c/TargetMachine.h"
#include <stddef.h>

//===--- Must flag ---------------------------------------------------------===//

// Must flag: never disposed of; the triple string is (correctly) returned.
char *machineTriple(LLVMTargetRef T) {
  // WARN@+1: TargetMachine created by 'LLVMCreateTargetMachine' is never released
  LLVMTargetMachineRef TM = LLVMCreateTargetMachine(T, "x86_64-unknown-linux-gnu", "", "", LLVMCodeGenLevelDefault, LLVMRelocDefault, LLVMCodeModelDefault);
  return LLVMGetTargetMachineTriple(TM); // NOTE: 'TM' still owns it when the function returns here
}

// Must flag: disposed of on the success path only; the error path leaks.
LLVMBool emitObject(LLVMTargetRef T, LLVMModuleRef M, const char *Path) {
  char *Error = NULL;
  // WARN@+1: TargetMachine created by 'LLVMCreateTargetMachine' leaks when the function returns at line 33
  LLVMTargetMachineRef TM = LLVMCreateTargetMachine(T, "x86_64-unknown-linux-gnu", "", "", LLVMCodeGenLevelAggressive, LLVMRelocPIC, LLVMCodeModelDefault);
  if (!TM)
    return 1;
  if (LLVMTargetMachineEmitToFile(TM, M, Path, LLVMObjectFile, &Error)) {
    LLVMDisposeMessage(Error);
    return 1; // NOTE: 'TM' still owns it when the function returns here
  }
  LLVMDisposeTargetMachine(TM);
  return 0;
}

// Must flag: disposed of in one branch only; the other falls off the end.
void disposedOnOneBranch(LLVMTargetRef T, int Verbose) {
  // WARN@+1: TargetMachine created by 'LLVMCreateTargetMachine' leaks when the function returns at line 47
  LLVMTargetMachineRef TM = LLVMCreateTargetMachine(T, "x86_64-unknown-linux-gnu", "", "", LLVMCodeGenLevelDefault, LLVMRelocDefault, LLVMCodeModelDefault);
  if (Verbose) {
    LLVMSetTargetMachineAsmVerbosity(TM, 1);
    LLVMDisposeTargetMachine(TM);
  }
} // NOTE: 'TM' still owns it when the function returns here

// Must flag: the result is discarded.
void discardCreate(LLVMTargetRef T) {
  // WARN@+1: TargetMachine created by 'LLVMCreateTargetMachine' is never released: the result is discarded
  LLVMCreateTargetMachine(T, "x86_64-unknown-linux-gnu", "", "", LLVMCodeGenLevelDefault, LLVMRelocDefault, LLVMCodeModelDefault);
}

// Must flag: the machine is used only as a temporary argument of a borrowing
// call (the data layout itself is disposed of).
char *layoutOfNewMachine(LLVMTargetRef T) {
  // WARN@+1: TargetMachine created by 'LLVMCreateTargetMachine' is never released: it is used only as a temporary
  LLVMTargetDataRef TD = LLVMCreateTargetDataLayout(LLVMCreateTargetMachine(T, "x86_64-unknown-linux-gnu", "", "", LLVMCodeGenLevelDefault, LLVMRelocDefault, LLVMCodeModelDefault));
  char *Rep = LLVMCopyStringRepOfTargetData(TD);
  LLVMDisposeTargetData(TD);
  return Rep;
}

// Must flag: LLVMCreateTargetMachineWithOptions; the options are disposed of,
// the machine is not.
char *cpuWithOptions(LLVMTargetRef T) {
  LLVMTargetMachineOptionsRef Options = LLVMCreateTargetMachineOptions();
  LLVMTargetMachineOptionsSetCPU(Options, "znver3");
  LLVMTargetMachineRef TM = LLVMCreateTargetMachineWithOptions(T, "x86_64-unknown-linux-gnu", Options); // WARN: TargetMachine created by 'LLVMCreateTargetMachineWithOptions' is never released
  LLVMDisposeTargetMachineOptions(Options);
  return LLVMGetTargetMachineCPU(TM); // NOTE: 'TM' still owns it when the function returns here
}

// Must not flag: a C wrapper that returns the new machine to its caller
// (its callers own it).
LLVMTargetMachineRef makeHostMachine(LLVMTargetRef T) {
  char *Triple = LLVMGetDefaultTargetTriple();
  char *CPU = LLVMGetHostCPUName();
  LLVMTargetMachineRef TM = LLVMCreateTargetMachine(T, Triple, CPU, "", LLVMCodeGenLevelDefault, LLVMRelocDefault, LLVMCodeModelDefault);
  LLVMDisposeMessage(CPU);
  LLVMDisposeMessage(Triple);
  return TM;
}

// Must flag: the wrapper's machine is never disposed of.
void setHostTarget(LLVMTargetRef T, LLVMModuleRef M) {
  LLVMTargetMachineRef TM = makeHostMachine(T); // WARN: TargetMachine created by 'makeHostMachine' is never released
  char *Triple = LLVMGetTargetMachineTriple(TM);
  LLVMSetTarget(M, Triple);
  LLVMDisposeMessage(Triple);
} // NOTE: 'TM' still owns it when the function returns here

// Must flag: the caller's machine, disposed of when the JIT builder cannot
// be made, though LLVMOrcJITTargetMachineBuilderCreateFromTargetMachine
// took it over; and a machine disposed of on the error path and again.
LLVMOrcJITTargetMachineBuilderRef builderFor(LLVMTargetMachineRef TM) {
  LLVMOrcJITTargetMachineBuilderRef B = LLVMOrcJITTargetMachineBuilderCreateFromTargetMachine(TM); // NOTE: 'LLVMOrcJITTargetMachineBuilderCreateFromTargetMachine' took ownership here
  if (!B)
    LLVMDisposeTargetMachine(TM); // WARN: TargetMachine 'TM' is released after 'LLVMOrcJITTargetMachineBuilderCreateFromTargetMachine' took ownership of it
  return B;
}

void verifyThenDispose(LLVMTargetRef T, LLVMModuleRef M, const char *Path) {
  char *Error = NULL;
  LLVMTargetMachineRef TM = LLVMCreateTargetMachine(T, "x86_64-unknown-linux-gnu", "", "", LLVMCodeGenLevelDefault, LLVMRelocDefault, LLVMCodeModelDefault);
  if (LLVMTargetMachineEmitToFile(TM, M, (char *)Path, LLVMAssemblyFile, &Error)) {
    LLVMDisposeMessage(Error);
    LLVMDisposeTargetMachine(TM); // NOTE: first released here
  }
  LLVMDisposeTargetMachine(TM); // WARN: TargetMachine 'TM' is released twice
}

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: null check, then disposed of on every other path.
LLVMBool emitObjectCarefully(LLVMTargetRef T, LLVMModuleRef M,
                             const char *Path) {
  char *Error = NULL;
  LLVMTargetMachineRef TM = LLVMCreateTargetMachine(
      T, "x86_64-unknown-linux-gnu", "", "", LLVMCodeGenLevelAggressive,
      LLVMRelocPIC, LLVMCodeModelDefault);
  if (!TM)
    return 1;
  if (LLVMTargetMachineEmitToFile(TM, M, Path, LLVMObjectFile, &Error)) {
    LLVMDisposeMessage(Error);
    LLVMDisposeTargetMachine(TM);
    return 1;
  }
  LLVMDisposeTargetMachine(TM);
  return 0;
}

// Must not flag: LLVMCreateTargetMachineWithOptions, disposed of.
void withOptionsDisposed(LLVMTargetRef T) {
  LLVMTargetMachineOptionsRef Options = LLVMCreateTargetMachineOptions();
  LLVMTargetMachineOptionsSetCodeGenOptLevel(Options, LLVMCodeGenLevelNone);
  LLVMTargetMachineRef TM = LLVMCreateTargetMachineWithOptions(
      T, "x86_64-unknown-linux-gnu", Options);
  LLVMDisposeTargetMachineOptions(Options);
  if (TM)
    LLVMDisposeTargetMachine(TM);
}

// Must not flag: LLVMOrcJITTargetMachineBuilderCreateFromTargetMachine takes
// ownership of the machine.
LLVMOrcJITTargetMachineBuilderRef builderFromMachine(LLVMTargetRef T) {
  LLVMTargetMachineRef TM = LLVMCreateTargetMachine(
      T, "x86_64-unknown-linux-gnu", "", "", LLVMCodeGenLevelDefault,
      LLVMRelocDefault, LLVMCodeModelDefault);
  return LLVMOrcJITTargetMachineBuilderCreateFromTargetMachine(TM);
}

// Must not flag: the engine owns the machine it lends.
void engineMachineTriple(LLVMExecutionEngineRef EE) {
  LLVMTargetMachineRef TM = LLVMGetExecutionEngineTargetMachine(EE);
  char *Triple = LLVMGetTargetMachineTriple(TM);
  LLVMDisposeMessage(Triple);
}

// Must not flag: the wrapper's machine, disposed of by the caller.
void hostMachineDisposed(LLVMTargetRef T) {
  LLVMTargetMachineRef TM = makeHostMachine(T);
  LLVMSetTargetMachineAsmVerbosity(TM, 1);
  LLVMDisposeTargetMachine(TM);
}

// Declared, not defined here: may keep the machine.
void registerMachine(LLVMTargetMachineRef TM);

// Must not flag: handed to an unknown function.
void handedToUnknownFunction(LLVMTargetRef T) {
  LLVMTargetMachineRef TM = LLVMCreateTargetMachine(
      T, "x86_64-unknown-linux-gnu", "", "", LLVMCodeGenLevelDefault,
      LLVMRelocDefault, LLVMCodeModelDefault);
  registerMachine(TM);
}

struct CompileJob {
  const char *Triple;
  LLVMTargetMachineRef TM;
};

// Must flag (not flagged before 2026-12-05): stored in a struct reached
// through a pointer parameter, and no function of the file ever disposes of
// the field or frees the struct (test/target-machine-leak/struct-fields.cpp).
int storedInJob(LLVMTargetRef T, struct CompileJob *Job) {
  Job->TM = LLVMCreateTargetMachine(T, Job->Triple, "", "", // WARN: TargetMachine created by 'LLVMCreateTargetMachine' is stored in field 'CompileJob::TM', which no function of this file releases
  // NOTE@-1: stored here
                                    LLVMCodeGenLevelDefault, LLVMRelocDefault,
                                    LLVMCodeModelDefault);
  return Job->TM != NULL;
}

// Must not flag: stored through an out-parameter.
LLVMBool createInto(LLVMTargetRef T, LLVMTargetMachineRef *Out) {
  LLVMTargetMachineRef TM = LLVMCreateTargetMachine(
      T, "x86_64-unknown-linux-gnu", "", "", LLVMCodeGenLevelDefault,
      LLVMRelocDefault, LLVMCodeModelDefault);
  if (!TM)
    return 1;
  *Out = TM;
  return 0;
}

LLVMTargetMachineRef GlobalTM;

// Must not flag: stored in a global.
void storedInGlobal(LLVMTargetRef T) {
  GlobalTM = LLVMCreateTargetMachine(T, "x86_64-unknown-linux-gnu", "", "",
                                     LLVMCodeGenLevelDefault,
                                     LLVMRelocDefault, LLVMCodeModelDefault);
}

// Must not flag: a function-local static created once (C cannot initialise a
// static with a call, so it is created on first use) and lent to callers.
LLVMTargetMachineRef sharedHostMachine(LLVMTargetRef T) {
  static LLVMTargetMachineRef TM = NULL;
  if (!TM)
    TM = LLVMCreateTargetMachine(T, "x86_64-unknown-linux-gnu", "", "",
                                 LLVMCodeGenLevelDefault, LLVMRelocDefault,
                                 LLVMCodeModelDefault);
  return TM;
}

// Must not flag: the shared machine is borrowed.
void sharedMachineVerbose(LLVMTargetRef T) {
  LLVMSetTargetMachineAsmVerbosity(sharedHostMachine(T), 1);
}
