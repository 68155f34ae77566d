// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-jit-resource-leak: correct ORC code, none of it flagged. A one-shot
// tool that adds a fixed set of modules to its main JITDylib and runs them
// (the default tracker goes with the JIT); a query engine with a tracker per
// query, kept in a map and removed later; a JITDylib per request, removed
// afterwards; and the ORC tutorial's KaleidoscopeJIT (LLVM 19,
// llvm/examples/Kaleidoscope/include/KaleidoscopeJIT.h) with the REPL of its
// chapter 4, which removes each top-level expression's tracker.

#include "llvm/ADT/StringRef.h"
#include "llvm/ExecutionEngine/Orc/CompileUtils.h"
#include "llvm/ExecutionEngine/Orc/Core.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/ExecutorProcessControl.h"
#include "llvm/ExecutionEngine/Orc/IRCompileLayer.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/RTDyldObjectLinkingLayer.h"
#include "llvm/ExecutionEngine/Orc/Shared/ExecutorSymbolDef.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/ExecutionEngine/SectionMemoryManager.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <vector>

//===--- The tutorial's KaleidoscopeJIT ------------------------------------===//

namespace llvm {
namespace orc {

class KaleidoscopeJIT {
private:
  std::unique_ptr<ExecutionSession> ES;

  DataLayout DL;
  MangleAndInterner Mangle;

  RTDyldObjectLinkingLayer ObjectLayer;
  IRCompileLayer CompileLayer;

  JITDylib &MainJD;

public:
  // Must not flag: the constructor adds no code.
  KaleidoscopeJIT(std::unique_ptr<ExecutionSession> ES,
                  JITTargetMachineBuilder JTMB, DataLayout DL)
      : ES(std::move(ES)), DL(std::move(DL)), Mangle(*this->ES, this->DL),
        ObjectLayer(*this->ES,
                    []() { return std::make_unique<SectionMemoryManager>(); }),
        CompileLayer(*this->ES, ObjectLayer,
                     std::make_unique<ConcurrentIRCompiler>(std::move(JTMB))),
        MainJD(this->ES->createBareJITDylib("<main>")) {
    MainJD.addGenerator(
        cantFail(DynamicLibrarySearchGenerator::GetForCurrentProcess(
            DL.getGlobalPrefix())));
    if (JTMB.getTargetTriple().isOSBinFormatCOFF()) {
      ObjectLayer.setOverrideObjectFlagsWithResponsibilityFlags(true);
      ObjectLayer.setAutoClaimResponsibilityForObjectSymbols(true);
    }
  }

  // Must not flag: ends the session, which frees all code.
  ~KaleidoscopeJIT() {
    if (auto Err = ES->endSession())
      ES->reportError(std::move(Err));
  }

  // Must not flag: a factory.
  static Expected<std::unique_ptr<KaleidoscopeJIT>> Create() {
    auto EPC = SelfExecutorProcessControl::Create();
    if (!EPC)
      return EPC.takeError();

    auto ES = std::make_unique<ExecutionSession>(std::move(*EPC));

    JITTargetMachineBuilder JTMB(
        ES->getExecutorProcessControl().getTargetTriple());

    auto DL = JTMB.getDefaultDataLayoutForTarget();
    if (!DL)
      return DL.takeError();

    return std::make_unique<KaleidoscopeJIT>(std::move(ES), std::move(JTMB),
                                             std::move(*DL));
  }

  const DataLayout &getDataLayout() const { return DL; }

  JITDylib &getMainJITDylib() { return MainJD; }

  // Must not flag: the add has a tracker: the caller's, or the default one
  // when the caller wants the code to stay.
  Error addModule(ThreadSafeModule TSM, ResourceTrackerSP RT = nullptr) {
    if (!RT)
      RT = MainJD.getDefaultResourceTracker();
    return CompileLayer.add(RT, std::move(TSM));
  }

