#include "llvm/MC/TargetRegistry.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include <memory>
#include <optional>

using namespace llvm;

unsigned pointerSize(const Target *T, StringRef TT, const TargetOptions &Opts) {
  TargetMachine *TM = T->createTargetMachine(TT, "", "", Opts, std::nullopt);
  if (!TM)
    return 0;
  return TM->createDataLayout().getPointerSize();
}
