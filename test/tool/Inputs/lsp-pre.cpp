// Its include prefix holds a project header with a factory of machines
// (test/tool/lsp.test): one llvmown-target-machine-leak while it creates one.
#include "machines.h"
#include <optional>

unsigned width(const llvm::Target *T, llvm::StringRef TT) {
  llvm::TargetMachine *TM = makeMachine(T, TT);
  return TM->createDataLayout().getPointerSize();
}
