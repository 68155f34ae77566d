// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-jit-resource-leak, MCJIT and the interpreter: an ExecutionEngine
// keeps every module added to it (IR and code) until removeModule hands the
// module back or the engine is destroyed. Flagged: a long-lived engine (a
// member of a class, or one built before a request loop) that gets a module
// per request with nothing in the class (or function) ever calling
// removeModule / LLVMRemoveModule; and, in its own words, one whose class
// (or function) does take modules back, which frees their IR but not the
// object code MCJIT loaded. Not flagged: engines made per request or per
// batch, set-up functions, one-shot programs.

#include "llvm-c/Core.h"
#include "llvm-c/ExecutionEngine.h"
#include "llvm/ExecutionEngine/ExecutionEngine.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

using namespace llvm;

// The project's own code, defined elsewhere.
std::unique_ptr<Module> buildExpression(LLVMContext &Ctx, const std::string &E);
std::unique_ptr<Module> loadRuntimeModule(LLVMContext &Ctx);
bool nextLine(std::string &Line);
LLVMModuleRef buildQuery(LLVMContextRef C, int Request);
int inputCount();
int nextRequest();

//===--- Must flag ---------------------------------------------------------===//

// An expression evaluator: one engine for the process, one module per
// expression, and nothing ever removed.
class ExprEvaluator {
  LLVMContext Ctx;
  std::unique_ptr<ExecutionEngine> EE;

public:
  ExprEvaluator() {
    EE.reset(EngineBuilder(loadRuntimeModule(Ctx)).create());
  }

  int64_t evaluate(const std::string &Expr, const std::string &Fn) {
    // WARN@+1: module added by 'addModule' in 'ExprEvaluator::evaluate' is never removed: the execution engine keeps its IR and code for as long as it lives, and nothing in 'ExprEvaluator' calls removeModule; memory grows with every call; replace the engine per batch of requests, or use ORC with a resource tracker per request [llvmown-jit-resource-leak]
    EE->addModule(buildExpression(Ctx, Expr));
    auto *F = reinterpret_cast<int64_t (*)()>(EE->getFunctionAddress(Fn));
    return F();
  }
};

// The same through a raw pointer member and the C API.
class QueryRunner {
  LLVMContextRef C;
  LLVMExecutionEngineRef Engine;
  int Requests = 0;

public:
  QueryRunner(LLVMContextRef C, LLVMExecutionEngineRef E) : C(C), Engine(E) {}

  uint64_t run() {
    LLVMModuleRef M = buildQuery(C, ++Requests);
    // WARN@+1: module added by 'LLVMAddModule' in 'QueryRunner::run' is never removed: {{.*}} nothing in 'QueryRunner' calls LLVMRemoveModule
    LLVMAddModule(Engine, M);
    return LLVMGetFunctionAddress(Engine, "query");
  }
};

// A REPL: the engine is made once, before the loop over input lines.
int repl(LLVMContext &Ctx) {
  std::unique_ptr<ExecutionEngine> EE(
      EngineBuilder(loadRuntimeModule(Ctx)).create());
  std::string Line;
  int N = 0;
  // NOTE@+1: the loop that repeats the add
  while (nextLine(Line)) {
    // WARN@+1: module added by 'addModule' in a loop is never removed: the execution engine keeps its IR and code for as long as it lives, and nothing in 'repl' calls removeModule; memory grows with every iteration; replace the engine per batch of requests, or use ORC with a resource tracker per request
    EE->addModule(buildExpression(Ctx, Line));
    N += EE->getFunctionAddress("expr") != 0;
  }
  return N;
}

// A C server: the read-and-test idiom waits for the next request.
void serve(LLVMContextRef C, LLVMExecutionEngineRef EE) {
  int N;
  // NOTE@+1: the loop that repeats the add
  while ((N = nextRequest()) >= 0)
    LLVMAddModule(EE, buildQuery(C, N)); // WARN: module added by 'LLVMAddModule' in a loop is never removed
}

//===--- Must not flag -----------------------------------------------------===//

// A loop that counts through a fixed number of inputs, though its bound
// comes from a call.
void compileAll(LLVMContext &Ctx, ExecutionEngine &EE) {
  int I = 0;
  while (I < inputCount()) {
    EE.addModule(buildExpression(Ctx, std::to_string(I)));
    ++I;
  }
}

// An engine per request: destroyed with its modules at the end.
int64_t evaluateOnce(LLVMContext &Ctx, const std::string &Expr) {
  std::unique_ptr<ExecutionEngine> EE(
      EngineBuilder(loadRuntimeModule(Ctx)).create());
  EE->addModule(buildExpression(Ctx, Expr));
  return reinterpret_cast<int64_t (*)()>(EE->getFunctionAddress("expr"))();
}

