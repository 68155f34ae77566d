// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%stubs
//
// llvmown-target-machine-leak: machines stored in the elements of a member
// array (one machine per optimisation level, say). The array is judged as one
// member: flagged when no destructor or member function of the class releases
// an element of it. A member function template that is declared but defined
// nowhere and never used cannot release anything, so it does not hide the
// leak; one that is used (its definition elsewhere) does.

#include "llvm/MC/TargetRegistry.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include <optional>

using namespace llvm;

TargetOptions Opts;

// Must flag: the constructor fills the array, nothing deletes an element.
class PerLevelMachines {
  TargetMachine *Machines[4];

public:
  PerLevelMachines(const Target *T, StringRef TT) {
    for (int Level = 0; Level < 4; ++Level)
      // WARN@+2: TargetMachine created by 'llvm::Target::createTargetMachine' is stored in member 'PerLevelMachines::Machines', which no destructor or member function of 'PerLevelMachines' releases
      // NOTE@+1: stored here
      Machines[Level] = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
  }
  TargetMachine *forLevel(int Level) { return Machines[Level]; }
  // Declared, defined nowhere, never used.
  template <typename Fn> void eachMachine(Fn F);
};

// Must not flag: the destructor deletes every element.
class PerLevelOwned {
  TargetMachine *Machines[2];

public:
  PerLevelOwned(const Target *T, StringRef TT) {
    for (int Level = 0; Level < 2; ++Level)
      Machines[Level] = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
  }
  ~PerLevelOwned() {
    for (int Level = 0; Level < 2; ++Level)
      delete Machines[Level];
  }
};

// Must not flag: a store to another element is not an overwrite of the
// first; the destructor releases both.
class TwoSlots {
  TargetMachine *Slots[2] = {};

public:
  void fill(const Target *T, StringRef TT) {
    Slots[0] = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
    Slots[1] = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
  }
  ~TwoSlots() {
    delete Slots[0];
    delete Slots[1];
  }
};

// Must not flag: a member function template that is used may be defined in
// another file, and may release the machines.
class ReleasedByTemplate {
  TargetMachine *Machines[2];

public:
  ReleasedByTemplate(const Target *T, StringRef TT) {
    Machines[0] = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
    Machines[1] = nullptr;
  }
  template <typename Fn> void eachMachine(Fn F);
  void dropAll() {
    eachMachine([](TargetMachine *TM) { (void)TM; });
  }
};
