// A project header with a factory of machines (test/tool/lsp.test): the
// test rewrites it so that the factory returns nothing any more.
#ifndef LSP_MACHINES_H
#define LSP_MACHINES_H
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"

inline llvm::TargetMachine *makeMachine(const llvm::Target *T,
                                        llvm::StringRef TT) {
  llvm::TargetOptions Opts;
  return T->createTargetMachine(TT, "", "", Opts, std::nullopt);
}
#endif
