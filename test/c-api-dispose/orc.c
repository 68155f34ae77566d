// RUN: %check_llvmown --frontend tidy %s -- -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -I%stubs
//
// llvmown-c-api-dispose, ORC: thread-safe contexts and modules, LLJIT
// builders and instances, JITTargetMachineBuilders, definition generators,
// materialization units and symbol string pool entries created and never
// released (consumers.c has the calls that take them). Not flagged: the
// usual LLJIT set-up and tear-down, handles the JIT lends (the execution
// session, the main JITDylib, the triple string), a resource tracker created
// and released, and a symbol name handed to LLVMOrcAbsoluteSymbols inside
// its pair array.

#include "llvm-c/Core.h"
#include "llvm-c/Error.h"
#include "llvm-c/LLJIT.h"
#include "llvm-c/Orc.h"
#include <stddef.h>
#include <stdio.h>

//===--- Must flag ---------------------------------------------------------===//

// Must flag: the thread-safe context handle is never disposed of (the
// thread-safe module keeps its own reference).
LLVMOrcThreadSafeModuleRef wrapKeepingContext(const char *Name) {
  LLVMOrcThreadSafeContextRef TSC = LLVMOrcCreateNewThreadSafeContext(); // WARN: LLVMOrcThreadSafeContextRef returned by 'LLVMOrcCreateNewThreadSafeContext' is never released with 'LLVMOrcDisposeThreadSafeContext'
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext(Name, LLVMOrcThreadSafeContextGetContext(TSC));
  return LLVMOrcCreateNewThreadSafeModule(M, TSC); // NOTE: 'TSC' still holds it when the function returns here
}

// Must flag: the thread-safe module is neither added nor disposed of.
void wrapAndForget(LLVMOrcThreadSafeContextRef TSC, const char *Name) {
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext(Name, LLVMOrcThreadSafeContextGetContext(TSC));
  LLVMOrcThreadSafeModuleRef TSM = LLVMOrcCreateNewThreadSafeModule(M, TSC); // WARN: LLVMOrcThreadSafeModuleRef returned by 'LLVMOrcCreateNewThreadSafeModule' is never released with 'LLVMOrcDisposeThreadSafeModule'
  (void)TSM;
}

// Must flag: the JIT (an out-parameter) is never disposed of.
LLVMOrcExecutorAddress lookupOnce(const char *Name) {
  LLVMOrcLLJITRef J = NULL;
  LLVMErrorRef Err = LLVMOrcCreateLLJIT(&J, NULL); // WARN: LLVMOrcLLJITRef written by 'LLVMOrcCreateLLJIT' is never released with 'LLVMOrcDisposeLLJIT'
  if (Err) {
    LLVMConsumeError(Err);
    return 0;
  }
  LLVMOrcExecutorAddress Addr = 0;
  Err = LLVMOrcLLJITLookup(J, &Addr, Name);
  if (Err) {
    LLVMConsumeError(Err);
    Addr = 0;
  }
  return Addr; // NOTE: 'J' still holds it when the function returns here
}

// Must flag: the builder leaks when the early return skips
// LLVMOrcCreateLLJIT.
LLVMOrcLLJITRef createUnlessDisabled(int Disabled) {
  LLVMOrcLLJITBuilderRef B = LLVMOrcCreateLLJITBuilder(); // WARN: LLVMOrcLLJITBuilderRef returned by 'LLVMOrcCreateLLJITBuilder' is not released when the function returns at line 59
  if (Disabled)
    return NULL; // NOTE: 'B' still holds it when the function returns here
  LLVMOrcLLJITRef J = NULL;
  LLVMErrorRef Err = LLVMOrcCreateLLJIT(&J, B);
  if (Err) {
    LLVMConsumeError(Err);
    return NULL;
  }
  return J;
}

