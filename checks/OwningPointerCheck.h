//===- OwningPointerCheck.h - base of the owning-raw-pointer checks -------===//
//
// Objects that LLVM hands out as owning raw pointers (a TargetMachine from
// createTargetMachine, an ExecutionEngine from EngineBuilder::create) leak
// the same ways: never released, released on some paths only, overwritten
// while owned, or stored in a member that nothing releases. This base reports
// those for one kind, the same way in every check that follows one.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_OWNINGPOINTERCHECK_H
#define LLVMOWN_OWNINGPOINTERCHECK_H

#include "FunctionBodyCheck.h"
#include "engine/analyses/lifetime/MemberOwnership.h"
#include "engine/analyses/ownership/OwnershipAnalysis.h"
#include "llvm/ADT/DenseSet.h"
#include <optional>

namespace clang::tidy::llvmown {

class OwningPointerCheck : public FunctionBodyCheck {
public:
  using FunctionBodyCheck::FunctionBodyCheck;

protected:
  /// Runs the ownership analysis for \p Kind over \p Functions and reports
  /// its leaks and members that nothing releases.
  /// With \p Replacements, a member function that stores a new object over
  /// one the member may still own is reported too.
  void analyzeOwningPointers(ASTContext &Ctx,
                             llvm::ArrayRef<FunctionBody> Functions,
                             KindId Kind, bool Replacements = true);

private:
  void reportOwnedLeak(const LeakFact &L, const OwnedObject &O,
                       const Stmt *Body, ASTContext &Ctx);
  std::optional<FixItHint> uniquePtrFix(const LeakFact &L, const OwnedObject &O,
                                        const Stmt *Body, ASTContext &Ctx);
  bool reportMemberStore(const FieldStoreFact &FS, const OwnedObject &O,
                         const MemberUse &U, bool Replacements);
  void reportStructStores(
      llvm::ArrayRef<std::pair<OwnedObject, StructStoreFact>> Stores,
      llvm::ArrayRef<FunctionBody> Functions, const SourceManager &SM);

  llvm::DenseSet<const FieldDecl *> ReportedMembers;
};

} // namespace clang::tidy::llvmown

#endif
