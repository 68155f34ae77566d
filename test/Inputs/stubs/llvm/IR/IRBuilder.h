// Stand-in for llvm/IR/IRBuilder.h (LLVM 19), for the llvmown lit tests: a
// few of IRBuilderBase's members and the IRBuilder<> template.
#ifndef LLVM_IR_IRBUILDER_H
#define LLVM_IR_IRBUILDER_H

#include "llvm/ADT/Twine.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Value.h"
#include <cstdint>

namespace llvm {

class ReturnInst;

class ConstantFolder {};
class IRBuilderDefaultInserter {};

class IRBuilderBase {
  LLVMContext &Context;
  BasicBlock *BB = nullptr;

protected:
  explicit IRBuilderBase(LLVMContext &Context) : Context(Context) {}

public:
  LLVMContext &getContext() const { return Context; }
  BasicBlock *GetInsertBlock() const { return BB; }
  void SetInsertPoint(BasicBlock *TheBB) { BB = TheBB; }

  IntegerType *getInt64Ty() { return Type::getInt64Ty(Context); }
  ConstantInt *getInt64(uint64_t C);

  Value *CreateAdd(Value *LHS, Value *RHS, const Twine &Name = "");
  ReturnInst *CreateRet(Value *V);
  ReturnInst *CreateRetVoid();
};

template <typename FolderTy = ConstantFolder,
          typename InserterTy = IRBuilderDefaultInserter>
class IRBuilder : public IRBuilderBase {
public:
  explicit IRBuilder(LLVMContext &C) : IRBuilderBase(C) {}
  explicit IRBuilder(BasicBlock *TheBB) : IRBuilderBase(TheBB->getContext()) {
    SetInsertPoint(TheBB);
  }
};

} // namespace llvm

#endif
