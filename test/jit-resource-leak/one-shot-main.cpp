// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-jit-resource-leak (A), a JIT owner class whose add is called from
// main: a one-shot program (an example, a tool) that adds each input file
// once and exits. A member function that only main calls, outside any
// request loop (a range-for over the inputs is a fixed set), is part of
// the setup. Called from a REPL loop in main, or from another member
// function, it is still reported.

#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/Support/Error.h"
#include <iostream>
#include <memory>
#include <string>
#include <vector>

using namespace llvm;
using namespace llvm::orc;

ThreadSafeModule parseFile(const std::string &Path);
ThreadSafeModule parseLine(const std::string &Line);

// Must not flag: main adds each input file once.
class FileRunner {
  std::unique_ptr<LLJIT> J;

public:
  explicit FileRunner(std::unique_ptr<LLJIT> J) : J(std::move(J)) {}
  Error addFile(const std::string &Path) {
    return J->addIRModule(parseFile(Path));
  }
};

// Must flag: main's read-eval-print loop adds a module per line.
class Repl {
  std::unique_ptr<LLJIT> J;

public:
  explicit Repl(std::unique_ptr<LLJIT> J) : J(std::move(J)) {}
  Error addLine(const std::string &Line) {
    return J->addIRModule(parseLine(Line)); // WARN: JIT'd code added by 'addIRModule' in 'Repl::addLine' is never freed: it goes to the default resource tracker of its JITDylib and nothing in 'Repl' removes it (ResourceTracker::remove, JITDylib::clear or ExecutionSession::removeJITDylib)
  }
};

// Must flag: called from main once, but also from a member function that
// runs per request.
class Server {
  std::unique_ptr<LLJIT> J;

public:
  explicit Server(std::unique_ptr<LLJIT> J) : J(std::move(J)) {}
  Error load(const std::string &Path) {
    return J->addIRModule(parseFile(Path)); // WARN: JIT'd code added by 'addIRModule' in 'Server::load' is never freed: it goes to the default resource tracker of its JITDylib and nothing in 'Server' removes it (ResourceTracker::remove, JITDylib::clear or ExecutionSession::removeJITDylib)
  }
  Error handle(const std::string &Request) { return load(Request); }
};

int main(int Argc, char **Argv) {
  auto J1 = cantFail(LLJITBuilder().create());
  FileRunner Runner(std::move(J1));
  std::vector<std::string> Inputs(Argv + 1, Argv + Argc);
  for (const std::string &Path : Inputs)
    cantFail(Runner.addFile(Path));

  auto J2 = cantFail(LLJITBuilder().create());
  Repl R(std::move(J2));
  std::string Line;
  while (std::getline(std::cin, Line))
    cantFail(R.addLine(Line));

  auto J3 = cantFail(LLJITBuilder().create());
  Server S(std::move(J3));
  cantFail(S.load(Inputs.front()));
  return 0;
}
