// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-jit-resource-leak (A), loops: adds without a resource tracker in a
// `while`, `do`-`while` or `for (;;)` loop, to a JIT or JITDylib made before
// the loop, in a function that frees no code. Every iteration leaves its code
// in the JITDylib's default tracker: a REPL or a server grows without bound.
// Not flagged: range-for and counted `for` loops (a fixed set of inputs), a
// JIT created in each iteration, a tracker per iteration that is removed,
// a JITDylib cleared or removed in each iteration, and adds with a tracker.

#include "llvm/ExecutionEngine/Orc/Core.h"
#include "llvm/ExecutionEngine/Orc/IRCompileLayer.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/ObjectLinkingLayer.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include <istream>
#include <memory>
#include <string>
#include <vector>

using namespace llvm;
using namespace llvm::orc;

// The project's own code, defined elsewhere.
ThreadSafeModule compileLine(const std::string &Line);
std::unique_ptr<MemoryBuffer> receiveObject();
std::unique_ptr<MemoryBuffer> readFile(const char *Path);
void runExpr(LLJIT &J);
struct RequestQueue {
  bool more() const;
  ThreadSafeModule pop();
};

//===--- Must flag ---------------------------------------------------------===//

// Must flag: a REPL: each line's module goes to the main JITDylib's default
// tracker, where it stays until the JIT is destroyed.
void repl(LLJIT &J, std::istream &In) {
  std::string Line;
  while (std::getline(In, Line)) {
    if (auto Err = J.addIRModule(compileLine(Line))) { // WARN: JIT'd code added by 'addIRModule' in a loop is never freed: it goes to the default resource tracker
      consumeError(std::move(Err));
      continue;
    }
    runExpr(J);
  }
}

// Must flag: a server in main: the JIT is made once, before the loop, and
// every received object file is added to it.
int main() {
  std::unique_ptr<LLJIT> J = cantFail(LLJITBuilder().create());
  for (;;) {
    std::unique_ptr<MemoryBuffer> Obj = receiveObject();
    if (!Obj)
      break;
    cantFail(J->addObjectFile(std::move(Obj))); // WARN: JIT'd code added by 'addObjectFile' in a loop is never freed
    runExpr(*J);
  }
  return 0;
}

// Must flag: a do-while loop adding to a named JITDylib.
void pump(LLJIT &J, JITDylib &JD, RequestQueue &Q) {
  do {
    cantFail(J.addIRModule(JD, Q.pop())); // WARN: JIT'd code added by 'addIRModule' in a loop is never freed
    runExpr(J);
  } while (Q.more());
}

// Must flag: IRLayer::add(JD, TSM) in a while loop.
void compileAll(IRCompileLayer &Layer, JITDylib &JD, RequestQueue &Q) {
  while (Q.more())
    cantFail(Layer.add(JD, Q.pop())); // WARN: JIT'd code added by 'add' in a loop is never freed
}

// Must flag: ObjectLayer::add(JD, Obj) in a for (;;) loop.
void linkIncoming(ObjectLinkingLayer &ObjLayer, JITDylib &JD) {
  for (;;) {
    std::unique_ptr<MemoryBuffer> Obj = receiveObject();
    if (!Obj)
      return;
    cantFail(ObjLayer.add(JD, std::move(Obj))); // WARN: JIT'd code added by 'add' in a loop is never freed
  }
}

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: a one-shot tool adds a fixed set of modules (range-for).
int runModules(std::vector<ThreadSafeModule> Modules) {
  std::unique_ptr<LLJIT> J = cantFail(LLJITBuilder().create());
  for (ThreadSafeModule &TSM : Modules)
    cantFail(J->addIRModule(std::move(TSM)));
  auto Main = cantFail(J->lookup("main"));
  return Main.toPtr<int (*)()>()();
}

// Must not flag: draining what is already queued (the condition tests the
// container), and counting with a while loop, walk a fixed set.
void flushPending(LLJIT &J, std::vector<ThreadSafeModule> &Pending) {
  while (!Pending.empty()) {
    cantFail(J.addIRModule(std::move(Pending.back())));
    Pending.pop_back();
  }
}
void addCounted(LLJIT &J, std::vector<ThreadSafeModule> &Ms) {
  size_t I = 0;
  while (I < Ms.size())
    cantFail(J.addIRModule(std::move(Ms[I++])));
}

// Must not flag: the loop calls a helper of this file that clears the
// JITDylib.
static void resetSession(LLJIT &J) { cantFail(J.getMainJITDylib().clear()); }
void replWithReset(LLJIT &J, std::istream &In) {
  std::string Line;
  while (std::getline(In, Line)) {
    cantFail(J.addIRModule(compileLine(Line)));
    resetSession(J);
  }
}

// Must not flag: a counted loop over the command line is a fixed set too.
int runObjects(int argc, char **argv) {
  std::unique_ptr<LLJIT> J = cantFail(LLJITBuilder().create());
  for (int I = 1; I < argc; ++I)
    cantFail(J->addObjectFile(readFile(argv[I])));
  auto Main = cantFail(J->lookup("main"));
  return Main.toPtr<int (*)()>()();
}

// Must not flag: a JIT per line: its code goes with it at the end of the
// iteration.
void replFreshJIT(std::istream &In) {
  std::string Line;
  while (std::getline(In, Line)) {
    std::unique_ptr<LLJIT> J = cantFail(LLJITBuilder().create());
    cantFail(J->addIRModule(compileLine(Line)));
    runExpr(*J);
  }
}

// Must not flag: a tracker per line, removed after the line has run.
void replWithTrackers(LLJIT &J, std::istream &In) {
  std::string Line;
  while (std::getline(In, Line)) {
    ResourceTrackerSP RT = J.getMainJITDylib().createResourceTracker();
    cantFail(J.addIRModule(RT, compileLine(Line)));
    runExpr(J);
    cantFail(RT->remove());
  }
}

// Must not flag: a scratch JITDylib cleared after every request.
void serveScratch(LLJIT &J, JITDylib &Scratch, RequestQueue &Q) {
  while (Q.more()) {
    cantFail(J.addIRModule(Scratch, Q.pop()));
    runExpr(J);
    cantFail(Scratch.clear());
  }
}

// Must not flag: a JITDylib per request, removed afterwards.
void servePerRequestDylib(LLJIT &J, RequestQueue &Q) {
  unsigned N = 0;
  while (Q.more()) {
    JITDylib &JD = cantFail(J.createJITDylib("request" + std::to_string(N++)));
    cantFail(J.addIRModule(JD, Q.pop()));
    runExpr(J);
    cantFail(J.getExecutionSession().removeJITDylib(JD));
  }
}

// Must not flag: the adds have a tracker (the caller's).
void serveInto(LLJIT &J, ResourceTrackerSP RT, RequestQueue &Q) {
  while (Q.more())
    cantFail(J.addIRModule(RT, Q.pop()));
}
