// Stand-in for llvm/IR/DataLayout.h (LLVM 19), for the llvmown lit tests.
#ifndef LLVM_IR_DATALAYOUT_H
#define LLVM_IR_DATALAYOUT_H

#include "llvm/ADT/StringRef.h"
#include <string>

namespace llvm {

class DataLayout {
  std::string StringRepresentation;

public:
  explicit DataLayout(StringRef LayoutString)
      : StringRepresentation(LayoutString.str()) {}
  const std::string &getStringRepresentation() const {
    return StringRepresentation;
  }
  bool isLittleEndian() const;
  char getGlobalPrefix() const;
  unsigned getPointerSize(unsigned AS = 0) const;
};

} // namespace llvm

#endif
