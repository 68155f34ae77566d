// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-jit-resource-leak (B), resource trackers: a tracker made with
// JITDylib::createResourceTracker and used for an add, whose last reference
// is dropped (scope end, return, reassignment, `= nullptr`, reset()) without
// remove() on a path where the add succeeded. Dropping a tracker does not
// free its code: ~ResourceTracker merges it into the JITDylib's default
// tracker. Not flagged: the add's own failure path, trackers removed (or
// transferred, or freed with JITDylib::clear / removeJITDylib) on every path
// after a successful add, trackers never used for an add, the default
// tracker, and trackers handed on: stored in a member or container,
// returned, passed to the project's own functions, captured by a lambda.

#include "llvm/ExecutionEngine/Orc/Core.h"
#include "llvm/ExecutionEngine/Orc/IRCompileLayer.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/ObjectLinkingLayer.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

using namespace llvm;
using namespace llvm::orc;

// The project's own code, defined elsewhere.
void runExpr(LLJIT &J);
bool verify(LLJIT &J);
void log(const char *Msg);
void registerTracker(unsigned Id, ResourceTrackerSP RT);
struct Watcher {
  bool waitForChange();
  ThreadSafeModule load();
};

static ExitOnError ExitOnErr;

//===--- Must flag ---------------------------------------------------------===//

// Must flag: the expression's code stays after the function returns: the
// tracker is dropped, not removed.
void evalOnce(LLJIT &J, ThreadSafeModule TSM) {
  ResourceTrackerSP RT = J.getMainJITDylib().createResourceTracker(); // WARN: resource tracker created by 'createResourceTracker' is dropped without 'remove()'; the JIT'd code added with it stays until the JITDylib is cleared or the session ends
  ExitOnErr(J.addIRModule(RT, std::move(TSM)));
  runExpr(J);
} // NOTE: dropped here

// Must flag: the lookup's failure path returns without removing the code
// that was added (the add's own failure path is fine).
Expected<double> evalExpr(LLJIT &J, ThreadSafeModule TSM) {
  auto RT = J.getMainJITDylib().createResourceTracker(); // WARN: resource tracker created by 'createResourceTracker' is dropped without 'remove()'
  if (auto Err = J.addIRModule(RT, std::move(TSM)))
    return std::move(Err);
  auto Sym = J.lookup("__anon_expr");
  if (!Sym)
    return Sym.takeError(); // NOTE: dropped here
  double Result = Sym->toPtr<double (*)()>()();
  if (auto Err = RT->remove())
    return std::move(Err);
  return Result;
}

// Must flag: an object file added with a tracker that is dropped when the
// check fails.
Error linkChecked(LLJIT &J, std::unique_ptr<MemoryBuffer> Obj) {
  ResourceTrackerSP RT = J.getMainJITDylib().createResourceTracker(); // WARN: resource tracker created by 'createResourceTracker' is dropped without 'remove()'
  if (auto Err = J.addObjectFile(RT, std::move(Obj)))
    return Err;
  if (!verify(J))
    return Error::success(); // NOTE: dropped here
  runExpr(J);
  return RT->remove();
}

// Must flag: the layer's add(RT, TSM), tracker dropped.
void compileWithLayer(IRCompileLayer &Layer, JITDylib &JD,
                      ThreadSafeModule TSM) {
  ResourceTrackerSP RT = JD.createResourceTracker(); // WARN: resource tracker created by 'createResourceTracker' is dropped without 'remove()'
  cantFail(Layer.add(RT, std::move(TSM)));
} // NOTE: dropped here

// Must flag: ObjectLayer::add(RT, Obj), tracker dropped.
void linkWithLayer(ObjectLinkingLayer &ObjLayer, JITDylib &JD,
                   std::unique_ptr<MemoryBuffer> Obj) {
  auto RT = JD.createResourceTracker(); // WARN: resource tracker created by 'createResourceTracker' is dropped without 'remove()'
  cantFail(ObjLayer.add(RT, std::move(Obj)));
} // NOTE: dropped here

// Must flag: the first tracker is overwritten by the second; only the second
// is removed.
void twoPhases(LLJIT &J, ThreadSafeModule Phase1, ThreadSafeModule Phase2) {
  JITDylib &JD = J.getMainJITDylib();
  ResourceTrackerSP RT = JD.createResourceTracker(); // WARN: resource tracker created by 'createResourceTracker' is dropped without 'remove()'
  cantFail(J.addIRModule(RT, std::move(Phase1)));
  runExpr(J);
  RT = JD.createResourceTracker(); // NOTE: overwritten here
  cantFail(J.addIRModule(RT, std::move(Phase2)));
  runExpr(J);
  cantFail(RT->remove());
}