// Must flag: the detected JITTargetMachineBuilder is only asked for its
// triple.
void printHostTriple(void) {
  LLVMOrcJITTargetMachineBuilderRef JTMB = NULL;
  LLVMErrorRef Err = LLVMOrcJITTargetMachineBuilderDetectHost(&JTMB); // WARN: LLVMOrcJITTargetMachineBuilderRef written by 'LLVMOrcJITTargetMachineBuilderDetectHost' is never released with 'LLVMOrcDisposeJITTargetMachineBuilder'
  if (Err) {
    LLVMConsumeError(Err);
    return;
  }
  char *Triple = LLVMOrcJITTargetMachineBuilderGetTargetTriple(JTMB);
  puts(Triple);
  LLVMDisposeMessage(Triple);
} // NOTE: 'JTMB' still holds it when the function returns here

// Must flag: the generator leaks when the process symbols are not wanted.
void maybeAddProcessSymbols(LLVMOrcLLJITRef J, int Wanted) {
  LLVMOrcDefinitionGeneratorRef G = NULL;
  LLVMErrorRef Err = LLVMOrcCreateDynamicLibrarySearchGeneratorForProcess(&G, LLVMOrcLLJITGetGlobalPrefix(J), NULL, NULL); // WARN: LLVMOrcDefinitionGeneratorRef written by 'LLVMOrcCreateDynamicLibrarySearchGeneratorForProcess' is not released when the function returns at line 92
  if (Err) {
    LLVMConsumeError(Err);
    return;
  }
  if (!Wanted)
    return; // NOTE: 'G' still holds it when the function returns here
  LLVMOrcJITDylibAddGenerator(LLVMOrcLLJITGetMainJITDylib(J), G);
}

// Must flag: the materialization unit is neither defined nor disposed of.
void buildUnitAndForget(LLVMOrcCSymbolMapPairs Syms, size_t N) {
  LLVMOrcMaterializationUnitRef MU = LLVMOrcAbsoluteSymbols(Syms, N); // WARN: LLVMOrcMaterializationUnitRef returned by 'LLVMOrcAbsoluteSymbols' is never released with 'LLVMOrcDisposeMaterializationUnit'
  (void)MU;
}

// Must flag: the interned name is never released.
void printMangled(LLVMOrcLLJITRef J, const char *Name) {
  LLVMOrcSymbolStringPoolEntryRef S = LLVMOrcLLJITMangleAndIntern(J, Name); // WARN: LLVMOrcSymbolStringPoolEntryRef returned by 'LLVMOrcLLJITMangleAndIntern' is never released with 'LLVMOrcReleaseSymbolStringPoolEntry'
  printf("%s -> %s\n", Name, LLVMOrcSymbolStringPoolEntryStr(S));
} // NOTE: 'S' still holds it when the function returns here

// Must flag: the interned name is used only as a temporary.
void printMangledInline(LLVMOrcLLJITRef J) {
  puts(LLVMOrcSymbolStringPoolEntryStr(LLVMOrcLLJITMangleAndIntern(J, "main"))); // WARN: LLVMOrcSymbolStringPoolEntryRef returned by 'LLVMOrcLLJITMangleAndIntern' is never released: it is used only as a temporary
}

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: the usual set-up and tear-down of an LLJIT. The context
// handle is disposed of once the module is wrapped; the JIT takes the
// thread-safe module; the JIT is disposed of and its error consumed.
int runMain(void (*Build)(LLVMModuleRef)) {
  LLVMOrcThreadSafeContextRef TSC = LLVMOrcCreateNewThreadSafeContext();
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext(
      "main", LLVMOrcThreadSafeContextGetContext(TSC));
  Build(M);
  LLVMOrcThreadSafeModuleRef TSM = LLVMOrcCreateNewThreadSafeModule(M, TSC);
  LLVMOrcDisposeThreadSafeContext(TSC);

  LLVMOrcLLJITRef J = NULL;
  LLVMErrorRef Err = LLVMOrcCreateLLJIT(&J, NULL);
  if (Err) {
    LLVMConsumeError(Err);
    LLVMOrcDisposeThreadSafeModule(TSM);
    return 1;
  }
  int Status = 1;
  Err = LLVMOrcLLJITAddLLVMIRModule(J, LLVMOrcLLJITGetMainJITDylib(J), TSM);
  if (Err) {
    LLVMConsumeError(Err);
    goto done;
  }
  LLVMOrcExecutorAddress Addr = 0;
  Err = LLVMOrcLLJITLookup(J, &Addr, "main");
  if (Err) {
    LLVMConsumeError(Err);
    goto done;
  }
  Status = ((int (*)(void))(size_t)Addr)();
done:
  LLVMConsumeError(LLVMOrcDisposeLLJIT(J));
  return Status;
}