  // Must not flag: adds nothing.
  Expected<ExecutorSymbolDef> lookup(StringRef Name) {
    return ES->lookup({&MainJD}, Mangle(Name.str()));
  }
};

} // end namespace orc
} // end namespace llvm

using namespace llvm;
using namespace llvm::orc;

//===--- The tutorial's REPL (chapter 4), parser and codegen elided --------===//

enum Token { tok_eof = -1, tok_def = -2, tok_extern = -3 };
static int CurTok;
int getNextToken();

struct FunctionAST {
  Function *codegen();
};
std::unique_ptr<FunctionAST> ParseDefinition();
std::unique_ptr<FunctionAST> ParseTopLevelExpr();
void HandleExtern();

static std::unique_ptr<LLVMContext> TheContext;
static std::unique_ptr<Module> TheModule;
static std::unique_ptr<IRBuilder<>> Builder;
static std::unique_ptr<KaleidoscopeJIT> TheJIT;
static ExitOnError ExitOnErr;

// Must not flag: makes a new module for the next input.
static void InitializeModuleAndManagers() {
  TheContext = std::make_unique<LLVMContext>();
  TheModule = std::make_unique<Module>("KaleidoscopeJIT", *TheContext);
  TheModule->setDataLayout(TheJIT->getDataLayout());
  Builder = std::make_unique<IRBuilder<>>(*TheContext);
}

// Must not flag: a definition stays in the JIT for good: that is the point
// of defining it (the default tracker, through KaleidoscopeJIT::addModule).
static void HandleDefinition() {
  if (auto FnAST = ParseDefinition()) {
    if (FnAST->codegen()) {
      fprintf(stderr, "Read function definition\n");
      ExitOnErr(TheJIT->addModule(
          ThreadSafeModule(std::move(TheModule), std::move(TheContext))));
      InitializeModuleAndManagers();
    }
  } else {
    // Skip token for error recovery.
    getNextToken();
  }
}

// Must not flag: a top-level expression is compiled under its own tracker,
// which is removed once the expression has run.
static void HandleTopLevelExpression() {
  // Evaluate a top-level expression into an anonymous function.
  if (auto FnAST = ParseTopLevelExpr()) {
    if (FnAST->codegen()) {
      // Create a ResourceTracker to track JIT'd memory allocated to our
      // anonymous expression -- that way we can free it after executing.
      auto RT = TheJIT->getMainJITDylib().createResourceTracker();

      auto TSM = ThreadSafeModule(std::move(TheModule), std::move(TheContext));
      ExitOnErr(TheJIT->addModule(std::move(TSM), RT));
      InitializeModuleAndManagers();

      // Search the JIT for the __anon_expr symbol.
      auto ExprSymbol = ExitOnErr(TheJIT->lookup("__anon_expr"));

      // Get the symbol's address and cast it to the right type (takes no
      // arguments, returns a double) so we can call it as a native function.
      double (*FP)() = ExprSymbol.getAddress().toPtr<double (*)()>();
      fprintf(stderr, "Evaluated to %f\n", FP());

      // Delete the anonymous expression module from the JIT.
      ExitOnErr(RT->remove());
    }
  } else {
    // Skip token for error recovery.
    getNextToken();
  }
}

// Must not flag: the REPL's loop adds through the handlers above.
static void MainLoop() {
  while (true) {
    fprintf(stderr, "ready> ");
    switch (CurTok) {
    case tok_eof:
      return;
    case ';': // ignore top-level semicolons.
      getNextToken();
      break;
    case tok_def:
      HandleDefinition();
      break;
    case tok_extern:
      HandleExtern();
      break;
    default:
      HandleTopLevelExpression();
      break;
    }
  }
}

// Must not flag: the tutorial's main.
int main() {
  fprintf(stderr, "ready> ");
  getNextToken();

  TheJIT = ExitOnErr(KaleidoscopeJIT::Create());

  InitializeModuleAndManagers();

  // Run the main "interpreter loop" now.
  MainLoop();

  return 0;
}

//===--- A one-shot tool ---------------------------------------------------===//

