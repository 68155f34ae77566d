// RUN: %check_llvmown --frontend tidy --allow-errors --config '{CheckOptions: {llvmown-target-machine-leak.OwningFactories: makeMachine}}' --llvm-major %llvm_major %s -- -std=c++17 -I%stubs -DLLVM_VERSION_MAJOR=%llvm_major
// RUN: %check_llvmown --frontend tool --allow-errors --config '{CheckOptions: {llvmown-target-machine-leak.OwningFactories: makeMachine}}' --llvm-major %llvm_major %s -- -std=c++17 -I%stubs -DLLVM_VERSION_MAJOR=%llvm_major
//
// llvmown-target-machine-leak on code that does not compile: code written
// for another LLVM version, or an editor buffer mid-edit. A creating call
// with an argument in error is still a call of its callee when that is
// unambiguous (one function of that name takes that many arguments), so
// the machine is tracked as usual. makeMachine is an owning factory (the
// OwningFactories option) with overloads. The stubs have no version: here
// LLVM_VERSION_MAJOR is the front end's, whose error recovery differs
// (clang 22 leaves the argument in error out of the recovered call and
// keeps statements that clang 19 drops).

#include "llvm/MC/TargetRegistry.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include <optional>

using namespace llvm;

TargetOptions Opts;
namespace oldllvm {
enum Level { Aggressive };
}
TargetMachine *makeMachine(const Target *T, int Level);
TargetMachine *makeMachine(const Target *T, const char *Level);
TargetMachine *makeMachine(const Target *T, int Level, bool Jit);

//===--- Must flag ---------------------------------------------------------===//

// Must flag: an argument names something that does not exist (a removed
// enumerator); the call keeps its callee.
unsigned undeclaredArgument(const Target *T, StringRef TT) {
  TargetMachine *TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt, std::nullopt, Aggressive); // WARN: TargetMachine created by 'llvm::Target::createTargetMachine' is never released
  // ERROR@-1: use of undeclared identifier 'Aggressive'
  return TM ? 1 : 0; // NOTE: 'TM' still owns it when the function returns here
}

// Must flag: an argument of another type (an enumerator of an older LLVM's
// type); the call is a recovery expression of its callee and arguments.
unsigned wrongArgumentType(const Target *T, StringRef TT) {
  TargetMachine *TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt, std::nullopt, oldllvm::Aggressive); // WARN: TargetMachine created by 'llvm::Target::createTargetMachine' is never released
  // ERROR@-1: cannot initialize a parameter of type '{{(llvm::)?}}CodeGenOptLevel' with an rvalue of type 'oldllvm::Level'
  return TM ? 1 : 0; // NOTE: 'TM' still owns it when the function returns here
}

// Must flag: of the overloads, only one takes three arguments.
void overloadByArity(const Target *T) {
  TargetMachine *TM = makeMachine(T, Undeclared, true); // WARN: TargetMachine created by 'makeMachine' is never released
  // ERROR@-1: use of undeclared identifier 'Undeclared'
  (void)TM;
} // NOTE: 'TM' still owns it when the function returns here

// Must flag: written for an LLVM whose createTargetMachine had no required
// relocation model: too few arguments for today's signature, and still the
// creating call.
unsigned tooFewArguments(const Target *T, StringRef TT) {
  TargetMachine *TM = T->createTargetMachine(TT, "generic", "", Opts); // WARN: TargetMachine created by 'llvm::Target::createTargetMachine' is never released
  // ERROR@-1: too few arguments to function call, expected at least 5, have 4
  return TM ? 1 : 0; // NOTE: 'TM' still owns it when the function returns here
}

// Must flag: a member function that LLVM removed since, called on the new
// machine, borrows it; the machine is still lost at the end.
unsigned removedMemberCall(const Target *T, StringRef TT) {
  TargetMachine *TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt); // WARN: TargetMachine created by 'llvm::Target::createTargetMachine' is never released
  TM->setAsmVerbosityDefault(true);
  // ERROR@-1: no member named 'setAsmVerbosityDefault' in 'llvm::TargetMachine'
  return TM ? 1 : 0; // NOTE: 'TM' still owns it when the function returns here
}

// Must flag: every overload of makeMachine needs more than one argument;
// they are overloads of one name, and what a call creates is decided by
// the name.
void tooFewForEveryOverload(const Target *T) {
  TargetMachine *TM = makeMachine(T); // WARN: TargetMachine created by 'makeMachine' is never released
  // ERROR@-1: no matching function for call to 'makeMachine'
  (void)TM;
} // NOTE: 'TM' still owns it when the function returns here

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: too few arguments, and released as usual.
void tooFewReleased(const Target *T, StringRef TT) {
  TargetMachine *TM = T->createTargetMachine(TT, "generic", "", Opts);
  // ERROR@-1: too few arguments to function call, expected at least 5, have 4
  delete TM;
}

// Must not flag: which function is called cannot be told (two take two
// arguments), so nothing is assumed.
void ambiguousCallee(const Target *T) {
  TargetMachine *TM = makeMachine(T, Undeclared);
  // ERROR@-1: use of undeclared identifier 'Undeclared'
  (void)TM;
}

// Up to clang 21, not reported (a limit): a qualifier that names nothing
// makes Clang drop the whole statement, so there is no call left to see.
// Clang 22 keeps the call.
void droppedStatement(const Target *T, StringRef TT) {
#if LLVM_VERSION_MAJOR >= 22
  // WARN@+2: TargetMachine created by 'llvm::Target::createTargetMachine' is never released
#endif
  TargetMachine *TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt, std::nullopt, CodeGenOpt::Aggressive);
  // ERROR@-1: use of undeclared identifier 'CodeGenOpt'
  (void)TM;
#if LLVM_VERSION_MAJOR >= 22
  // NOTE@+2: 'TM' still owns it when the function returns here
#endif
}
