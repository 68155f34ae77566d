// Stand-in for llvm/IR/BasicBlock.h (LLVM 19), for the llvmown lit tests.
#ifndef LLVM_IR_BASICBLOCK_H
#define LLVM_IR_BASICBLOCK_H

#include "llvm/ADT/Twine.h"
#include "llvm/IR/Value.h"

namespace llvm {

class Function;

class BasicBlock : public Value {
public:
  /// Owned by Parent when it is not null, otherwise by the caller.
  static BasicBlock *Create(LLVMContext &Context, const Twine &Name = "",
                            Function *Parent = nullptr,
                            BasicBlock *InsertBefore = nullptr);
  Function *getParent();
  const Function *getParent() const;
};

} // namespace llvm

#endif
