// Three findings of llvmown-target-machine-leak, against the stand-in
// headers: one with a fix-it, one with a note, one discarded result.
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
// No <memory>, to keep the tests fast; fix.test puts it back on this line.
#include <optional>

using namespace llvm;

TargetOptions Opts;

unsigned pointerSize(const Target *T, StringRef TT) {
  TargetMachine *TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
  if (!TM)
    return 0;
  return TM->createDataLayout().getPointerSize();
}

bool earlyReturn(const Target *T, StringRef TT, bool Fail) {
  TargetMachine *TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
  if (Fail)
    return false;
  delete TM;
  return true;
}

void discarded(const Target *T, StringRef TT) {
  T->createTargetMachine(TT, "", "", Opts, std::nullopt);
}
