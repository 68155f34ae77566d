#include "OwnershipAnalysis.h"
namespace clang::tidy::llvmown {
OwnershipAnalysis::OwnershipAnalysis(const ApiModel &Model, ASTContext &Ctx,
                                     AnalysisOptions Opts,
                                     const DerivedFactories *Derived)
    : Model(Model), Ctx(Ctx), Opts(Opts), Derived(Derived) {}
FunctionFacts OwnershipAnalysis::analyze(const Decl *, const Stmt *) const {
  return {};
}
const ResourceKind *OwnershipAnalysis::createdKind(const FunctionDecl *,
                                                   std::string *) const {
  return nullptr;
}
} // namespace clang::tidy::llvmown
