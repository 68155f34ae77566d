//===- TargetMachineLeakCheck.cpp -----------------------------------------===//
//
// The check adds its options to the API model; the reports are those of every
// owning raw pointer (OwningPointerCheck), for TargetMachine.
//
//===----------------------------------------------------------------------===//

#include "TargetMachineLeakCheck.h"

namespace clang::tidy::llvmown {

namespace {
constexpr KindId Kind = KindId::TargetMachine;
} // namespace

TargetMachineLeakCheck::TargetMachineLeakCheck(StringRef Name,
                                               ClangTidyContext *Context)
    : OwningPointerCheck(Name, Context),
      OwningFactories(option("OwningFactories")),
      ReleaseFunctions(option("ReleaseFunctions")),
      TransferFunctions(option("TransferFunctions")) {
  Model.addUserRows(OwningFactories, Effect::Creates, Kind);
  Model.addUserRows(ReleaseFunctions, Effect::Releases, Kind);
  Model.addUserRows(TransferFunctions, Effect::Consumes, Kind);
  AnalyzeTemplatePatterns = true;
  readSummaryOption();
}

void TargetMachineLeakCheck::analyzeFunctions(
    ASTContext &Ctx, llvm::ArrayRef<FunctionBody> Functions) {
  attachSummaries();
  analyzeOwningPointers(Ctx, Functions, Kind);
}

} // namespace clang::tidy::llvmown
