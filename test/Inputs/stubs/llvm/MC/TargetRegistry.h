// Stand-in for llvm/MC/TargetRegistry.h (LLVM 19), for the llvmown lit tests:
// Target with its TargetMachine factory, and TargetRegistry::lookupTarget.
#ifndef LLVM_MC_TARGETREGISTRY_H
#define LLVM_MC_TARGETREGISTRY_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/TargetParser/Triple.h"
#include <optional>
#include <string>

namespace llvm {

class TargetMachine;
class TargetOptions;

/// Target - Wrapper for Target specific information.
class Target {
public:
  using TargetMachineCtorTy = TargetMachine *(*)(
      const Target &T, const Triple &TT, StringRef CPU, StringRef Features,
      const TargetOptions &Options, std::optional<Reloc::Model> RM,
      std::optional<CodeModel::Model> CM, CodeGenOptLevel OL, bool JIT);

private:
  const char *Name = nullptr;
  const char *ShortDesc = nullptr;
  TargetMachineCtorTy TargetMachineCtorFn = nullptr;

public:
  Target() = default;

  const char *getName() const { return Name; }
  const char *getShortDescription() const { return ShortDesc; }
  bool hasTargetMachine() const { return TargetMachineCtorFn != nullptr; }

  /// createTargetMachine - Create a target specific machine implementation
  /// for the specified \p Triple. The caller owns the result (may be null).
  TargetMachine *createTargetMachine(
      StringRef TT, StringRef CPU, StringRef Features,
      const TargetOptions &Options, std::optional<Reloc::Model> RM,
      std::optional<CodeModel::Model> CM = std::nullopt,
      CodeGenOptLevel OL = CodeGenOptLevel::Default, bool JIT = false) const {
    if (!TargetMachineCtorFn)
      return nullptr;
    return TargetMachineCtorFn(*this, Triple(TT.str()), CPU, Features, Options,
                               RM, CM, OL, JIT);
  }
};

/// TargetRegistry - Generic interface to target specific features.
struct TargetRegistry {
  TargetRegistry() = delete;

  /// lookupTarget - Lookup a target based on a target triple.
  static const Target *lookupTarget(StringRef Triple, std::string &Error);

  /// lookupTarget - Lookup a target based on an architecture name and a
  /// target triple.
  static const Target *lookupTarget(StringRef ArchName, Triple &TheTriple,
                                    std::string &Error);
};

} // namespace llvm

#endif
