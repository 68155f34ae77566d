// Stand-in for llvm/IR/LLVMContext.h (LLVM 19), for the llvmown lit tests.
#ifndef LLVM_IR_LLVMCONTEXT_H
#define LLVM_IR_LLVMCONTEXT_H

namespace llvm {

class LLVMContext {
public:
  LLVMContext();
  LLVMContext(const LLVMContext &) = delete;
  LLVMContext &operator=(const LLVMContext &) = delete;
  ~LLVMContext();
};

} // namespace llvm

#endif
