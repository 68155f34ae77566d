// Stand-in for llvm/IR/Type.h (LLVM 19), for the llvmown lit tests. Types
// are owned by their LLVMContext.
#ifndef LLVM_IR_TYPE_H
#define LLVM_IR_TYPE_H

namespace llvm {

class IntegerType;
class LLVMContext;

class Type {
protected:
  Type() = default;

public:
  LLVMContext &getContext() const;
  bool isIntegerTy() const;
  bool isVoidTy() const;
  void dump() const;

  static Type *getVoidTy(LLVMContext &C);
  static IntegerType *getInt1Ty(LLVMContext &C);
  static IntegerType *getInt32Ty(LLVMContext &C);
  static IntegerType *getInt64Ty(LLVMContext &C);
};

} // namespace llvm

#endif