// Must not flag: a thread-safe module not added is disposed of.
void wrapAndDiscard(LLVMOrcThreadSafeContextRef TSC, const char *Name) {
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext(
      Name, LLVMOrcThreadSafeContextGetContext(TSC));
  LLVMOrcThreadSafeModuleRef TSM = LLVMOrcCreateNewThreadSafeModule(M, TSC);
  LLVMOrcDisposeThreadSafeModule(TSM);
}

// Must not flag: the JIT is disposed of on every path.
LLVMOrcExecutorAddress lookupOnceDisposing(const char *Name) {
  LLVMOrcLLJITRef J = NULL;
  LLVMErrorRef Err = LLVMOrcCreateLLJIT(&J, NULL);
  if (Err) {
    LLVMConsumeError(Err);
    return 0;
  }
  LLVMOrcExecutorAddress Addr = 0;
  Err = LLVMOrcLLJITLookup(J, &Addr, Name);
  if (Err) {
    LLVMConsumeError(Err);
    Addr = 0;
  }
  Err = LLVMOrcDisposeLLJIT(J);
  if (Err)
    LLVMConsumeError(Err);
  return Addr;
}

// Must not flag: the detected JITTargetMachineBuilder is disposed of.
void printHostTripleDisposing(void) {
  LLVMOrcJITTargetMachineBuilderRef JTMB = NULL;
  LLVMErrorRef Err = LLVMOrcJITTargetMachineBuilderDetectHost(&JTMB);
  if (Err) {
    LLVMConsumeError(Err);
    return;
  }
  char *Triple = LLVMOrcJITTargetMachineBuilderGetTargetTriple(JTMB);
  puts(Triple);
  LLVMDisposeMessage(Triple);
  LLVMOrcDisposeJITTargetMachineBuilder(JTMB);
}

// Must not flag: the unwanted generator is disposed of.
void maybeAddProcessSymbolsDisposing(LLVMOrcLLJITRef J, int Wanted) {
  LLVMOrcDefinitionGeneratorRef G = NULL;
  LLVMErrorRef Err = LLVMOrcCreateDynamicLibrarySearchGeneratorForProcess(
      &G, LLVMOrcLLJITGetGlobalPrefix(J), NULL, NULL);
  if (Err) {
    LLVMConsumeError(Err);
    return;
  }
  if (!Wanted) {
    LLVMOrcDisposeDefinitionGenerator(G);
    return;
  }
  LLVMOrcJITDylibAddGenerator(LLVMOrcLLJITGetMainJITDylib(J), G);
}

// Must not flag: a unit that is not defined is disposed of.
void buildUnitAndDiscard(LLVMOrcCSymbolMapPairs Syms, size_t N) {
  LLVMOrcMaterializationUnitRef MU = LLVMOrcAbsoluteSymbols(Syms, N);
  LLVMOrcDisposeMaterializationUnit(MU);
}

// Must not flag: the interned name is released.
void printMangledReleasing(LLVMOrcLLJITRef J, const char *Name) {
  LLVMOrcSymbolStringPoolEntryRef S = LLVMOrcLLJITMangleAndIntern(J, Name);
  printf("%s -> %s\n", Name, LLVMOrcSymbolStringPoolEntryStr(S));
  LLVMOrcReleaseSymbolStringPoolEntry(S);
}

