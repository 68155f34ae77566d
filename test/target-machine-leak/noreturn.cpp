// RUN: %check_llvmown --frontend tidy %s -- -std=c++17 -I%llvm_include -D__STDC_CONSTANT_MACROS -D__STDC_LIMIT_MACROS
// RUN: %check_llvmown --frontend tool %s -- -std=c++17 -I%llvm_include -D__STDC_CONSTANT_MACROS -D__STDC_LIMIT_MACROS
//
// llvmown-target-machine-leak with LLVM's own headers: a path that ends in
// report_fatal_error, llvm_unreachable, std::abort or a project function
// declared [[noreturn]] leaks nothing. A path that returns still does.

#include "../Inputs/versions/llvm-versions.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include <cstdlib>
#include TARGET_REGISTRY_H

using namespace llvm;

[[noreturn]] void die(const char *Why);
bool bad();

//===--- Must flag ---------------------------------------------------------===//

// Must flag: the early return is a path that goes on.
bool returnsEarly(const Target *T) {
  TargetMachine *TM = T->createTargetMachine(TargetTriple("x86_64"), "", "", TargetOptions(), NO_VALUE); // WARN: TargetMachine created by 'llvm::Target::createTargetMachine' leaks when the function returns at line 26
  if (bad())
    return false; // NOTE: 'TM' still owns it when the function returns here
  delete TM;
  return true;
}

//===--- Must not flag -----------------------------------------------------===//

void viaReportFatalError(const Target *T) {
  TargetMachine *TM = T->createTargetMachine(TargetTriple("x86_64"), "", "", TargetOptions(), NO_VALUE);
  if (bad())
    report_fatal_error("no machine");
  delete TM;
}

unsigned viaUnreachable(const Target *T, int Kind) {
  TargetMachine *TM = T->createTargetMachine(TargetTriple("x86_64"), "", "", TargetOptions(), NO_VALUE);
  switch (Kind) {
  case 0:
    delete TM;
    return 0;
  default:
    llvm_unreachable("unknown kind");
  }
}

void viaAbort(const Target *T) {
  TargetMachine *TM = T->createTargetMachine(TargetTriple("x86_64"), "", "", TargetOptions(), NO_VALUE);
  if (bad())
    std::abort();
  delete TM;
}

void viaProjectNoreturn(const Target *T) {
  TargetMachine *TM = T->createTargetMachine(TargetTriple("x86_64"), "", "", TargetOptions(), NO_VALUE);
  if (bad())
    die("no machine");
  delete TM;
}
