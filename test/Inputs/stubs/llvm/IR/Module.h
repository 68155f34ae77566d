// Stand-in for llvm/IR/Module.h (LLVM 19), for the llvmown lit tests.
#ifndef LLVM_IR_MODULE_H
#define LLVM_IR_MODULE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/LLVMContext.h"
#include <string>

namespace llvm {

class Module {
  LLVMContext &Context;
  std::string ModuleID;
  std::string TargetTriple;

public:
  explicit Module(StringRef ModuleID, LLVMContext &C);
  ~Module();
  LLVMContext &getContext() const { return Context; }
  const std::string &getModuleIdentifier() const { return ModuleID; }
  const std::string &getTargetTriple() const { return TargetTriple; }
  void setTargetTriple(StringRef T) { TargetTriple = T.str(); }
  void setDataLayout(const DataLayout &Other);
};

} // namespace llvm

#endif