// A member engine rebuilt for every request: the old one, and all it held,
// goes when it is replaced.
class RebuildingEvaluator {
  LLVMContext Ctx;
  std::unique_ptr<ExecutionEngine> EE;

public:
  uint64_t evaluate(const std::string &Expr) {
    EE.reset(EngineBuilder(buildExpression(Ctx, Expr)).create());
    EE->addModule(loadRuntimeModule(Ctx));
    return EE->getFunctionAddress("expr");
  }
};

// An engine per batch: flush() replaces it, and the old one goes with
// every module of the batch.
class BatchEvaluator {
  LLVMContext Ctx;
  std::unique_ptr<ExecutionEngine> EE;

public:
  uint64_t evaluate(const std::string &Expr) {
    EE->addModule(buildExpression(Ctx, Expr));
    return EE->getFunctionAddress("expr");
  }
  void flush() { EE.reset(EngineBuilder(loadRuntimeModule(Ctx)).create()); }
};

// removeModule after the request, and the module deleted.
class RemovingEvaluator {
  LLVMContext Ctx;
  std::unique_ptr<ExecutionEngine> EE;

public:
  uint64_t evaluate(const std::string &Expr) {
    std::unique_ptr<Module> M = buildExpression(Ctx, Expr);
    Module *Raw = M.get();
    // WARN@+1: module added by 'addModule' in 'RemovingEvaluator::evaluate' is taken back with removeModule, but the engine keeps the object code MCJIT loaded for it{{.*}}
    EE->addModule(std::move(M));
    uint64_t Addr = EE->getFunctionAddress("expr");
    if (EE->removeModule(Raw))
      delete Raw;
    return Addr;
  }
};

// Added per request, removed in another member function (when the caller
// is done with the result).
class PlanCache {
  LLVMContext Ctx;
  ExecutionEngine *EE;

public:
  explicit PlanCache(ExecutionEngine *EE) : EE(EE) {}
  Module *compile(const std::string &Plan) {
    std::unique_ptr<Module> M = buildExpression(Ctx, Plan);
    Module *Raw = M.get();
    // WARN@+1: module added by 'addModule' in 'PlanCache::compile' is taken back with removeModule, but the engine keeps the object code MCJIT loaded for it{{.*}}
    EE->addModule(std::move(M));
    return Raw;
  }
  void release(Module *M) {
    EE->removeModule(M);
    delete M;
  }
};

// The C API: LLVMRemoveModule gives the module back, and it is disposed.
class CQueryRunner {
  LLVMContextRef C;
  LLVMExecutionEngineRef Engine;

public:
  uint64_t run(int Request) {
    LLVMModuleRef M = buildQuery(C, Request);
    // WARN@+1: module added by 'LLVMAddModule' in 'CQueryRunner::run' is taken back with LLVMRemoveModule, but the engine keeps the object code MCJIT loaded for it{{.*}}
    LLVMAddModule(Engine, M);
    uint64_t Addr = LLVMGetFunctionAddress(Engine, "query");
    LLVMModuleRef Out;
    char *Err = nullptr;
    if (!LLVMRemoveModule(Engine, M, &Out, &Err))
      LLVMDisposeModule(Out);
    else
      LLVMDisposeMessage(Err);
    return Addr;
  }
};

// Set-up functions add the runtime once (the SetupFunctions option; "init",
// "setup" and "loadRuntime" by default), as do constructors.
class RuntimeEngine {
  LLVMContext Ctx;
  std::unique_ptr<ExecutionEngine> EE;

public:
  RuntimeEngine() : EE(EngineBuilder(loadRuntimeModule(Ctx)).create()) {
    EE->addModule(loadRuntimeModule(Ctx));
  }
  void init() { EE->addModule(loadRuntimeModule(Ctx)); }
  void setupIntrinsics() { EE->addModule(loadRuntimeModule(Ctx)); }
  void loadRuntime() { EE->addModule(loadRuntimeModule(Ctx)); }
};

// A one-shot program: main walks a fixed list of inputs.
int main(int Argc, char **Argv) {
  LLVMContext Ctx;
  std::unique_ptr<ExecutionEngine> EE(
      EngineBuilder(loadRuntimeModule(Ctx)).create());
  std::vector<std::string> Inputs(Argv + 1, Argv + Argc);
  for (const std::string &In : Inputs)
    EE->addModule(buildExpression(Ctx, In));
  return EE->getFunctionAddress("main") != 0;
}
