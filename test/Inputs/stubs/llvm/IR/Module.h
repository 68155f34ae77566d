// Stand-in for llvm/IR/Module.h (LLVM 19), for the llvmown lit tests.
#ifndef LLVM_IR_MODULE_H
#define LLVM_IR_MODULE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/LLVMContext.h"
#include <string>

namespace llvm {

class Function;

/// A module is registered in the LLVMContext it is created in: destroying
/// the context deletes every module still registered, and ~Module
/// unregisters itself from the context.
class Module {
  LLVMContext &Context;
  std::string ModuleID;
  std::string TargetTriple;

public:
  explicit Module(StringRef ModuleID, LLVMContext &C);
  ~Module();
  LLVMContext &getContext() const { return Context; }
  const std::string &getModuleIdentifier() const { return ModuleID; }
  void setModuleIdentifier(StringRef ID) { ModuleID = ID.str(); }
  StringRef getName() const { return ModuleID; }
  /// Look up the function of this name; null if there is none.
  Function *getFunction(StringRef Name) const;
  void dump() const;
  const std::string &getTargetTriple() const { return TargetTriple; }
  void setTargetTriple(StringRef T) { TargetTriple = T.str(); }
  void setDataLayout(const DataLayout &Other);
};

} // namespace llvm

#endif
