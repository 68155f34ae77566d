// Stand-in for llvm/IR/GlobalValue.h (LLVM 19), for the llvmown lit tests.
#ifndef LLVM_IR_GLOBALVALUE_H
#define LLVM_IR_GLOBALVALUE_H

#include "llvm/IR/Constant.h"

namespace llvm {

class Module;

class GlobalValue : public Constant {
public:
  enum LinkageTypes {
    ExternalLinkage = 0,
    AvailableExternallyLinkage,
    LinkOnceAnyLinkage,
    LinkOnceODRLinkage,
    WeakAnyLinkage,
    WeakODRLinkage,
    AppendingLinkage,
    InternalLinkage,
    PrivateLinkage,
    ExternalWeakLinkage,
    CommonLinkage
  };

  Module *getParent();
  const Module *getParent() const;
  LinkageTypes getLinkage() const;
  void setLinkage(LinkageTypes LT);
};

} // namespace llvm

#endif
