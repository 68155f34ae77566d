// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%llvm_include -D_GNU_SOURCE -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%llvm_include -D_GNU_SOURCE -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS
// RUN: %check_llvmown --frontend tool --llvm-includes %llvm_other_includes %s -- -std=c++17 -D_GNU_SOURCE -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS
// llvmown-jit-resource-leak against the real LLVM 19 ORC headers (Core.h,
// LLJIT.h, Layer.h, IRCompileLayer.h, ObjectLinkingLayer.h,
// RTDyldObjectLinkingLayer.h): (A) a JIT service adding per call, and adds
// in loops, through LLJIT and through the layers' add(JD, ...); (B) a tracker
// dropped without remove(); (C) a global tracker. Not flagged: a one-shot
// run of a fixed set of modules, trackers removed or kept in a map, a
// JITDylib per request, and the ORC tutorial's KaleidoscopeJIT. Nothing may
// be reported inside LLVM's headers (LLJIT::addIRModule(TSM) itself adds to
// the main JITDylib's default tracker).

#include "llvm/ExecutionEngine/Orc/CompileUtils.h"
#include "../Inputs/versions/llvm-versions.h"
#include "llvm/ExecutionEngine/Orc/Core.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/ExecutorProcessControl.h"
#include "llvm/ExecutionEngine/Orc/IRCompileLayer.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/ObjectLinkingLayer.h"
#include "llvm/ExecutionEngine/Orc/RTDyldObjectLinkingLayer.h"
// Headers that came (ExecutorSymbolDef, 17) or split off (the in-process
// executor control, 22) in later versions.
#if __has_include("llvm/ExecutionEngine/Orc/Shared/ExecutorSymbolDef.h")
#include "llvm/ExecutionEngine/Orc/Shared/ExecutorSymbolDef.h"
#endif
#if __has_include("llvm/ExecutionEngine/Orc/SelfExecutorProcessControl.h")
#include "llvm/ExecutionEngine/Orc/SelfExecutorProcessControl.h"
#endif
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/ExecutionEngine/SectionMemoryManager.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include <map>
#include <memory>
#include <string>
#include <vector>

using namespace llvm;
using namespace llvm::orc;

// The project's own code, defined elsewhere.
ThreadSafeModule compileQuery(const std::string &SQL);
std::unique_ptr<MemoryBuffer> receiveObject();
void runExpr(LLJIT &J);

//===--- Must flag ---------------------------------------------------------===//

// Must flag: a global tracker outlives main's JIT.
ResourceTrackerSP LastQuery; // WARN: 'LastQuery' holds a ResourceTrackerSP with static storage duration; it outlives the ExecutionSession, and its destructor then locks the destroyed session

// A query engine holding its LLJIT.
class QueryService {
  std::unique_ptr<LLJIT> J;

public:
  explicit QueryService(std::unique_ptr<LLJIT> J) : J(std::move(J)) {}

  // Must flag: every query stays in the main JITDylib.
  auto run(const std::string &SQL) -> decltype(J->lookup("query")) {
    if (auto Err = J->addIRModule(compileQuery(SQL))) // WARN: JIT'd code added by 'addIRModule' in 'QueryService::run' is never freed: it goes to the default resource tracker of its JITDylib and nothing in 'QueryService' removes it (ResourceTracker::remove, JITDylib::clear or ExecutionSession::removeJITDylib)
      return std::move(Err);
    return J->lookup("query");
  }

  // Must flag: IRLayer::add(JD, TSM) through LLJIT's compile layer.
  Error compile(const std::string &SQL) {
    return J->getIRCompileLayer().add(J->getMainJITDylib(), compileQuery(SQL)); // WARN: JIT'd code added by 'add' in 'QueryService::compile' is never freed
  }
};

// Must flag: a server loop adding every received object file.
void serveObjects(LLJIT &J) {
  while (std::unique_ptr<MemoryBuffer> Obj = receiveObject()) {
    cantFail(J.addObjectFile(J.getMainJITDylib(), std::move(Obj))); // WARN: JIT'd code added by 'addObjectFile' in a loop is never freed
    runExpr(J);
  }
}

// Must flag: ObjectLinkingLayer's add(JD, Obj) (ObjectLayer's, through a
// using-declaration) in a for (;;) loop.
void linkIncoming(ObjectLinkingLayer &ObjLayer, JITDylib &JD) {
  for (;;) {
    std::unique_ptr<MemoryBuffer> Obj = receiveObject();
    if (!Obj)
      return;
    cantFail(ObjLayer.add(JD, std::move(Obj))); // WARN: JIT'd code added by 'add' in a loop is never freed
  }
}

// Must flag: the lookup's failure path drops the tracker.
Expected<int> evalQuery(LLJIT &J, const std::string &SQL) {
  ResourceTrackerSP RT = J.getMainJITDylib().createResourceTracker(); // WARN: resource tracker created by 'createResourceTracker' is dropped without 'remove()'; the JIT'd code added with it stays until the JITDylib is cleared or the session ends
  if (auto Err = J.addIRModule(RT, compileQuery(SQL)))
    return std::move(Err);
  auto Entry = J.lookup("query");
  if (!Entry)
    return Entry.takeError(); // NOTE: dropped here
  int Result = entryPoint<int (*)()>(*Entry)();
  if (auto Err = RT->remove())
    return std::move(Err);
  return Result;
}

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: a one-shot run of a fixed set of modules.
Expected<int> runModules(std::vector<std::string> Queries) {
  auto J = LLJITBuilder().create();
  if (!J)
    return J.takeError();
  for (const std::string &SQL : Queries)
    if (auto Err = (*J)->addIRModule(compileQuery(SQL)))
      return std::move(Err);
  auto Main = (*J)->lookup("main");
  if (!Main)
    return Main.takeError();
  return entryPoint<int (*)()>(*Main)();
}

