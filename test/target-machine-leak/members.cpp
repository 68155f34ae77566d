// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-target-machine-leak: machines stored in raw-pointer members.
// Flagged: a member that no destructor or member function of the class
// releases (every member function of these classes is defined in this file),
// and a member replaced in a member function without releasing the previous
// machine. Not flagged: members released by the destructor or by another
// member function, freed before being replaced, lazily created, owned by a
// unique_ptr, or in a class with member functions defined elsewhere.

#include "llvm/ExecutionEngine/ExecutionEngine.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include <memory>
#include <optional>
#include <string>

using namespace llvm;

TargetOptions Opts;

//===--- Must flag ---------------------------------------------------------===//

// Must flag: the constructor stores a new machine in a raw member; the class
// has no destructor and no member function deletes it.
class LeakyCompiler {
  TargetMachine *TM;

public:
  LeakyCompiler(const Target *T, StringRef TT) {
    // WARN@+2: TargetMachine created by 'llvm::Target::createTargetMachine' is stored in member 'LeakyCompiler::TM', which no destructor or member function of 'LeakyCompiler' releases
    // NOTE@+1: stored here
    TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
  }
  std::string cpu() const { return TM->getTargetCPU().str(); }
};

// Must flag: a member tested as the condition of `?:` is not handed out.
class TestedMember {
  TargetMachine *TM;

public:
  TestedMember(const Target *T, StringRef TT) {
    // WARN@+2: TargetMachine created by 'llvm::Target::createTargetMachine' is stored in member 'TestedMember::TM', which no destructor or member function of 'TestedMember' releases
    // NOTE@+1: stored here
    TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
  }
  std::string cpu() const { return TM ? TM->getTargetCPU().str() : ""; }
};

// Must flag: the same, stored by the constructor's member initialiser.
class InitListLeak {
  TargetMachine *TM;

public:
  InitListLeak(const Target *T, StringRef TT)
      // WARN@+2: TargetMachine created by 'llvm::Target::createTargetMachine' is stored in member 'InitListLeak::TM', which no destructor or member function of 'InitListLeak' releases
      // NOTE@+1: stored here
      : TM(T->createTargetMachine(TT, "", "", Opts, std::nullopt)) {}
  const Triple &triple() const { return TM->getTargetTriple(); }
};

// Must flag: the machine goes through a local before it is stored; the class
// has a destructor, but it does not release the machine.
class StageWithLog {
  TargetMachine *TM = nullptr;
  std::string *Log;

public:
  StageWithLog(const Target *T, StringRef TT) : Log(new std::string()) {
    // WARN@+1: TargetMachine created by 'llvm::Target::createTargetMachine' is stored in member 'StageWithLog::TM', which no destructor or member function of 'StageWithLog' releases
    TargetMachine *Machine = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
    if (!Machine) {
      *Log += "no target machine\n";
      return;
    }
    Machine->setOptLevel(CodeGenOptLevel::Aggressive);
    TM = Machine; // NOTE: stored here
  }
  ~StageWithLog() { delete Log; }
  bool ready() const { return TM != nullptr; }
};

// Must flag: member functions defined out of line, further down in this file;
// none of them releases the member.
class Backend {
  TargetMachine *TM = nullptr;

public:
  explicit Backend(EngineBuilder &EB);
  ~Backend();
  std::string cpu() const;
};

Backend::Backend(EngineBuilder &EB) {
  // WARN@+2: TargetMachine created by 'llvm::EngineBuilder::selectTarget' is stored in member 'Backend::TM', which no destructor or member function of 'Backend' releases
  // NOTE@+1: stored here
  TM = EB.selectTarget();
}

Backend::~Backend() { errs() << "backend done\n"; }

std::string Backend::cpu() const { return TM->getTargetCPU().str(); }

// Must flag: retarget() replaces the member without deleting the previous
// machine (the destructor deletes only the last one).
class Retargetable {
  const Target *T;
  TargetMachine *TM;

public:
  Retargetable(const Target *T, StringRef TT)
      : T(T), TM(T->createTargetMachine(TT, "", "", Opts, std::nullopt)) {}
  ~Retargetable() { delete TM; }
  void retarget(StringRef TT) {
    // WARN@+2: TargetMachine created by 'llvm::Target::createTargetMachine' replaces member 'Retargetable::TM' without releasing the previous one
    // NOTE@+1: the previous value is overwritten here
    TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
  }
};

