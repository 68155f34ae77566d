// Stand-in for llvm/Target/TargetOptions.h (LLVM 19), for the llvmown lit
// tests.
#ifndef LLVM_TARGET_TARGETOPTIONS_H
#define LLVM_TARGET_TARGETOPTIONS_H

namespace llvm {

class TargetOptions {
public:
  TargetOptions() = default;
  bool UnsafeFPMath = false;
  bool EmulatedTLS = false;
  bool FunctionSections = false;
};

} // namespace llvm

#endif