// Must not flag: the lookup's failure path removes the code too.
Expected<int> evalQueryRemoving(LLJIT &J, const std::string &SQL) {
  ResourceTrackerSP RT = J.getMainJITDylib().createResourceTracker();
  if (auto Err = J.addIRModule(RT, compileQuery(SQL)))
    return std::move(Err);
  auto Entry = J.lookup("query");
  if (!Entry) {
    consumeError(RT->remove());
    return Entry.takeError();
  }
  int Result = entryPoint<int (*)()>(*Entry)();
  if (auto Err = RT->remove())
    return std::move(Err);
  return Result;
}

// Must not flag: verified code moves to a long-lived tracker, the rest is
// removed.
void linkOrDiscard(LLJIT &J, std::unique_ptr<MemoryBuffer> Obj,
                   ResourceTracker &Keep, bool Verified) {
  ResourceTrackerSP RT = J.getMainJITDylib().createResourceTracker();
  cantFail(J.addObjectFile(RT, std::move(Obj)));
  if (Verified)
    RT->transferTo(Keep);
  else
    cantFail(RT->remove());
}

// Must not flag: the scratch JITDylib is cleared after every request.
void serveScratch(LLJIT &J, JITDylib &Scratch) {
  while (std::unique_ptr<MemoryBuffer> Obj = receiveObject()) {
    cantFail(J.addObjectFile(Scratch, std::move(Obj)));
    runExpr(J);
    cantFail(Scratch.clear());
  }
}

// A query engine with a tracker per query.
class QueryEngine {
  std::unique_ptr<LLJIT> J;
  std::map<unsigned, ResourceTrackerSP> Trackers;

public:
  // Must not flag: kept in the map until dropQuery().
  Error addQuery(unsigned Id, const std::string &SQL) {
    ResourceTrackerSP RT = J->getMainJITDylib().createResourceTracker();
    if (auto Err = J->addIRModule(RT, compileQuery(SQL)))
      return Err;
    Trackers[Id] = std::move(RT);
    return Error::success();
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

#if LLVM_VERSION_MAJOR >= 14 // ExecutionSession::removeJITDylib
// Must not flag: a JITDylib per request, removed afterwards.
Error handleRequest(LLJIT &J, unsigned Id, const std::string &SQL) {
  auto JD = J.createJITDylib("request." + std::to_string(Id));
  if (!JD)
    return JD.takeError();
  if (auto Err = J.addIRModule(*JD, compileQuery(SQL))) {
    consumeError(J.getExecutionSession().removeJITDylib(*JD));
    return Err;
  }
  runExpr(J);
  return J.getExecutionSession().removeJITDylib(*JD);
}
#endif

// The ORC tutorial's JIT (llvm/examples/Kaleidoscope/include/KaleidoscopeJIT.h
// in LLVM 19).
class KaleidoscopeJIT {
private:
  std::unique_ptr<ExecutionSession> ES;

  DataLayout DL;
  MangleAndInterner Mangle;

  RTDyldObjectLinkingLayer ObjectLayer;
  IRCompileLayer CompileLayer;

  JITDylib &MainJD;

public:
  // Must not flag: adds no code.
  KaleidoscopeJIT(std::unique_ptr<ExecutionSession> ES,
                  JITTargetMachineBuilder JTMB, DataLayout DL)
      : ES(std::move(ES)), DL(std::move(DL)), Mangle(*this->ES, this->DL),
        ObjectLayer(*this->ES,
                    // Takes the object's buffer from LLVM 22 on.
                    [](auto &&...) {
                      return std::make_unique<SectionMemoryManager>();
                    }),
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

  // Must not flag: ends the session.
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

  // Must not flag: the add has a tracker.
  Error addModule(ThreadSafeModule TSM, ResourceTrackerSP RT = nullptr) {
    if (!RT)
      RT = MainJD.getDefaultResourceTracker();
    return CompileLayer.add(RT, std::move(TSM));
  }

  // Must not flag: adds nothing.
  auto lookup(StringRef Name) {
    return ES->lookup({&MainJD}, Mangle(Name.str()));
  }
};

// Must not flag: the tutorial's top-level expression, under a tracker that
// is removed after the call.
double evalTopLevel(KaleidoscopeJIT &TheJIT, ThreadSafeModule TSM) {
  ExitOnError ExitOnErr;
  auto RT = TheJIT.getMainJITDylib().createResourceTracker();
  ExitOnErr(TheJIT.addModule(std::move(TSM), RT));
  auto ExprSymbol = ExitOnErr(TheJIT.lookup("__anon_expr"));
#if LLVM_VERSION_MAJOR >= 17
  double (*FP)() = ExprSymbol.getAddress().template toPtr<double (*)()>();
#else
  auto FP = reinterpret_cast<double (*)()>(ExprSymbol.getAddress());
#endif
  double Result = FP();
  ExitOnErr(RT->remove());
  return Result;
}
