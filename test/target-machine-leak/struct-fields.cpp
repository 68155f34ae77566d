// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs -I%S/Inputs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs -I%S/Inputs
//
// llvmown-target-machine-leak on machines kept in the field of a struct
// reached through a pointer (`State->TM = ...`): the struct owns the machine
// from then on. Flagged: a function of the file that frees the struct (or
// releases its other objects) without deleting the machine, and a field that
// no function of the file ever deletes, hands on, or frees the struct of, when
// the struct is the project's, all the code that could release it is in the
// file, and the struct is defined in the file or allocated by it (a struct of
// a shared header that another file allocates is torn down there too). Not flagged: a field deleted somewhere, handed to an owner, copied
// out, or in a struct whose destructor or member functions are defined
// elsewhere; a struct freed by a function that first passes it to unseen code.

#include "llvm/MC/TargetRegistry.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "compiler_state.h"
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>

using namespace llvm;

const Target *hostTarget();
void *scriptAlloc(unsigned long Size);
void emitWith(TargetMachine *TM, const char *Path);

static TargetMachine *makeMachine() {
  return hostTarget()->createTargetMachine("x86_64-unknown-linux-gnu", "", "",
                                           TargetOptions(), std::nullopt);
}

//===--- Must flag ---------------------------------------------------------===//

// Must flag: a compilation unit lives in memory the script engine owns; no
// function of the file deletes its machine, so every unit leaks one.
struct ScriptUnit {
  ScriptUnit() : TM(nullptr), Optimize(false) {}
  TargetMachine *TM;
  bool Optimize;
};

ScriptUnit *newScriptUnit(bool Optimize) {
  auto *U = new (scriptAlloc(sizeof(ScriptUnit))) ScriptUnit();
  U->Optimize = Optimize;
  U->TM = hostTarget()->createTargetMachine("x86_64-unknown-linux-gnu", "", "", TargetOptions(), std::nullopt); // WARN: TargetMachine created by 'llvm::Target::createTargetMachine' is stored in field 'ScriptUnit::TM', which no function of this file releases
  // NOTE@-1: stored here
  return U;
}

void emitUnit(ScriptUnit *U, const char *Path) { emitWith(U->TM, Path); }

// Must flag: two levels of structs, the machine made in a local first.
struct CompilerState {
  TargetMachine *TM;
  int Functions;
};
struct Session {
  CompilerState *C;
};

int sessionInit(Session *S) {
  S->C = new CompilerState();
  TargetMachine *TM = makeMachine(); // WARN: TargetMachine created by 'makeMachine' is stored in field 'CompilerState::TM', which no function of this file releases
  if (!TM)
    return 1;
  S->C->TM = TM; // NOTE: stored here
  S->C->Functions = 0;
  return 0;
}

// Must flag: a struct of a shared header that this file allocates.
SessionState *openSession(const char *Name) {
  auto *S = static_cast<SessionState *>(calloc(1, sizeof(SessionState)));
  S->Name = Name;
  S->TM = makeMachine(); // WARN: TargetMachine created by 'makeMachine' is stored in field 'SessionState::TM', which no function of this file releases
  // NOTE@-1: stored here
  return S;
}

// Must flag: the destroy function frees the struct and forgets the machine.
struct Emitter {
  TargetMachine *TM;
  std::string Triple;
};

Emitter *createEmitter() {
  Emitter *E = new Emitter();
  E->TM = makeMachine(); // WARN: TargetMachine created by 'makeMachine' is stored in field 'Emitter::TM', which 'destroyEmitter' does not release when it frees the struct
  // NOTE@-1: stored here
  return E;
}

void destroyEmitter(Emitter *E) {
  delete E; // NOTE: 'destroyEmitter' frees the struct here
}

//===--- Must not flag -----------------------------------------------------===//

// A struct of a shared header that another file allocates (and tears down).
void beginModule(ModuleState *M) {
  M->TM = makeMachine();
  M->Functions = 0;
}

// Deleted by the teardown function.
struct Job {
  TargetMachine *TM;
};

Job *newJob() {
  Job *J = new Job();
  J->TM = makeMachine();
  return J;
}

void freeJob(Job *J) {
  delete J->TM;
  delete J;
}

// Handed to a std::unique_ptr by the function that uses it last.
struct Pending {
  TargetMachine *TM;
};

void fillPending(Pending *P) { P->TM = makeMachine(); }

void finishPending(Pending *P) {
  std::unique_ptr<TargetMachine> Owned(P->TM);
  P->TM = nullptr;
}

// Copied out to the caller: released elsewhere, maybe.
struct Slot {
  TargetMachine *TM;
};

void fillSlot(Slot *S) { S->TM = makeMachine(); }
TargetMachine *takeSlot(Slot *S) {
  TargetMachine *TM = S->TM;
  S->TM = nullptr;
  return TM;
}

// The destructor is defined in another file: it may delete the machine.
struct Remote {
  ~Remote();
  TargetMachine *TM = nullptr;
};

void fillRemote(Remote *R) { R->TM = makeMachine(); }

// A member function defined elsewhere may release the machine.
struct Resettable {
  void reset();
  TargetMachine *TM = nullptr;
};

void fillResettable(Resettable *R) { R->TM = makeMachine(); }

// The struct is freed by a function that first hands it to code defined
// elsewhere, which may delete the machine.
struct Handed {
  TargetMachine *TM;
};
void releaseHandedParts(Handed *H);

void fillHanded(Handed *H) { H->TM = makeMachine(); }
void freeHanded(Handed *H) {
  releaseHandedParts(H);
  delete H;
}
