// Stand-in for llvm/IR/Function.h (LLVM 19), for the llvmown lit tests.
#ifndef LLVM_IR_FUNCTION_H
#define LLVM_IR_FUNCTION_H

#include "llvm/ADT/Twine.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/GlobalValue.h"
#include <cstddef>

namespace llvm {

class Module;

class Function : public GlobalValue {
public:
  /// Owned by M when M is not null, otherwise by the caller.
  static Function *Create(FunctionType *Ty, LinkageTypes Linkage,
                          const Twine &N = "", Module *M = nullptr);
  /// Creates a new function and attaches it to a module.
  static Function *Create(FunctionType *Ty, LinkageTypes Linkage,
                          const Twine &N, Module &M);

  FunctionType *getFunctionType() const;
  Type *getReturnType() const;
  bool empty() const;
  size_t arg_size() const;
  void eraseFromParent();
};

} // namespace llvm

#endif
