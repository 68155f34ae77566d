// Stand-in for llvm/IR/Value.h (LLVM 19), for the llvmown lit tests.
#ifndef LLVM_IR_VALUE_H
#define LLVM_IR_VALUE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

namespace llvm {

class LLVMContext;
class Type;

/// The base of every IR value; values live in (and are freed with) the
/// LLVMContext of their type.
class Value {
protected:
  Value() = default;

public:
  Value(const Value &) = delete;
  Value &operator=(const Value &) = delete;

  Type *getType() const;
  LLVMContext &getContext() const;
  StringRef getName() const;
  void setName(const Twine &Name);
  void dump() const;
};

} // namespace llvm

#endif
