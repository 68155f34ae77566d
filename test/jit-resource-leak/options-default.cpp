// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-jit-resource-leak: options.cpp's code under the default
// SetupFunctions (init;initialize;setup;loadRuntime): "setup" is a set-up
// name here, "prepare" and "load" are not (loadQuery is the per-request
// work a query engine does).

#include "llvm/ExecutionEngine/ExecutionEngine.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/Support/Error.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MemoryBuffer.h"
#include <memory>
#include <string>

using namespace llvm;
using namespace llvm::orc;

// The project's own code, defined elsewhere.
ThreadSafeModule compileQuery(const std::string &SQL);
std::unique_ptr<MemoryBuffer> fetchObject(const std::string &Name);
std::unique_ptr<Module> lowerSQL(LLVMContext &Ctx, const std::string &SQL);

class Engine {
  std::unique_ptr<LLJIT> J;

public:
  //===--- Must flag ------------------------------------------------------===//

  // Must flag: "prepare" is not in the default list.
  Error prepareEngine() {
    return J->addIRModule(compileQuery("engine")); // WARN: JIT'd code added by 'addIRModule' in 'Engine::prepareEngine' is never freed
  }

  // Must flag: the same with `_`.
  Error prepare_tables() {
    return J->addIRModule(compileQuery("tables")); // WARN: JIT'd code added by 'addIRModule' in 'Engine::prepare_tables' is never freed
  }

  // Must flag: "prepared" is not in the list either.
  Error preparedQuery(const std::string &SQL) {
    return J->addIRModule(compileQuery(SQL)); // WARN: JIT'd code added by 'addIRModule' in 'Engine::preparedQuery' is never freed
  }

  // Must flag: "load" is not a set-up name by default.
  Error loadQuery(const std::string &SQL) {
    return J->addIRModule(compileQuery(SQL)); // WARN: JIT'd code added by 'addIRModule' in 'Engine::loadQuery' is never freed
  }

  //===--- Must not flag --------------------------------------------------===//

  // Must not flag: a constructor is always set-up.
  explicit Engine(std::unique_ptr<LLJIT> JIT) : J(std::move(JIT)) {
    cantFail(J->addObjectFile(fetchObject("rt.o")));
  }

  // Must not flag: "init" is in the list.
  Error init() { return J->addIRModule(compileQuery("prelude")); }

  // Must not flag: "setup" followed by an uppercase letter.
  Error setupJIT() { return J->addObjectFile(fetchObject("extra.o")); }

  // Must not flag: "initialize" in any case.
  Error Initialize() { return J->addIRModule(compileQuery("init")); }
};

// MCJIT: the same names decide for modules added to an ExecutionEngine.
class EvalEngine {
  LLVMContext Ctx;
  std::unique_ptr<ExecutionEngine> EE;

public:
  // Must flag: "load" is not a set-up name.
  void loadQueryModule(const std::string &SQL) {
    EE->addModule(lowerSQL(Ctx, SQL)); // WARN: module added by 'addModule' in 'EvalEngine::loadQueryModule' is never removed
  }
  // Must flag: "prepare" is not in the default list.
  void prepareRuntime() {
    EE->addModule(lowerSQL(Ctx, "runtime")); // WARN: module added by 'addModule' in 'EvalEngine::prepareRuntime' is never removed
  }
};
