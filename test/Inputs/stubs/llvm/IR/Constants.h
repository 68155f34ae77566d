// Stand-in for llvm/IR/Constants.h (LLVM 19), for the llvmown lit tests.
#ifndef LLVM_IR_CONSTANTS_H
#define LLVM_IR_CONSTANTS_H

#include "llvm/IR/Constant.h"
#include "llvm/IR/DerivedTypes.h"
#include <cstdint>

namespace llvm {

class ConstantInt : public Constant {
public:
  static ConstantInt *get(Type *Ty, uint64_t V, bool IsSigned = false);
  uint64_t getZExtValue() const;
};

} // namespace llvm

#endif
