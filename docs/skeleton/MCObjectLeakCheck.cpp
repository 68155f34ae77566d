//===- MCObjectLeakCheck.cpp - the skeleton of a new check ----------------===//
//
// The check of docs/design.md's "Adding a check", in one file, compiled by
// test/infra/check-skeleton.test against today's engine so that the
// walk-through cannot drift from the code. It uses the TargetMachine kind;
// a real check adds its own KindId and rows first (step 1). In the product,
// the class goes into checks/<Name>Check.h/.cpp and its registerCheck line
// into checks/LLVMOwnTidyModule.cpp (step 4).
//
//===----------------------------------------------------------------------===//

#include "ClangTidyModule.h"
#include "FunctionBodyCheck.h"
#include "engine/analyses/ownership/OwnershipAnalysis.h"
#include "engine/model/ApiModel.h"
#include "clang/AST/ASTContext.h"

namespace clang::tidy::llvmown {

class MCObjectLeakCheck : public FunctionBodyCheck {
public:
  MCObjectLeakCheck(StringRef Name, ClangTidyContext *Context)
      : FunctionBodyCheck(Name, Context),
        ReleaseFunctions(option("ReleaseFunctions")) {
    // Options become rows of the model the base check owns.
    Model.addUserRows(ReleaseFunctions, Effect::Releases, Kind);
  }

protected:
  void analyzeFunctions(ASTContext &Ctx,
                        llvm::ArrayRef<FunctionBody> Functions) override {
    AnalysisOptions AO;
    AO.Kinds.push_back(Model.kind(Kind));
    OwnershipAnalysis OA(Model, Ctx, AO);
    for (const auto &[D, Body] : Functions) {
      if (!OA.needsAnalysis(D, Body))
        continue;
      FunctionFacts FF = OA.analyze(D, Body);
      noteIncomplete(D, FF.Incomplete);
      for (const LeakFact *L : firstLeakPerObject(FF, Ctx.getSourceManager())) {
        const OwnedObject &O = FF.Objects[L->Object];
        std::string What = "MC object created by '" + O.Creator + "'";
        if (!O.Site || diagnoseLostObject(*L, O.Site->getBeginLoc(), What))
          continue;
        diag(O.Site->getBeginLoc(), "%0 is never deleted") << What;
        noteLeakAtExit(*L, "owns");
      }
    }
  }

private:
  static constexpr KindId Kind = KindId::TargetMachine; // your KindId here
  const std::string ReleaseFunctions;
};

// Registration, as checks/LLVMOwnTidyModule.cpp does it for every check.
class SkeletonModule : public ClangTidyModule {
public:
  void addCheckFactories(ClangTidyCheckFactories &Factories) override {
    Factories.registerCheck<MCObjectLeakCheck>("llvmown-mc-object-leak");
  }
};

} // namespace clang::tidy::llvmown
