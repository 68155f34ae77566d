// Stand-in for llvm/Passes/PassBuilder.h (LLVM 19), for the llvmown lit tests.
#ifndef LLVM_PASSES_PASSBUILDER_H
#define LLVM_PASSES_PASSBUILDER_H

#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>

namespace llvm {

class PassInstrumentationCallbacks;
class TargetMachine;

/// Tunable parameters for passes in the default pipelines.
class PipelineTuningOptions {
public:
  PipelineTuningOptions();
  bool LoopVectorization = false;
  bool SLPVectorization = false;
};

/// Profile-guided optimisation options (in llvm/Support/PGOOptions.h).
struct PGOOptions {
  std::string ProfileFile;
};

/// This class provides access to building LLVM's passes. It keeps a
/// non-owning TargetMachine pointer.
class PassBuilder {
  TargetMachine *TM;
  PipelineTuningOptions PTO;
  std::optional<PGOOptions> PGOOpt;
  PassInstrumentationCallbacks *PIC;

public:
  explicit PassBuilder(TargetMachine *TM = nullptr,
                       PipelineTuningOptions PTO = PipelineTuningOptions(),
                       std::optional<PGOOptions> PGOOpt = std::nullopt,
                       PassInstrumentationCallbacks *PIC = nullptr);
};

} // namespace llvm

#endif
