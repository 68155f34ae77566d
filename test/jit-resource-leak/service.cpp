// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-jit-resource-leak (A), long-lived JIT owners: classes holding an
// LLJIT, an LLLazyJIT, an ExecutionSession, a JITDylib or an ORC layer (by
// value, smart pointer, pointer or reference) that add modules or object
// files without a resource tracker in a member function other than their
// constructor or set-up functions, while nothing in the class ever frees
// code. Each call leaves its code in the JITDylib's default tracker for good.
// Not flagged: the same adds in a constructor, a static factory or a set-up
// function (init, setupJIT, loadRuntime, ...), adds with a tracker, classes
// that free code somewhere (a tracker, clear(), removeJITDylib, a session
// they end and replace), and classes that hold no JIT.

#include "llvm/ExecutionEngine/Orc/Core.h"
#include "llvm/ExecutionEngine/Orc/ExecutorProcessControl.h"
#include "llvm/ExecutionEngine/Orc/IRCompileLayer.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/ObjectLinkingLayer.h"
#include "llvm/ExecutionEngine/Orc/RTDyldObjectLinkingLayer.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/ExecutionEngine/SectionMemoryManager.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include <istream>
#include <map>
#include <memory>
#include <string>

using namespace llvm;
using namespace llvm::orc;

// The project's own code, defined elsewhere.
ThreadSafeModule compileQuery(const std::string &SQL);
std::unique_ptr<MemoryBuffer> fetchObject(const std::string &Name);
struct RequestQueue {
  ThreadSafeModule pop();
};

//===--- Must flag ---------------------------------------------------------===//

// A query engine: one LLJIT for the life of the process.
class QueryService {
  std::unique_ptr<LLJIT> J;
  unsigned NextId = 0;

public:
  explicit QueryService(std::unique_ptr<LLJIT> J) : J(std::move(J)) {}

  // Must flag: every query's module goes to the main JITDylib's default
  // tracker and stays there for the life of the service.
  Expected<ExecutorAddr> run(const std::string &SQL) {
    std::string Entry = "query" + std::to_string(NextId++);
    if (auto Err = J->addIRModule(compileQuery(SQL))) // WARN: JIT'd code added by 'addIRModule' in 'QueryService::run' is never freed: it goes to the default resource tracker of its JITDylib and nothing in 'QueryService' removes it (ResourceTracker::remove, JITDylib::clear or ExecutionSession::removeJITDylib)
      return std::move(Err);
    return J->lookup(Entry);
  }

  // Must not flag: looking up adds nothing.
  Expected<ExecutorAddr> find(StringRef Name) { return J->lookup(Name); }
};

// A plugin host holding the JIT and the plugins' JITDylib by reference.
class PluginHost {
  LLJIT &J;
  JITDylib &PluginJD;

public:
  PluginHost(LLJIT &J, JITDylib &PluginJD) : J(J), PluginJD(PluginJD) {}

  // Must flag: each plugin's object file stays in the plugin JITDylib, also
  // after the plugin is unloaded by the caller.
  Error addPlugin(const std::string &Name) {
    return J.addObjectFile(PluginJD, fetchObject(Name)); // WARN: JIT'd code added by 'addObjectFile' in 'PluginHost::addPlugin' is never freed: it goes to the default resource tracker of its JITDylib and nothing in 'PluginHost' removes it
  }
};

// An expression compiler on top of a hand-built ORC stack: it holds the
// compile layer and the JITDylib.
class ExprCompiler {
  IRCompileLayer &Layer;
  JITDylib &JD;

public:
  ExprCompiler(IRCompileLayer &Layer, JITDylib &JD) : Layer(Layer), JD(JD) {}

  // Must flag: IRLayer::add(JD, TSM) is the default tracker too.
  Error compileExpr(ThreadSafeModule TSM) {
    return Layer.add(JD, std::move(TSM)); // WARN: JIT'd code added by 'add' in 'ExprCompiler::compileExpr' is never freed: it goes to the default resource tracker of its JITDylib and nothing in 'ExprCompiler' removes it
  }
};

// An object loader owning its object linking layer (RTDyld).
class ObjectLoader {
  RTDyldObjectLinkingLayer ObjLayer;
  JITDylib &JD;

public:
  ObjectLoader(ExecutionSession &ES, JITDylib &JD)
      : ObjLayer(ES, [] { return std::make_unique<SectionMemoryManager>(); }),
        JD(JD) {}

