// Stand-in for llvm/IR/DerivedTypes.h (LLVM 19), for the llvmown lit tests.
#ifndef LLVM_IR_DERIVEDTYPES_H
#define LLVM_IR_DERIVEDTYPES_H

#include "llvm/IR/Type.h"

namespace llvm {

class IntegerType : public Type {
public:
  static IntegerType *get(LLVMContext &C, unsigned NumBits);
  unsigned getBitWidth() const;
};

class FunctionType : public Type {
public:
  /// A function type with no parameters (LLVM also has an overload taking
  /// ArrayRef<Type *> Params).
  static FunctionType *get(Type *Result, bool isVarArg);
  Type *getReturnType() const;
};

} // namespace llvm

#endif
