// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%llvm_include -D_GNU_SOURCE -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%llvm_include -D_GNU_SOURCE -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS
// RUN: %check_llvmown --frontend tool --llvm-includes %llvm_other_includes %s -- -std=c++17 -D_GNU_SOURCE -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS
// llvmown-jit-resource-leak against the real ExecutionEngine, MCJIT, C
// ExecutionEngine and TargetMachine headers of every installed LLVM: a
// long-lived engine given a module per call, the C API's LLVMAddModule in a
// loop, and a module kept after addPassesToEmitFile; and their fixed
// versions (removeModule with the module deleted, LLVMRemoveModule with the
// module disposed, a drained container). Nothing may be reported inside
// LLVM's headers.

#include "../Inputs/versions/llvm-versions.h"
#include "llvm-c/Core.h"
#include "llvm-c/ExecutionEngine.h"
#include "llvm/ExecutionEngine/ExecutionEngine.h"
#include "llvm/ExecutionEngine/MCJIT.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

using namespace llvm;

std::unique_ptr<Module> lowerExpr(LLVMContext &Ctx, const std::string &E);
LLVMModuleRef lowerExprC(LLVMContextRef C, int N);
int nextRequest(void);

class Calculator {
  LLVMContext Ctx;
  std::unique_ptr<ExecutionEngine> EE;

public:
  uint64_t leaky(const std::string &E) {
    // WARN@+1: module added by 'addModule' in 'Calculator::leaky' is never removed
    EE->addModule(lowerExpr(Ctx, E));
    return EE->getFunctionAddress("expr");
  }
};

class FixedCalculator {
  LLVMContext Ctx;
  std::unique_ptr<ExecutionEngine> EE;

public:
  uint64_t fixed(const std::string &E) {
    std::unique_ptr<Module> M = lowerExpr(Ctx, E);
    Module *Raw = M.get();
    // WARN@+1: module added by 'addModule' in 'FixedCalculator::fixed' is taken back with removeModule, but the engine keeps the object code MCJIT loaded for it{{.*}}
    EE->addModule(std::move(M));
    uint64_t Addr = EE->getFunctionAddress("expr");
    if (EE->removeModule(Raw))
      delete Raw;
    return Addr;
  }
};

void serveC(LLVMContextRef C, LLVMExecutionEngineRef EE) {
  int N;
  // NOTE@+1: the loop that repeats the add
  while ((N = nextRequest()) >= 0) {
    // WARN@+1: module added by 'LLVMAddModule' in a loop is never removed: {{.*}} nothing in 'serveC' calls LLVMRemoveModule
    LLVMAddModule(EE, lowerExprC(C, N));
    (void)LLVMGetFunctionAddress(EE, "expr");
  }
}

void serveCFixed(LLVMContextRef C, LLVMExecutionEngineRef EE) {
  int N;
  // NOTE@+1: the loop that repeats the add
  while ((N = nextRequest()) >= 0) {
    LLVMModuleRef M = lowerExprC(C, N);
    // WARN@+1: module added by 'LLVMAddModule' in a loop is taken back with LLVMRemoveModule, but the engine keeps the object code MCJIT loaded for it{{.*}}
    LLVMAddModule(EE, M);
    (void)LLVMGetFunctionAddress(EE, "expr");
    LLVMModuleRef Out;
    char *Err = nullptr;
    if (LLVMRemoveModule(EE, M, &Out, &Err))
      LLVMDisposeMessage(Err);
    else
      LLVMDisposeModule(Out);
  }
}

class Emitter {
  LLVMContext Ctx;
  std::unique_ptr<TargetMachine> TM;
  std::vector<std::unique_ptr<Module>> Kept, Recent;

public:
  void leaky(const std::string &E, raw_pwrite_stream &OS) {
    std::unique_ptr<Module> M = lowerExpr(Ctx, E);
    legacy::PassManager PM;
    // NOTE@+1: code generated here
    TM->addPassesToEmitFile(PM, OS, nullptr, ASSEMBLY_FILE);
    PM.run(*M);
    // WARN@+1: module kept in 'Kept' after 'addPassesToEmitFile' generated its code is never released
    Kept.push_back(std::move(M));
  }
  void fixed(const std::string &E, raw_pwrite_stream &OS) {
    std::unique_ptr<Module> M = lowerExpr(Ctx, E);
    legacy::PassManager PM;
    TM->addPassesToEmitFile(PM, OS, nullptr, ASSEMBLY_FILE);
    PM.run(*M);
    if (Recent.size() > 8)
      Recent.clear();
    Recent.push_back(std::move(M));
  }
};
