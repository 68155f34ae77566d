// Stand-in for llvm/IR/DIBuilder.h (LLVM 19), for the llvmown lit tests: the
// constructor and finalize(). The real class keeps tracking references to
// metadata of the module's context, which its destructor untracks.
#ifndef LLVM_IR_DIBUILDER_H
#define LLVM_IR_DIBUILDER_H

#include "llvm/IR/Module.h"

namespace llvm {

class DIBuilder {
  Module &M;

public:
  explicit DIBuilder(Module &M, bool AllowUnresolved = true);
  ~DIBuilder();
  void finalize();
};

} // namespace llvm

#endif
