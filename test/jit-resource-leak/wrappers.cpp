// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-jit-resource-leak: shapes that hide the default tracker or the
// add behind the project's own code. A wrapper that adds with its tracker
// parameter (the ORC tutorial's addModule(TSM, RT)) counts as an add with
// that tracker; the default tracker spelled out is no tracker; a JITDylib
// made per request stays with the session unless it is removed.

#include "llvm/ExecutionEngine/Orc/Core.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <string>

using namespace llvm;
using namespace llvm::orc;

ThreadSafeModule parseExpr(const std::string &Line);
bool readLine(std::string &Line);
void runExpr(LLJIT &J);

class Jit {
  std::unique_ptr<LLJIT> J;

public:
  JITDylib &getMainJITDylib() { return J->getMainJITDylib(); }
  LLJIT &get() { return *J; }
  // The tutorial's shape: the caller chooses the tracker.
  Error addModule(ThreadSafeModule TSM, ResourceTrackerSP RT = nullptr) {
    if (!RT)
      RT = J->getMainJITDylib().getDefaultResourceTracker();
    return J->addIRModule(RT, std::move(TSM));
  }
};

// Must flag: the REPL makes a tracker per expression and forgets remove().
void replForgetsRemove(Jit &TheJIT) {
  std::string Line;
  while (readLine(Line)) {
    auto RT = TheJIT.getMainJITDylib().createResourceTracker(); // WARN: resource tracker created by 'createResourceTracker' is dropped without 'remove()'
    if (auto Err = TheJIT.addModule(parseExpr(Line), RT)) {
      consumeError(std::move(Err));
      continue;
    }
    runExpr(TheJIT.get());
  } // NOTE: dropped here, when 'RT' goes out of scope
}

// Must not flag: the same REPL removing each expression's tracker.
void replRemoves(Jit &TheJIT) {
  std::string Line;
  while (readLine(Line)) {
    auto RT = TheJIT.getMainJITDylib().createResourceTracker();
    if (auto Err = TheJIT.addModule(parseExpr(Line), RT)) {
      consumeError(std::move(Err));
      continue;
    }
    runExpr(TheJIT.get());
    cantFail(RT->remove());
  }
}

// Must flag: the default tracker, spelled out, is still the default one.
class QueryService {
  std::unique_ptr<LLJIT> J;

public:
  Error run(const std::string &SQL) {
    auto &JD = J->getMainJITDylib();
    return J->addIRModule(JD.getDefaultResourceTracker(), parseExpr(SQL)); // WARN: JIT'd code added by 'addIRModule' in 'QueryService::run' is never freed
  }
};

// Must flag: the default tracker kept in a variable first.
class ReportService {
  std::unique_ptr<LLJIT> J;

public:
  Error run(const std::string &SQL) {
    ResourceTrackerSP RT = J->getMainJITDylib().getDefaultResourceTracker();
    return J->addIRModule(RT, parseExpr(SQL)); // WARN: JIT'd code added by 'addIRModule' in 'ReportService::run' is never freed
  }
};

ResourceTrackerSP trackerFor(const std::string &Key);

// Must flag: the default tracker is the fallback when no tracker is known
// for the key: on that path the code goes to the default tracker.
class KeyedService {
  std::unique_ptr<LLJIT> J;

public:
  Error run(const std::string &Key, const std::string &SQL) {
    ResourceTrackerSP RT = trackerFor(Key);
    if (!RT)
      RT = J->getMainJITDylib().getDefaultResourceTracker();
    return J->addIRModule(RT, parseExpr(SQL)); // WARN: JIT'd code added by 'addIRModule' in 'KeyedService::run' is never freed
  }
};

// Must not flag: a variable that only ever holds a tracker of its own, which
// the service removes.
class TrackedService {
  std::unique_ptr<LLJIT> J;

public:
  Error run(const std::string &SQL) {
    ResourceTrackerSP RT = J->getMainJITDylib().createResourceTracker();
    if (auto Err = J->addIRModule(RT, parseExpr(SQL)))
      return Err;
    return RT->remove();
  }
};

// Must flag: a JITDylib per request that is never removed keeps its code
// (JITDylibs belong to the session).
void perRequestDylibKept(LLJIT &J) {
  std::string Line;
  for (unsigned N = 0;; ++N) {
    if (!readLine(Line))
      return;
    JITDylib &JD = J.getExecutionSession().createBareJITDylib("req" + std::to_string(N));
    cantFail(J.addIRModule(JD, parseExpr(Line))); // WARN: JIT'd code added by 'addIRModule' in a loop is never freed
    runExpr(J);
  }
}

// Must not flag: the same, removing the JITDylib after the request.
void perRequestDylibRemoved(LLJIT &J) {
  std::string Line;
  for (unsigned N = 0;; ++N) {
    if (!readLine(Line))
      return;
    JITDylib &JD = J.getExecutionSession().createBareJITDylib("req" + std::to_string(N));
    cantFail(J.addIRModule(JD, parseExpr(Line)));
    runExpr(J);
    cantFail(J.getExecutionSession().removeJITDylib(JD));
  }
}