// Must flag: a hot reload loop overwrites the previous version's tracker
// instead of removing it.
void watchAndReload(LLJIT &J, Watcher &W) {
  ResourceTrackerSP Current;
  while (W.waitForChange()) {
    Current = J.getMainJITDylib().createResourceTracker(); // WARN: resource tracker created by 'createResourceTracker' is dropped without 'remove()' // NOTE: overwritten here
    if (auto Err = J.addIRModule(Current, W.load())) {
      consumeError(std::move(Err));
      continue;
    }
    runExpr(J);
  }
  if (Current)
    cantFail(Current->remove());
}

// Must flag: setting the tracker to null drops it; it does not remove the
// code.
void evalAndForget(LLJIT &J, ThreadSafeModule TSM) {
  ResourceTrackerSP RT = J.getMainJITDylib().createResourceTracker(); // WARN: resource tracker created by 'createResourceTracker' is dropped without 'remove()'
  cantFail(J.addIRModule(RT, std::move(TSM)));
  runExpr(J);
  RT = nullptr; // NOTE: {{dropped|overwritten}} here
  log("done");
}

// Must flag: reset() drops the tracker too.
void evalAndReset(LLJIT &J, ThreadSafeModule TSM) {
  ResourceTrackerSP RT = J.getMainJITDylib().createResourceTracker(); // WARN: resource tracker created by 'createResourceTracker' is dropped without 'remove()'
  cantFail(J.addIRModule(RT, std::move(TSM)));
  runExpr(J);
  RT.reset(); // NOTE: dropped here
  log("done");
}

// Must flag: in a member function too (the tracker is a local).
class Calculator {
  std::unique_ptr<LLJIT> J;

public:
  Expected<double> calc(ThreadSafeModule TSM) {
    auto RT = J->getMainJITDylib().createResourceTracker(); // WARN: resource tracker created by 'createResourceTracker' is dropped without 'remove()'
    if (auto Err = J->addIRModule(RT, std::move(TSM)))
      return std::move(Err);
    auto Sym = ExitOnErr(J->lookup("calc"));
    return Sym.toPtr<double (*)()>()(); // NOTE: dropped here
  }
};

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: the tutorial's pattern: the tracker is removed once the
// expression has run.
void evalOnceRemoving(LLJIT &J, ThreadSafeModule TSM) {
  ResourceTrackerSP RT = J.getMainJITDylib().createResourceTracker();
  ExitOnErr(J.addIRModule(RT, std::move(TSM)));
  runExpr(J);
  ExitOnErr(RT->remove());
}

// Must not flag: the early return is the add's failure path; on success the
// tracker is removed.
Error evalChecked(LLJIT &J, ThreadSafeModule TSM) {
  auto RT = J.getMainJITDylib().createResourceTracker();
  if (auto Err = J.addIRModule(RT, std::move(TSM)))
    return Err;
  runExpr(J);
  return RT->remove();
}

// Must not flag: the same with the error in a variable.
Error evalCheckedVar(LLJIT &J, ThreadSafeModule TSM) {
  auto RT = J.getMainJITDylib().createResourceTracker();
  Error Err = J.addIRModule(RT, std::move(TSM));
  if (Err)
    return Err;
  runExpr(J);
  return RT->remove();
}

// Must not flag: the lookup's failure path removes the code too.
Expected<double> evalExprRemoving(LLJIT &J, ThreadSafeModule TSM) {
  auto RT = J.getMainJITDylib().createResourceTracker();
  if (auto Err = J.addIRModule(RT, std::move(TSM)))
    return std::move(Err);
  auto Sym = J.lookup("__anon_expr");
  if (!Sym) {
    cantFail(RT->remove());
    return Sym.takeError();
  }
  double Result = Sym->toPtr<double (*)()>()();
  if (auto Err = RT->remove())
    return std::move(Err);
  return Result;
}

// Must not flag: the previous version is removed before it is replaced.
void watchAndReloadRemoving(LLJIT &J, Watcher &W) {
  ResourceTrackerSP Current;
  while (W.waitForChange()) {
    if (Current)
      cantFail(Current->remove());
    Current = J.getMainJITDylib().createResourceTracker();
    if (auto Err = J.addIRModule(Current, W.load())) {
      consumeError(std::move(Err));
      continue;
    }
    runExpr(J);
  }
  if (Current)
    cantFail(Current->remove());
}

// Must not flag: verified code is handed over to a long-lived tracker;
// unverified code is removed.
void promote(LLJIT &J, ThreadSafeModule TSM, ResourceTracker &Keep) {
  ResourceTrackerSP RT = J.getMainJITDylib().createResourceTracker();
  cantFail(J.addIRModule(RT, std::move(TSM)));
  if (!verify(J)) {
    cantFail(RT->remove());
    return;
  }
  RT->transferTo(Keep);
}

