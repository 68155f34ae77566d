// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-target-machine-leak, a machine released twice on some path: its
// own or the caller's, by `delete` or by LLVMDisposeTargetMachine, or
// deleted after a call took it over. The warning is at the second release,
// with a note at the first. Not flagged: one release per path, a pointer
// set to null after its release, a variable given a new machine between
// the releases, a machine made and deleted per loop iteration.

#include "llvm-c/Core.h"
#include "llvm-c/TargetMachine.h"
#include "llvm/ExecutionEngine/ExecutionEngine.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include <memory>
#include <optional>
#include <string>

using namespace llvm;

bool emitWith(TargetMachine &TM, const std::string &Path);
void report(const char *Message);
const Target *nativeTarget();

static TargetMachine *makeMachine() {
  return nativeTarget()->createTargetMachine("x86_64-unknown-linux-gnu", "", "", TargetOptions(), std::nullopt);
}

//===--- Must flag ---------------------------------------------------------===//

// Must flag: the error branch deletes the machine and falls through to the
// common cleanup, which deletes it again.
bool emitOnce(const std::string &Path) {
  TargetMachine *TM = makeMachine();
  bool Ok = emitWith(*TM, Path);
  if (!Ok) {
    report("emission failed");
    delete TM; // NOTE: first released here
  }
  delete TM; // WARN: TargetMachine 'TM' is released twice
  return Ok;
}

// Must flag: the caller's machine, deleted on the error path and again at
// the end.
void finishWith(TargetMachine *TM, const std::string &Path) {
  if (!emitWith(*TM, Path))
    delete TM; // NOTE: first released here
  delete TM; // WARN: TargetMachine 'TM' is released twice
}

// Must flag: the engine took the machine over; deleting it too frees it
// twice.
ExecutionEngine *engineFor(std::unique_ptr<Module> M) {
  TargetMachine *TM = makeMachine();
  ExecutionEngine *EE = EngineBuilder(std::move(M)).create(TM); // NOTE: 'create' took ownership here
  if (!EE)
    delete TM; // WARN: TargetMachine 'TM' is released after 'create' took ownership of it
  return EE;
}

// Must flag: the C API, disposed of on the error path, then again.
int emitWithCApi(LLVMTargetRef T, LLVMModuleRef M, char *Path) {
  char *Error = nullptr;
  LLVMTargetMachineRef TM = LLVMCreateTargetMachine(T, "x86_64-unknown-linux-gnu", "", "", LLVMCodeGenLevelDefault, LLVMRelocDefault, LLVMCodeModelDefault);
  int Status = 0;
  if (LLVMTargetMachineEmitToFile(TM, M, Path, LLVMObjectFile, &Error)) {
    LLVMDisposeTargetMachine(TM); // NOTE: first released here
    Status = 1;
  }
  LLVMDisposeMessage(Error);
  LLVMDisposeTargetMachine(TM); // WARN: TargetMachine 'TM' is released twice
  return Status;
}

// Must flag: a failure in any iteration deletes the caller's machine, and
// the next failure deletes it again.
void emitAll(TargetMachine *TM, const std::string *Paths, int N) {
  for (int I = 0; I < N; ++I)
    if (!emitWith(*TM, Paths[I]))
      delete TM; // WARN: TargetMachine 'TM' is released twice
  // NOTE@-1: first released here, in an earlier iteration of the loop
  // WARN@-2: TargetMachine 'TM' is released here on some paths only: it is the caller's (a parameter), and the function returns at line 87 without releasing it
} // NOTE: 'TM' is still the caller's when the function returns here

// Must flag: a member deleted on the error path, then by the common
// cleanup of the same member function.
class Session {
  TargetMachine *Machine = nullptr;

public:
  void close(bool Failed) {
    if (Failed)
      delete Machine; // NOTE: first released here
    report("closing");
    delete Machine; // WARN: TargetMachine 'Machine' is released twice
    Machine = nullptr;
  }
};

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: a member released, set to null, and made again on some
// iterations only.
class Rebuilder {
  TargetMachine *Machine = nullptr;

public:
  void cycle(int N) {
    for (int I = 0; I < N; ++I) {
      delete Machine;
      Machine = nullptr;
      if (I % 2)
        Machine = makeMachine();
    }
  }
  void replace() {
    delete Machine;
    Machine = makeMachine();
  }
  ~Rebuilder() { delete Machine; }
};

// Must not flag: one release on each path.
bool emitOnceFixed(const std::string &Path) {
  TargetMachine *TM = makeMachine();
  if (!emitWith(*TM, Path)) {
    report("emission failed");
    delete TM;
    return false;
  }
  delete TM;
  return true;
}

// Must not flag: released in one branch or the other.
void releaseEitherWay(bool Verbose) {
  TargetMachine *TM = makeMachine();
  if (Verbose) {
    report("done");
    delete TM;
  } else {
    delete TM;
  }
}

// Must not flag: set to null after the first release, so the second
// deletes nothing.
void nulledAfterRelease(const std::string &Path) {
  TargetMachine *TM = makeMachine();
  if (!emitWith(*TM, Path)) {
    delete TM;
    TM = nullptr;
  }
  delete TM;
}

// Must not flag: a new machine between the two releases.
void replacedBetween(const std::string &Path) {
  TargetMachine *TM = makeMachine();
  emitWith(*TM, Path);
  delete TM;
  TM = makeMachine();
  emitWith(*TM, Path);
  delete TM;
}

// Must not flag: one machine per iteration, deleted in that iteration.
void perIteration(const std::string *Paths, int N) {
  for (int I = 0; I < N; ++I) {
    TargetMachine *TM = makeMachine();
    emitWith(*TM, Paths[I]);
    delete TM;
  }
}

// Must not flag: the engine takes the machine only when it is made; a
// machine it never saw is deleted once.
ExecutionEngine *engineOrNothing(std::unique_ptr<Module> M, bool Jit) {
  TargetMachine *TM = makeMachine();
  if (!Jit) {
    delete TM;
    return nullptr;
  }
  return EngineBuilder(std::move(M)).create(TM);
}

// Must not flag: a release function deletes the caller's machine once.
void destroyMachine(TargetMachine *TM) { delete TM; }
