// Stand-in for llvm/ADT/SmallVector.h (LLVM 19), for the llvmown lit tests:
// SmallVectorImpl<T> only as a parameter type.
#ifndef LLVM_ADT_SMALLVECTOR_H
#define LLVM_ADT_SMALLVECTOR_H

namespace llvm {
template <typename T> class SmallVectorImpl;
} // namespace llvm

#endif
