// Stand-in for llvm/Target/TargetMachine.h (LLVM 19), for the llvmown lit
// tests.
#ifndef LLVM_TARGET_TARGETMACHINE_H
#define LLVM_TARGET_TARGETMACHINE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"
#include <string>

namespace llvm {

class MachineModuleInfoWrapperPass;
class Target;
class raw_pwrite_stream;

namespace legacy {
class PassManagerBase;
} // namespace legacy
using legacy::PassManagerBase;

/// Primary interface to the complete machine description for the target
/// machine. Created by Target::createTargetMachine; the caller owns it.
class TargetMachine {
protected:
  TargetMachine(const Target &T, StringRef DataLayoutString,
                const Triple &TargetTriple, StringRef CPU, StringRef FS,
                const TargetOptions &Options);

  const Target &TheTarget;
  const DataLayout DL;
  Triple TargetTriple;
  std::string TargetCPU;
  std::string TargetFS;

public:
  TargetOptions Options;

  TargetMachine(const TargetMachine &) = delete;
  void operator=(const TargetMachine &) = delete;
  virtual ~TargetMachine();

  const Target &getTarget() const { return TheTarget; }
  const Triple &getTargetTriple() const { return TargetTriple; }
  StringRef getTargetCPU() const { return TargetCPU; }
  StringRef getTargetFeatureString() const { return TargetFS; }

  /// Create a DataLayout.
  const DataLayout createDataLayout() const { return DL; }

  Reloc::Model getRelocationModel() const;
  CodeModel::Model getCodeModel() const;
  CodeGenOptLevel getOptLevel() const;
  void setOptLevel(CodeGenOptLevel Level);
  void setFastISel(bool Enable);

  /// Add passes to the specified pass manager to get the specified file
  /// emitted. Returns true if emission of this file type is not supported.
  virtual bool
  addPassesToEmitFile(PassManagerBase &, raw_pwrite_stream &,
                      raw_pwrite_stream *, CodeGenFileType,
                      bool /*DisableVerify*/ = true,
                      MachineModuleInfoWrapperPass * /*MMIWP*/ = nullptr) {
    return true;
  }
};

/// The TargetMachine of the targets that use the LLVM code generator.
class LLVMTargetMachine : public TargetMachine {
protected:
  LLVMTargetMachine(const Target &T, StringRef DataLayoutString,
                    const Triple &TT, StringRef CPU, StringRef FS,
                    const TargetOptions &Options, Reloc::Model RM,
                    CodeModel::Model CM, CodeGenOptLevel OL);

public:
  bool addPassesToEmitFile(PassManagerBase &PM, raw_pwrite_stream &Out,
                           raw_pwrite_stream *DwoOut, CodeGenFileType FileType,
                           bool DisableVerify = true,
                           MachineModuleInfoWrapperPass *MMIWP = nullptr)
      override;
};

} // namespace llvm

#endif
