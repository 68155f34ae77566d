// Stand-in for llvm/TargetParser/Triple.h (LLVM 19), for the llvmown lit tests.
#ifndef LLVM_TARGETPARSER_TRIPLE_H
#define LLVM_TARGETPARSER_TRIPLE_H

#include <string>

namespace llvm {

class Triple {
  std::string Data;

public:
  Triple() = default;
  // LLVM takes a `const Twine &`.
  explicit Triple(const std::string &Str) : Data(Str) {}

  const std::string &str() const { return Data; }
  const std::string &getTriple() const { return Data; }
  bool isOSLinux() const;
  bool isNVPTX() const;
  bool isAMDGPU() const;
  bool isOSBinFormatCOFF() const;
};

} // namespace llvm

#endif