  // Must flag: ObjectLayer::add(JD, Obj) adds to JD's default tracker.
  Error addObject(std::unique_ptr<MemoryBuffer> Obj) {
    return ObjLayer.add(JD, std::move(Obj)); // WARN: JIT'd code added by 'add' in 'ObjectLoader::addObject' is never freed
  }
};

// A lazy evaluator whose member function is defined out of line.
class Evaluator {
  std::unique_ptr<LLLazyJIT> J;

public:
  explicit Evaluator(std::unique_ptr<LLLazyJIT> J) : J(std::move(J)) {}
  Error eval(ThreadSafeModule TSM);
};

// Must flag: defined outside the class, it is still the class's member.
Error Evaluator::eval(ThreadSafeModule TSM) {
  return J->addIRModule(J->getMainJITDylib(), std::move(TSM)); // WARN: JIT'd code added by 'addIRModule' in 'Evaluator::eval' is never freed: it goes to the default resource tracker of its JITDylib and nothing in 'Evaluator' removes it
}

// A batch service draining its queue in a loop.
class BatchService {
  std::unique_ptr<LLJIT> J;
  RequestQueue &Queue;

public:
  BatchService(std::unique_ptr<LLJIT> J, RequestQueue &Queue)
      : J(std::move(J)), Queue(Queue) {}

  // Must flag: the request loop of a service adds a module per request (one
  // warning, as a member of the class or as a loop).
  void serve() {
    while (ThreadSafeModule TSM = Queue.pop())
      cantFail(J->addIRModule(std::move(TSM))); // WARN: JIT'd code added by 'addIRModule' in {{'BatchService::serve'|a loop}} is never freed
  }
};

// A daemon whose request loop runs in start().
class Daemon {
  std::unique_ptr<LLJIT> J;

public:
  explicit Daemon(std::unique_ptr<LLJIT> J) : J(std::move(J)) {}

  // Must flag: start() is not a set-up name (it runs the request loop).
  void start(RequestQueue &Q) {
    for (;;) {
      ThreadSafeModule TSM = Q.pop();
      if (!TSM)
        return;
      cantFail(J->addIRModule(std::move(TSM))); // WARN: JIT'd code added by 'addIRModule' in 'Daemon::start' is never freed: it goes to the default resource tracker
    }
  }
};

//===--- Must not flag -----------------------------------------------------===//

// A runtime that loads its libraries once, when it is set up.
class Runtime {
  std::unique_ptr<LLJIT> J;

public:
  // Must not flag: the constructor adds the runtime library once.
  Runtime(std::unique_ptr<LLJIT> JIT, ThreadSafeModule RuntimeLib)
      : J(std::move(JIT)) {
    cantFail(J->addIRModule(std::move(RuntimeLib)));
  }

  // Must not flag: a static factory adds the prelude once.
  static Expected<std::unique_ptr<Runtime>> Create(ThreadSafeModule Prelude,
                                                   ThreadSafeModule Lib) {
    auto J = LLJITBuilder().create();
    if (!J)
      return J.takeError();
    if (auto Err = (*J)->addIRModule(std::move(Prelude)))
      return std::move(Err);
    return std::make_unique<Runtime>(std::move(*J), std::move(Lib));
  }

  // Must not flag: init() is a set-up step.
  Error init() { return J->addObjectFile(fetchObject("crt1.o")); }

  // Must not flag: setupJIT() is a set-up step (prefix "setup").
  Error setupJIT(ThreadSafeModule Builtins) {
    return J->addIRModule(std::move(Builtins));
  }

  // Must not flag: loadRuntime() is a set-up step.
  Error loadRuntime() {
    return J->addObjectFile(J->getMainJITDylib(), fetchObject("rt.o"));
  }

  // Must not flag: initialize() is a set-up step.
  Error initialize(ThreadSafeModule Globals) {
    return J->getIRCompileLayer().add(J->getMainJITDylib(), std::move(Globals));
  }

  // Must not flag: adds nothing.
  Expected<ExecutorAddr> entry() { return J->lookup("main"); }
};

// An evaluator whose scratch code is cleared between runs.
class ScratchEvaluator {
  std::unique_ptr<LLJIT> J;

public:
  // Must not flag: reset() clears the main JITDylib, which frees everything
  // evaluate() added.
  Expected<ExecutorAddr> evaluate(ThreadSafeModule TSM) {
    if (auto Err = J->addIRModule(std::move(TSM)))
      return std::move(Err);
    return J->lookup("expr");
  }