// The project's own code, defined elsewhere.
ThreadSafeModule loadModule(const std::string &Path);
std::unique_ptr<MemoryBuffer> readFile(const std::string &Path);

// Must not flag: a fixed set of inputs goes to the main JITDylib and runs
// once; the code goes with the JIT.
Expected<int> runProgram(const std::vector<std::string> &Inputs) {
  auto J = LLJITBuilder().create();
  if (!J)
    return J.takeError();
  if (auto Err = (*J)->addIRModule(loadModule("runtime.ll")))
    return std::move(Err);
  if (auto Err = (*J)->addObjectFile(readFile("support.o")))
    return std::move(Err);
  for (const std::string &Path : Inputs)
    if (auto Err = (*J)->addIRModule(loadModule(Path)))
      return std::move(Err);
  auto Main = (*J)->lookup("main");
  if (!Main)
    return Main.takeError();
  return Main->toPtr<int (*)()>()();
}

//===--- A tracker per query, kept in a map --------------------------------===//

class QueryEngine {
  std::unique_ptr<LLJIT> J;
  std::map<unsigned, ResourceTrackerSP> Trackers;
  unsigned NextId = 0;

public:
  explicit QueryEngine(std::unique_ptr<LLJIT> J) : J(std::move(J)) {}

  // Must not flag: frees every query still installed.
  ~QueryEngine() {
    for (auto &Entry : Trackers)
      consumeError(Entry.second->remove());
  }

  // Must not flag: each query's code is under its own tracker, kept until
  // dropQuery() removes it.
  Expected<unsigned> addQuery(ThreadSafeModule TSM) {
    ResourceTrackerSP RT = J->getMainJITDylib().createResourceTracker();
    if (auto Err = J->addIRModule(RT, std::move(TSM)))
      return std::move(Err);
    unsigned Id = NextId++;
    Trackers[Id] = std::move(RT);
    return Id;
  }

  // Must not flag: frees a query's code.
  Error dropQuery(unsigned Id) {
    auto It = Trackers.find(Id);
    if (It == Trackers.end())
      return Error::success();
    Error Err = It->second->remove();
    Trackers.erase(It);
    return Err;
  }
};

//===--- A JITDylib per request, removed afterwards ------------------------===//

// Must not flag: the request's JITDylib is removed on every path.
Expected<int> handleRequest(LLJIT &J, unsigned Id, ThreadSafeModule TSM) {
  auto JD = J.createJITDylib("request." + std::to_string(Id));
  if (!JD)
    return JD.takeError();
  if (auto Err = J.addIRModule(*JD, std::move(TSM))) {
    consumeError(J.getExecutionSession().removeJITDylib(*JD));
    return std::move(Err);
  }
  auto Entry = J.lookup(*JD, "handle");
  int Result = -1;
  if (Entry)
    Result = Entry->toPtr<int (*)()>()();
  else
    consumeError(Entry.takeError());
  if (auto Err = J.getExecutionSession().removeJITDylib(*JD))
    return std::move(Err);
  return Result;
}

// A request server with a JITDylib per request.
class RequestServer {
  std::unique_ptr<LLJIT> J;
  unsigned NextId = 0;

public:
  // Must not flag: the request's objects go to its own JITDylib, removed
  // when the request is done.
  Expected<int> serve(std::vector<std::unique_ptr<MemoryBuffer>> Objects) {
    JITDylib &JD = J->getExecutionSession().createBareJITDylib(
        "req" + std::to_string(NextId++));
    for (auto &Obj : Objects)
      if (auto Err = J->addObjectFile(JD, std::move(Obj)))
        return std::move(Err);
    auto Entry = J->lookup(JD, "entry");
    int Result = Entry ? Entry->toPtr<int (*)()>()() : -1;
    if (!Entry)
      consumeError(Entry.takeError());
    if (auto Err = J->getExecutionSession().removeJITDylib(JD))
      return std::move(Err);
    return Result;
  }
};
