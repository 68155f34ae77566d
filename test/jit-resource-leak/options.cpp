// RUN: %check_llvmown --frontend tidy --config '{CheckOptions: {llvmown-jit-resource-leak.SetupFunctions: "init;prepare"}}' %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool --config '{CheckOptions: {llvmown-jit-resource-leak.SetupFunctions: "init;prepare"}}' %s -- -std=c++17 -I%stubs
//
// llvmown-jit-resource-leak option SetupFunctions (`;`-separated names): the
// member functions of a JIT owner that set it up, where adding code to a
// default tracker is fine. A name matches if it is one of the names (in any
// case), or starts with one followed by an uppercase letter or `_`. The
// option replaces the default list (init;initialize;setup;setUp;create;
// build;start;load;loadRuntime). options-default.cpp is the same code
// without the option.

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

  // Must flag: "load" is not in this list: a query per call.
  Error loadQuery(const std::string &SQL) {
    return J->addIRModule(compileQuery(SQL)); // WARN: JIT'd code added by 'addIRModule' in 'Engine::loadQuery' is never freed
  }

  // Must flag: "setup" is not in this list.
  Error setupJIT() {
    return J->addObjectFile(fetchObject("extra.o")); // WARN: JIT'd code added by 'addObjectFile' in 'Engine::setupJIT' is never freed
  }

  // Must flag: "initialize" is not in this list ("init" must be followed by
  // an uppercase letter or `_`).
  Error Initialize() {
    return J->addIRModule(compileQuery("init")); // WARN: JIT'd code added by 'addIRModule' in 'Engine::Initialize' is never freed
  }

  // Must flag: "prepared" is not "prepare" followed by a word boundary.
  Error preparedQuery(const std::string &SQL) {
    return J->addIRModule(compileQuery(SQL)); // WARN: JIT'd code added by 'addIRModule' in 'Engine::preparedQuery' is never freed
  }

  //===--- Must not flag --------------------------------------------------===//

  // Must not flag: a constructor is always set-up.
  explicit Engine(std::unique_ptr<LLJIT> JIT) : J(std::move(JIT)) {
    cantFail(J->addObjectFile(fetchObject("rt.o")));
  }

  // Must not flag: "init" is in the list.
  Error init() { return J->addIRModule(compileQuery("prelude")); }

  // Must not flag: "prepare" followed by an uppercase letter.
  Error prepareEngine() { return J->addIRModule(compileQuery("engine")); }

  // Must not flag: "prepare" followed by `_`.
  Error prepare_tables() { return J->addIRModule(compileQuery("tables")); }
};

// MCJIT: the same names decide for modules added to an ExecutionEngine.
class EvalEngine {
  LLVMContext Ctx;
  std::unique_ptr<ExecutionEngine> EE;

public:
  // Must flag: "load" is not in this list.
  void loadQueryModule(const std::string &SQL) {
    EE->addModule(lowerSQL(Ctx, SQL)); // WARN: module added by 'addModule' in 'EvalEngine::loadQueryModule' is never removed
  }
  // Must not flag: "prepare" followed by an uppercase letter.
  void prepareRuntime() { EE->addModule(lowerSQL(Ctx, "runtime")); }
};
