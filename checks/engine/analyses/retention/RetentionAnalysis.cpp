//===- RetentionAnalysis.cpp ----------------------------------------------===//

#include "engine/analyses/retention/RetentionAnalysis.h"
#include "engine/analyses/retention/RetentionFacts.h"
#include "engine/framework/AstHelpers.h"
#include "engine/framework/CallSite.h"
#include "engine/framework/Compat.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"

namespace clang::tidy::llvmown {

namespace {

/// The uses of a container that drain it: elements taken out (a member or
/// free function), an assignment to it, std::move of it, or passing it by
/// non-const reference to a function (a pool's static pop(Q)).
constexpr HolderUses DrainUses = HolderUse::TakesOut | HolderUse::Moves |
                                 HolderUse::Assigned | HolderUse::PassedByRef;

} // namespace

struct RetentionAnalysis::Impl {
  Impl(const ApiModel &Model, ASTContext &Ctx,
       std::vector<std::string> LongLivedTypes)
      : Types(Model, std::move(LongLivedTypes)), Ctx(Ctx), Index(Model) {}

  RetentionTypes Types;
  ASTContext &Ctx;
  /// The unit's functions, and what each does to each member and global:
  /// one walk per body.
  UnitIndex Index;
  RetentionFacts Facts;

  /// Does some function of the file drain \p V?
  bool drainedAnywhere(const ValueDecl *V) const;
  bool surelyUndrained(const FieldDecl *F) const;
  bool resetByOwnFunction(const RetentionFacts::Consume &C) const;
  // The verdicts of finish(), one kind of fact each: stores into objects
  // that outlive their function, appends to containers nothing drains, and
  // emptied ThreadSafeModules left in long-lived places.
  void keepStores(RetentionResult &R) const;
  void keepAppends(RetentionResult &R) const;
  void keepShells(RetentionResult &R) const;
};

bool RetentionAnalysis::Impl::drainedAnywhere(const ValueDecl *V) const {
  return llvm::any_of(Index.functions(), [&](const UnitIndex::Function &F) {
    return Index.uses(F.second, V).hasAny(DrainUses);
  });
}

/// True if no code that can reach member container \p F drains it, and all
/// of that code is visible here.
bool RetentionAnalysis::Impl::surelyUndrained(const FieldDecl *F) const {
  const auto *RD = dyn_cast<CXXRecordDecl>(F->getParent());
  if (!RD || RD->hasFriends())
    return false;
  for (const Decl *Member : RD->decls()) {
    const auto *MD = dyn_cast<CXXMethodDecl>(Member);
    if (const auto *FTD = dyn_cast<FunctionTemplateDecl>(Member))
      MD = dyn_cast<CXXMethodDecl>(FTD->getTemplatedDecl());
    if (!MD || MD->isImplicit() || MD->isDeleted() || MD->isDefaulted() ||
        compat::isPureVirtual(MD))
      continue;
    const FunctionDecl *Def = nullptr;
    if (!MD->hasBody(Def) || !Def ||
        Index.uses(Def->getBody(), F).hasAny(DrainUses))
      return false;
  }
  // A public member can be drained from outside the class.
  return !(F->getAccess() == AS_public && drainedAnywhere(F));
}

void RetentionAnalysis::Impl::keepStores(RetentionResult &R) const {
  for (const RetentionFacts::PendingStore &S : Facts.Stores) {
    LongLivedStore F = S.Fact;
    // A type with a dedicated release function (one that deletes it on
    // every path) is handed out on purpose; the caller is to call it.
    auto Del = Facts.Deletes.find(F.Type->getCanonicalDecl());
    if (!F.CallerModule &&
        ((Del != Facts.Deletes.end() && Del->second.Unconditional) ||
         Types.model().freedByProjectFunction(F.Type)))
      continue;
    if (S.Object) {
      // A heap object: only if it escapes as a raw pointer and this
      // function does not delete it first.
      if (Facts.Deleted.count({S.Function, S.Object}))
        continue;
      auto It = Facts.Escapes.find({S.Function, S.Object});
      if (It == Facts.Escapes.end())
        continue;
      F.Escape = It->second;
    } else if (!F.Escape && !Types.isLongLivedType(F.Type)) {
      continue;
    }
    R.Stores.push_back(F);
  }
}

void RetentionAnalysis::Impl::keepAppends(RetentionResult &R) const {
  for (const LongLivedAppend &A : Facts.Appends) {
    // A global container drained by some function of the file is a queue;
    // a member one counts only if all code that can reach it is visible.
    bool Kept = A.Member ? surelyUndrained(cast<FieldDecl>(A.Container))
                         : !drainedAnywhere(cast<ValueDecl>(A.Container));
    if (Kept)
      R.Appends.push_back(A);
  }
}

/// A dedicated release function: one that resets the place \p C takes a
/// module out of without taking a module out of it itself (a take-and-reset
/// elsewhere proves nothing about this take).
bool RetentionAnalysis::Impl::resetByOwnFunction(
    const RetentionFacts::Consume &C) const {
  auto It = C.Key ? Facts.ResetPlaces.find(C.Key) : Facts.ResetPlaces.end();
  if (It == Facts.ResetPlaces.end())
    return false;
  return llvm::any_of(It->second, [&](const Decl *F) {
    return llvm::none_of(Facts.Consumes, [&](const RetentionFacts::Consume &O) {
      return O.Key == C.Key && O.Function == F;
    });
  });
}

void RetentionAnalysis::Impl::keepShells(RetentionResult &R) const {
  for (const RetentionFacts::Consume &C : Facts.Consumes) {
    // Reset later in the same function, or by a function of its own (the
    // "release the emptied module" helper a caller runs after taking it).
    if (C.ResetAfter || resetByOwnFunction(C))
      continue;
    bool LongLived =
        C.Global || (C.Base && (Facts.EscapingTypes.count(C.Base) ||
                                Types.isLongLivedType(C.Base)));
    if (LongLived)
      R.Shells.push_back({C.Call, C.Place});
  }
}

RetentionAnalysis::RetentionAnalysis(const ApiModel &Model, ASTContext &Ctx,
                                     std::vector<std::string> LongLivedTypes)
    : P(std::make_unique<Impl>(Model, Ctx, std::move(LongLivedTypes))) {}

RetentionAnalysis::~RetentionAnalysis() = default;

const ResourceKind *RetentionAnalysis::retainedKind(QualType T) const {
  return P->Types.retainedKind(T);
}

void RetentionAnalysis::addFunction(const Decl *D, const Stmt *Body) {
  if (D && Body) {
    P->Index.addFunction(D, Body);
    collectRetention(D, Body, P->Index, P->Types, P->Facts);
  }
}

RetentionResult RetentionAnalysis::finish() {
  RetentionResult R;
  R.Deletes = P->Facts.Deletes;
  P->keepStores(R);
  P->keepAppends(R);
  P->keepShells(R);
  return R;
}

} // namespace clang::tidy::llvmown