// Must not flag: LLVMOrcAbsoluteSymbols takes the names in its pair array
// (the documented pattern); the unit is defined, or disposed of on failure.
LLVMErrorRef defineAbsolute(LLVMOrcLLJITRef J, const char *Name,
                            LLVMOrcExecutorAddress Addr) {
  LLVMOrcCSymbolMapPair Pair;
  Pair.Name = LLVMOrcLLJITMangleAndIntern(J, Name);
  Pair.Sym.Address = Addr;
  Pair.Sym.Flags.GenericFlags = LLVMJITSymbolGenericFlagsExported;
  Pair.Sym.Flags.TargetFlags = 0;
  LLVMOrcMaterializationUnitRef MU = LLVMOrcAbsoluteSymbols(&Pair, 1);
  LLVMErrorRef Err = LLVMOrcJITDylibDefine(LLVMOrcLLJITGetMainJITDylib(J), MU);
  if (Err)
    LLVMOrcDisposeMaterializationUnit(MU);
  return Err;
}

// Must not flag: the execution session, the main JITDylib and the triple
// string are the JIT's.
void describeJIT(LLVMOrcLLJITRef J) {
  LLVMOrcExecutionSessionRef ES = LLVMOrcLLJITGetExecutionSession(J);
  LLVMOrcJITDylibRef JD = LLVMOrcLLJITGetMainJITDylib(J);
  const char *Triple = LLVMOrcLLJITGetTripleString(J);
  printf("%p %p %s\n", (void *)ES, (void *)JD, Triple);
}

// Must not flag: a tracker created here is released; the module added
// with it belongs to the JIT.
int addRemovable(LLVMOrcLLJITRef J, LLVMOrcThreadSafeModuleRef TSM) {
  LLVMOrcResourceTrackerRef RT =
      LLVMOrcJITDylibCreateResourceTracker(LLVMOrcLLJITGetMainJITDylib(J));
  LLVMErrorRef Err = LLVMOrcLLJITAddLLVMIRModuleWithRT(J, RT, TSM);
  if (Err)
    LLVMConsumeError(Err);
  Err = LLVMOrcResourceTrackerRemove(RT);
  if (Err)
    LLVMConsumeError(Err);
  LLVMOrcReleaseResourceTracker(RT);
  return 0;
}

struct Session {
  LLVMOrcThreadSafeContextRef TSC;
  LLVMOrcLLJITRef JIT;
};

// Must not flag: kept in a struct ...
int sessionInit(struct Session *S) {
  S->TSC = LLVMOrcCreateNewThreadSafeContext();
  LLVMErrorRef Err = LLVMOrcCreateLLJIT(&S->JIT, NULL);
  if (Err) {
    LLVMConsumeError(Err);
    LLVMOrcDisposeThreadSafeContext(S->TSC);
    return 1;
  }
  return 0;
}

// Must not flag: ... released by the teardown function.
void sessionTeardown(struct Session *S) {
  LLVMConsumeError(LLVMOrcDisposeLLJIT(S->JIT));
  LLVMOrcDisposeThreadSafeContext(S->TSC);
}

// Must not flag: the JIT is returned through the caller's out-parameter.
LLVMErrorRef createJIT(LLVMOrcLLJITRef *Out) {
  LLVMOrcLLJITBuilderRef B = LLVMOrcCreateLLJITBuilder();
  return LLVMOrcCreateLLJIT(Out, B);
}

// Must not flag: a JIT per request in a loop. The failure test right after
// LLVMOrcCreateLLJIT reads that call's result, although `Err` is assigned
// again later in the loop body (which once made this a false positive).
void jitPerRequest(LLVMOrcThreadSafeModuleRef (*Next)(void)) {
  LLVMOrcThreadSafeModuleRef TSM;
  while ((TSM = Next()) != NULL) {
    LLVMOrcLLJITRef J = NULL;
    LLVMErrorRef Err = LLVMOrcCreateLLJIT(&J, LLVMOrcCreateLLJITBuilder());
    if (Err) {
      LLVMConsumeError(Err);
      LLVMOrcDisposeThreadSafeModule(TSM);
      return;
    }
    Err = LLVMOrcLLJITAddLLVMIRModule(J, LLVMOrcLLJITGetMainJITDylib(J), TSM);
    if (Err)
      LLVMConsumeError(Err);
    LLVMConsumeError(LLVMOrcDisposeLLJIT(J));
  }
}