// Must not flag: the scratch JITDylib is cleared, which removes the tracker's
// code.
void evalInScratch(LLJIT &J, JITDylib &Scratch, ThreadSafeModule TSM) {
  ResourceTrackerSP RT = Scratch.createResourceTracker();
  cantFail(J.addIRModule(RT, std::move(TSM)));
  runExpr(J);
  cantFail(Scratch.clear());
}

// Must not flag: the whole JITDylib is removed.
void evalInOwnDylib(LLJIT &J, ThreadSafeModule TSM) {
  JITDylib &JD = cantFail(J.createJITDylib("expr"));
  ResourceTrackerSP RT = JD.createResourceTracker();
  cantFail(J.addIRModule(RT, std::move(TSM)));
  runExpr(J);
  cantFail(J.getExecutionSession().removeJITDylib(JD));
}

// Must not flag: a tracker never used for an add holds no code.
bool probe(JITDylib &JD) {
  ResourceTrackerSP RT = JD.createResourceTracker();
  return RT->isDefunct();
}

// Must not flag: the default tracker is not created here, and it is the
// JITDylib's anyway.
void addToDefault(LLJIT &J, ThreadSafeModule TSM) {
  ResourceTrackerSP RT = J.getMainJITDylib().getDefaultResourceTracker();
  cantFail(J.addIRModule(RT, std::move(TSM)));
}

// Must not flag: the tracker is returned; the caller removes it.
Expected<ResourceTrackerSP> addRemovable(LLJIT &J, ThreadSafeModule TSM) {
  ResourceTrackerSP RT = J.getMainJITDylib().createResourceTracker();
  if (auto Err = J.addIRModule(RT, std::move(TSM)))
    return std::move(Err);
  return RT;
}

// Must not flag: the tracker is handed to the project's registry.
void addRegistered(LLJIT &J, unsigned Id, ThreadSafeModule TSM) {
  ResourceTrackerSP RT = J.getMainJITDylib().createResourceTracker();
  cantFail(J.addIRModule(RT, std::move(TSM)));
  registerTracker(Id, RT);
}

// A session keeping its trackers.
class Session {
  std::unique_ptr<LLJIT> J;
  std::map<unsigned, ResourceTrackerSP> ById;
  std::vector<ResourceTrackerSP> Scripts;
  ResourceTrackerSP Last;
  std::function<void()> OnClose;

public:
  // Must not flag: stored into a member map with operator[].
  Error addById(unsigned Id, ThreadSafeModule TSM) {
    ResourceTrackerSP RT = J->getMainJITDylib().createResourceTracker();
    if (auto Err = J->addIRModule(RT, std::move(TSM)))
      return Err;
    ById[Id] = RT;
    return Error::success();
  }

  // Must not flag: stored into a member map with emplace.
  Error addByIdEmplace(unsigned Id, ThreadSafeModule TSM) {
    ResourceTrackerSP RT = J->getMainJITDylib().createResourceTracker();
    if (auto Err = J->addIRModule(RT, std::move(TSM)))
      return Err;
    ById.emplace(Id, std::move(RT));
    return Error::success();
  }

  // Must not flag: stored into a member vector.
  Error addScript(ThreadSafeModule TSM) {
    auto RT = J->getMainJITDylib().createResourceTracker();
    if (auto Err = J->addIRModule(RT, std::move(TSM)))
      return Err;
    Scripts.push_back(RT);
    return Error::success();
  }

  // Must not flag: stored into a member.
  Error addLast(ThreadSafeModule TSM) {
    auto RT = J->getMainJITDylib().createResourceTracker();
    if (auto Err = J->addIRModule(RT, std::move(TSM)))
      return Err;
    Last = std::move(RT);
    return Error::success();
  }

  // Must not flag: captured by the lambda that removes it later.
  Error addUntilClose(ThreadSafeModule TSM) {
    auto RT = J->getMainJITDylib().createResourceTracker();
    if (auto Err = J->addIRModule(RT, std::move(TSM)))
      return Err;
    OnClose = [RT]() { cantFail(RT->remove()); };
    return Error::success();
  }

  // Must not flag: frees what the functions above kept.
  Error close() {
    for (auto &Entry : ById)
      if (auto Err = Entry.second->remove())
        return Err;
    ById.clear();
    for (ResourceTrackerSP &RT : Scripts)
      if (auto Err = RT->remove())
        return Err;
    Scripts.clear();
    if (Last)
      if (auto Err = Last->remove())
        return Err;
    if (OnClose)
      OnClose();
    return Error::success();
  }
};