// Must flag: the same through `this->`, with a machine from selectTarget.
class JitSession {
  EngineBuilder &EB;
  TargetMachine *TM = nullptr;

public:
  explicit JitSession(EngineBuilder &EB) : EB(EB) {}
  ~JitSession() { delete TM; }
  void refresh() {
    // WARN@+2: TargetMachine created by 'llvm::EngineBuilder::selectTarget' replaces member 'JitSession::TM' without releasing the previous one
    // NOTE@+1: the previous value is overwritten here
    this->TM = EB.selectTarget();
  }
};

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: the destructor deletes the member.
class OwningCompiler {
  TargetMachine *TM;

public:
  OwningCompiler(const Target *T, StringRef TT)
      : TM(T->createTargetMachine(TT, "", "", Opts, std::nullopt)) {}
  ~OwningCompiler() { delete TM; }
  std::string cpu() const { return TM->getTargetCPU().str(); }
};

// Must not flag: the previous machine is deleted before it is replaced.
class CarefulRetarget {
  const Target *T;
  TargetMachine *TM = nullptr;

public:
  explicit CarefulRetarget(const Target *T) : T(T) {}
  ~CarefulRetarget() { delete TM; }
  void retarget(StringRef TT) {
    delete TM;
    TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
  }
};

// Must not flag: the member is created lazily under `if (!TM)`; the getter
// lends it out and its callers do not own it.
class LazyMachine {
  const Target *T;
  std::string TT;
  TargetMachine *TM = nullptr;

public:
  LazyMachine(const Target *T, StringRef TT) : T(T), TT(TT.str()) {}
  ~LazyMachine() { delete TM; }
  TargetMachine *machine() {
    if (!TM)
      TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
    return TM;
  }
};

// Must not flag: a caller of the lazy getter above borrows the machine.
std::string lazyLayout(LazyMachine &L) {
  return L.machine()->createDataLayout().getStringRepresentation();
}

// Must not flag: no destructor, but a member function releases the member.
class ExplicitShutdown {
  TargetMachine *TM;

public:
  explicit ExplicitShutdown(EngineBuilder &EB) : TM(EB.selectTarget()) {}
  void shutdown() {
    delete TM;
    TM = nullptr;
  }
};

// Must not flag: the destructor is defined in another file and may release
// the member.
class ExternalDestructor {
  TargetMachine *TM;

public:
  ExternalDestructor(const Target *T, StringRef TT)
      : TM(T->createTargetMachine(TT, "", "", Opts, std::nullopt)) {}
  ~ExternalDestructor();
};

// Must not flag: a member function defined in another file may release the
// member.
class ExternalTeardown {
  TargetMachine *TM = nullptr;

public:
  explicit ExternalTeardown(EngineBuilder &EB) { TM = EB.selectTarget(); }
  void teardown();
};

// Must not flag: the member is a unique_ptr, set by the initialiser and by
// reset().
class SmartMember {
  const Target *T;
  std::unique_ptr<TargetMachine> TM;

public:
  SmartMember(const Target *T, StringRef TT)
      : T(T), TM(T->createTargetMachine(TT, "", "", Opts, std::nullopt)) {}
  void retarget(StringRef TT) {
    TM.reset(T->createTargetMachine(TT, "", "", Opts, std::nullopt));
  }
};

// Must not flag: the destructor that deletes the member is defined out of
// line, in this file.
class OutOfLineDestructor {
  TargetMachine *TM;

public:
  explicit OutOfLineDestructor(EngineBuilder &EB);
  ~OutOfLineDestructor();
};

OutOfLineDestructor::OutOfLineDestructor(EngineBuilder &EB)
    : TM(EB.selectTarget()) {}

OutOfLineDestructor::~OutOfLineDestructor() { delete TM; }

// Must not flag: the previous machine is handed to a unique_ptr (which
// deletes it) before the member is replaced.
class HandOffPrevious {
  const Target *T;
  TargetMachine *TM = nullptr;

public:
  explicit HandOffPrevious(const Target *T) : T(T) {}
  ~HandOffPrevious() { delete TM; }
  void retarget(StringRef TT) {
    std::unique_ptr<TargetMachine> Previous(TM);
    TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
  }
};

// Must not flag: a member chosen by `?:` is copied out (it may be released
// by whoever receives it).
void keepMachine(TargetMachine *TM);
class ChosenMember {
  TargetMachine *TM;
  TargetMachine *Fallback = nullptr;

public:
  ChosenMember(const Target *T, StringRef TT) {
    TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
  }
  void publish(bool UseFallback) {
    TargetMachine *Chosen = UseFallback ? Fallback : TM;
    keepMachine(Chosen);
  }
};
