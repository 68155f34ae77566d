//===- RetentionAnalysis.cpp ----------------------------------------------===//

#include "RetentionAnalysis.h"
#include "AstHelpers.h"
#include "RetentionScan.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"

namespace clang::tidy::llvmown {

namespace {

/// Is this reference to a container a drain: a draining member call, an
/// assignment to it, std::move of it, a swap, or passing it by non-const
/// reference to a function (a pool's static pop(Q))?
bool isDrainUse(const Expr *Ref, const ParentMap &PM, const ApiModel &M) {
  const Stmt *Child = Ref;
  const Stmt *P = PM.getParent(Ref);
  while (P && (isa<ImplicitCastExpr>(P) || isa<ParenExpr>(P))) {
    Child = P;
    P = PM.getParent(P);
  }
  if (const auto *ME = dyn_cast_or_null<MemberExpr>(P))
    if (const auto *Callee = dyn_cast<CXXMethodDecl>(ME->getMemberDecl()))
      return M.hasVerb(Callee, TakesOut);
  if (const auto *OCE = dyn_cast_or_null<CXXOperatorCallExpr>(P))
    return OCE->getOperator() == OO_Equal && OCE->getArg(0) == Child;
  if (const auto *CE = dyn_cast_or_null<CallExpr>(P)) {
    if (isStdMove(CE))
      return true;
    const FunctionDecl *FD = CE->getDirectCallee();
    if (!FD)
      return false;
    if (FD->getIdentifier() && FD->getName() == "swap")
      return true;
    for (unsigned I = 0; I < CE->getNumArgs() && I < FD->getNumParams(); ++I)
      if (CE->getArg(I) == Child) {
        QualType T = FD->getParamDecl(I)->getType();
        if (T->isReferenceType() && !T.getNonReferenceType().isConstQualified())
          return true;
      }
  }
  return false;
}

/// Does any reference to \p Target (a member or a global) in \p Body
/// drain it?
bool drainedIn(const ValueDecl *Target, const Stmt *Body, const ApiModel &M) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const ValueDecl *Target;
    const ParentMap *PM;
    const ApiModel *M;
    bool Drained = false;
    bool VisitMemberExpr(MemberExpr *ME) {
      if (ME->getMemberDecl() == Target && isDrainUse(ME, *PM, *M))
        Drained = true;
      return !Drained;
    }
    bool VisitDeclRefExpr(DeclRefExpr *DRE) {
      if (DRE->getDecl() == Target && isDrainUse(DRE, *PM, *M))
        Drained = true;
      return !Drained;
    }
  };
  ParentMap PM(const_cast<Stmt *>(Body));
  Finder Fd;
  Fd.Target = Target;
  Fd.PM = &PM;
  Fd.M = &M;
  Fd.TraverseStmt(const_cast<Stmt *>(Body));
  return Fd.Drained;
}

} // namespace

struct RetentionAnalysis::Impl {
  Impl(const ApiModel &Model, ASTContext &Ctx,
       std::vector<std::string> LongLivedTypes)
      : Types(Model, std::move(LongLivedTypes)), Ctx(Ctx) {}

  RetentionTypes Types;
  ASTContext &Ctx;
  RetentionFacts Facts;
  /// Every function body added, for the uses of a global or public member.
  std::vector<const Stmt *> Bodies;

  /// Does the class drain member container \p F anywhere?
  bool drained(const FieldDecl *F, bool &Visible) const;
};

bool RetentionAnalysis::Impl::drained(const FieldDecl *F, bool &Visible) const {
  Visible = true;
  const auto *RD = dyn_cast<CXXRecordDecl>(F->getParent());
  if (!RD || RD->hasFriends())
    Visible = false;
  if (!RD)
    return false;
  for (const Decl *Member : RD->decls()) {
    const auto *MD = dyn_cast<CXXMethodDecl>(Member);
    if (const auto *FTD = dyn_cast<FunctionTemplateDecl>(Member))
      MD = dyn_cast<CXXMethodDecl>(FTD->getTemplatedDecl());
    if (!MD || MD->isImplicit() || MD->isDeleted() || MD->isDefaulted() ||
        MD->isPureVirtual())
      continue;
    const FunctionDecl *Def = nullptr;
    if (!MD->hasBody(Def) || !Def) {
      Visible = false;
      continue;
    }
    if (drainedIn(F, Def->getBody(), Types.model()))
      return true;
  }
  // A public member can be drained from outside the class.
  if (F->getAccess() == AS_public)
    for (const auto &B : Bodies)
      if (drainedIn(F, B, Types.model()))
        return true;
  return false;
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
    P->Bodies.push_back(Body);
    scanRetention(D, Body, P->Types, P->Ctx.getSourceManager(), P->Facts);
  }
}

RetentionResult RetentionAnalysis::finish() {
  RetentionResult R;
  R.Deletes = P->Facts.Deletes;
  for (RetentionFacts::PendingStore &S : P->Facts.Stores) {
    LongLivedStore F = S.Fact;
    // A type with a dedicated release function (one that deletes it on
    // every path) is handed out on purpose; the caller is to call it.
    auto Del = P->Facts.Deletes.find(F.Type->getCanonicalDecl());
    if (!F.CallerModule && Del != P->Facts.Deletes.end() &&
        Del->second.Unconditional)
      continue;
    if (S.Object) {
      // A heap object: only if it escapes as a raw pointer and this
      // function does not delete it first.
      if (P->Facts.Deleted.count({S.Function, S.Object}))
        continue;
      auto It = P->Facts.Escapes.find({S.Function, S.Object});
      if (It == P->Facts.Escapes.end())
        continue;
      F.Escape = It->second;
    } else if (!F.Escape && !P->Types.isLongLivedType(F.Type)) {
      continue;
    }
    R.Stores.push_back(F);
  }
  for (const LongLivedAppend &A : P->Facts.Appends) {
    if (!A.Member) {
      // A global container drained by some function of the file is a queue.
      bool Drained = false;
      for (const Stmt *B : P->Bodies)
        Drained = Drained ||
                  drainedIn(cast<ValueDecl>(A.Container), B, P->Types.model());
      if (!Drained)
        R.Appends.push_back(A);
      continue;
    }
    bool Visible = true;
    const auto *F = cast<FieldDecl>(A.Container);
    if (!P->drained(F, Visible) && Visible)
      R.Appends.push_back(A);
  }
  for (const RetentionFacts::Consume &C : P->Facts.Consumes) {
    // Reset later in the same function, or by a function of its own (the
    // "release the emptied module" helper a caller runs after taking it).
    if (C.ResetAfter)
      continue;
    // A dedicated release function: resets the member without taking a
    // module out of it itself (a take-and-reset elsewhere proves nothing
    // about this take).
    if (auto It = C.Key ? P->Facts.ResetPlaces.find(C.Key)
                        : P->Facts.ResetPlaces.end();
        It != P->Facts.ResetPlaces.end() &&
        llvm::any_of(It->second, [&](const Decl *F) {
          return llvm::none_of(P->Facts.Consumes,
                               [&](const RetentionFacts::Consume &O) {
                                 return O.Key == C.Key && O.Function == F;
                               });
        }))
      continue;
    bool LongLived =
        C.Global || (C.Base && (P->Facts.EscapingTypes.count(C.Base) ||
                                P->Types.isLongLivedType(C.Base)));
    if (LongLived)
      R.Shells.push_back({C.Call, C.Place});
  }
  return R;
}

} // namespace clang::tidy::llvmown
