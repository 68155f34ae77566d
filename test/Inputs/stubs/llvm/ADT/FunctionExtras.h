// Stand-in for llvm/ADT/FunctionExtras.h (LLVM 19), for the llvmown lit tests.
// LLVM's unique_function is a move-only std::function; here it is simply
// std::function (the tests only construct it from lambdas).
#ifndef LLVM_ADT_FUNCTIONEXTRAS_H
#define LLVM_ADT_FUNCTIONEXTRAS_H

#include <functional>

namespace llvm {

template <typename FunctionT> using unique_function = std::function<FunctionT>;

} // namespace llvm

#endif
