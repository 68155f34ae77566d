// Stand-in for llvm/IR/Constant.h (LLVM 19), for the llvmown lit tests.
#ifndef LLVM_IR_CONSTANT_H
#define LLVM_IR_CONSTANT_H

#include "llvm/IR/Value.h"

namespace llvm {

class Constant : public Value {};

} // namespace llvm

#endif
