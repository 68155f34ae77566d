// Stand-in for llvm/ADT/Twine.h (LLVM 19), for the llvmown lit tests: a
// string reference that the IR factories take as a name.
#ifndef LLVM_ADT_TWINE_H
#define LLVM_ADT_TWINE_H

#include "llvm/ADT/StringRef.h"
#include <string>

namespace llvm {

class Twine {
  StringRef Text;

public:
  Twine() = default;
  Twine(const char *Str) : Text(Str) {}
  Twine(StringRef Str) : Text(Str) {}
  Twine(const std::string &Str) : Text(Str) {}

  std::string str() const { return Text.str(); }
};

} // namespace llvm

#endif