  // Must not flag: frees the code.
  Error reset() { return J->getMainJITDylib().clear(); }
};

// A REPL session that starts afresh on ":reset".
class ReplSession {
  std::unique_ptr<LLJIT> J;

public:
  // Must not flag: the loop's code is freed by reset(), elsewhere in the
  // class: not "such a service".
  void loop(std::istream &In) {
    std::string Line;
    while (std::getline(In, Line)) {
      if (Line == ":reset") {
        cantFail(reset());
        continue;
      }
      cantFail(J->addIRModule(compileQuery(Line)));
    }
  }

  // Must not flag: frees the code.
  Error reset() { return J->getMainJITDylib().clear(); }
};

// A server with one JITDylib per client session.
class SessionManager {
  std::unique_ptr<LLJIT> J;
  std::map<unsigned, JITDylib *> Sessions;

public:
  // Must not flag: a session's code goes to its own JITDylib, which
  // closeSession() removes.
  Error addToSession(unsigned Id, ThreadSafeModule TSM) {
    return J->addIRModule(*Sessions[Id], std::move(TSM));
  }

  // Must not flag: frees the session's code.
  Error closeSession(unsigned Id) {
    JITDylib *JD = Sessions[Id];
    Sessions.erase(Id);
    return J->getExecutionSession().removeJITDylib(*JD);
  }
};

// A hot reloader: shared libraries once, each plugin version under a tracker.
class HotReloader {
  std::unique_ptr<LLJIT> J;
  std::map<std::string, ResourceTrackerSP> Versions;

public:
  // Must not flag: the class manages resource trackers (reload()).
  Error addSharedLibrary(ThreadSafeModule TSM) {
    return J->addIRModule(std::move(TSM));
  }

  // Must not flag: the previous version is removed before the new one goes
  // in under its own tracker.
  Error reload(const std::string &Name, ThreadSafeModule TSM) {
    auto It = Versions.find(Name);
    if (It != Versions.end())
      if (auto Err = It->second->remove())
        return Err;
    ResourceTrackerSP RT = J->getMainJITDylib().createResourceTracker();
    if (auto Err = J->addIRModule(RT, std::move(TSM)))
      return Err;
    Versions[Name] = RT;
    return Error::success();
  }
};

// A compiler that switches to a fresh session now and then.
class RecyclingCompiler {
  std::unique_ptr<ExecutionSession> ES;
  std::unique_ptr<ObjectLinkingLayer> ObjLayer;
  JITDylib *MainJD = nullptr;

public:
  // Must not flag: recycle() ends the session, which frees all code, and
  // starts a new one.
  Error addObject(std::unique_ptr<MemoryBuffer> Obj) {
    return ObjLayer->add(*MainJD, std::move(Obj));
  }

  // Must not flag: frees the code.
  Error recycle(std::unique_ptr<ExecutorProcessControl> EPC) {
    if (auto Err = ES->endSession())
      return Err;
    ObjLayer.reset();
    ES = std::make_unique<ExecutionSession>(std::move(EPC));
    ObjLayer = std::make_unique<ObjectLinkingLayer>(*ES);
    MainJD = &ES->createBareJITDylib("main");
    return Error::success();
  }
};

// A service whose callers pass the tracker in.
class TrackedService {
  std::unique_ptr<LLJIT> J;

public:
  // Must not flag: the add has a tracker (the caller's, perhaps the
  // default one): the caller decides when to remove it.
  Error add(ThreadSafeModule TSM, ResourceTrackerSP RT) {
    return J->addIRModule(std::move(RT), std::move(TSM));
  }
};

// A helper that holds no JIT.
struct ModuleLoader {
  std::string Prefix;

  // Must not flag: the class does not own a JIT; J is the caller's.
  Error addTo(LLJIT &J, const std::string &SQL) {
    return J.addIRModule(compileQuery(Prefix + SQL));
  }
};

// Must not flag: a compile-once cache. Code is added once per new key and
// kept on purpose for the JIT's lifetime (the lookup and the store are on
// the same member container).
class KernelCache {
  std::unique_ptr<LLJIT> J;
  std::map<std::string, void *> Cache;

public:
  void *get(const std::string &Name, ThreadSafeModule TSM) {
    auto It = Cache.find(Name);
    if (It != Cache.end())
      return It->second;
    cantFail(J->addIRModule(std::move(TSM)));
    void *P = cantFail(J->lookup(Name)).toPtr<void *>();
    Cache[Name] = P;
    return P;
  }
};
