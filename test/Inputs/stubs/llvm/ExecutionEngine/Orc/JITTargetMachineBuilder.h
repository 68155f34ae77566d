// Stand-in for llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h (LLVM 19),
// for the llvmown lit tests.
#ifndef LLVM_EXECUTIONENGINE_ORC_JITTARGETMACHINEBUILDER_H
#define LLVM_EXECUTIONENGINE_ORC_JITTARGETMACHINEBUILDER_H

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Support/Error.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"
#include <memory>
#include <optional>
#include <string>

namespace llvm {
namespace orc {

/// A utility class for building TargetMachines for JITs.
class JITTargetMachineBuilder {
public:
  JITTargetMachineBuilder(Triple TT);

  /// Create a JITTargetMachineBuilder for the host system.
  static Expected<JITTargetMachineBuilder> detectHost();

  /// Returns a DataLayout for the target, or an error.
  Expected<DataLayout> getDefaultDataLayoutForTarget();

  /// Create a TargetMachine.
  Expected<std::unique_ptr<TargetMachine>> createTargetMachine();

  JITTargetMachineBuilder &setCPU(std::string CPU) {
    this->CPU = std::move(CPU);
    return *this;
  }
  const std::string &getCPU() const { return CPU; }
  JITTargetMachineBuilder &setCodeGenOptLevel(CodeGenOptLevel OptLevel) {
    this->OptLevel = OptLevel;
    return *this;
  }
  JITTargetMachineBuilder &setOptions(TargetOptions Options) {
    this->Options = std::move(Options);
    return *this;
  }
  const Triple &getTargetTriple() const { return TT; }

private:
  Triple TT;
  std::string CPU;
  TargetOptions Options;
  std::optional<Reloc::Model> RM;
  std::optional<CodeModel::Model> CM;
  CodeGenOptLevel OptLevel = CodeGenOptLevel::Default;
};

} // namespace orc
} // namespace llvm

#endif
