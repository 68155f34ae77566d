//===- LifetimeAnalysis.cpp - facts from the solved lifetime flow ---------===//
//
// Solves LifetimeFlow to a fixpoint, replays it once per block, and turns
// the replay's events into facts.
//
//===----------------------------------------------------------------------===//

#include "engine/analyses/lifetime/LifetimeAnalysis.h"
#include "engine/analyses/lifetime/LifetimeFlow.h"
#include "engine/framework/AstHelpers.h"
#include "engine/framework/Compat.h"
#include "engine/model/IRHolders.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"

namespace clang::tidy::llvmown {

const NamedDecl *Owner::holder() const {
  if (Var)
    return Var;
  return Field;
}

namespace {

bool isOwner(const ResourceKind *K) { return K && K->is(KindProperty::OwnsIR); }

/// The public form of an owner's end: the callee by name.
OwnerEnd ownerEnd(const EndMark &M, ASTContext &Ctx) {
  OwnerEnd E;
  E.How = M.How;
  E.Where = M.Where;
  if (M.Callee) {
    PrintingPolicy PP(Ctx.getLangOpts());
    PP.SuppressUnwrittenScope = true;
    llvm::raw_string_ostream OS(E.Callee);
    compat::printName(M.Callee, OS, PP);
  }
  return E;
}

void addFact(LifetimeFacts &F, const LifetimeEvent &E, ASTContext &Ctx) {
  switch (E.K) {
  case LifetimeEvent::Use: {
    UseAfterEndFact U;
    U.Use = E.Where;
    U.Value = E.Value;
    U.Owner = E.Owner;
    U.End = ownerEnd(E.End, Ctx);
    U.BindSite = E.BindSite;
    U.ImplicitDestruction = E.ImplicitDestruction;
    F.Uses.push_back(U);
    break;
  }
  case LifetimeEvent::Escape:
    F.Escapes.push_back({E.At, E.IsReturn, E.Owner, E.BindSite, E.Value});
    break;
  case LifetimeEvent::Order:
    F.Orders.push_back({E.Holder, E.Owner, E.BindSite, E.IRMember});
    break;
  case LifetimeEvent::FieldBind:
    F.FieldBinds.push_back({E.Field, E.ContextField, E.At});
    break;
  }
}

/// True if the destructor of \p RD calls a member function of member \p F
/// (or of a part of it) or assigns it (reset(), clear(), = nullptr, release()),
/// which fixes the order by hand.
bool destructorReleases(const CXXRecordDecl *RD, const FieldDecl *F) {
  const CXXDestructorDecl *Dtor = RD->getDestructor();
  const FunctionDecl *Def = nullptr;
  if (!Dtor || !Dtor->hasBody(Def) || !Def)
    return false;
  struct Finder : RecursiveASTVisitor<Finder> {
    const FieldDecl *F;
    bool Found = false;
    // F itself, or a part of it (`Cache.Entries.clear()`).
    bool isF(const Expr *E) {
      while (const auto *ME = dyn_cast_or_null<MemberExpr>(
                 E ? E->IgnoreParenImpCasts() : nullptr)) {
        if (ME->getMemberDecl() == F)
          return true;
        E = ME->getBase();
      }
      return false;
    }
    bool VisitCXXMemberCallExpr(CXXMemberCallExpr *MCE) {
      Found |= isF(MCE->getImplicitObjectArgument());
      return !Found;
    }
    bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *OCE) {
      Found |= OCE->getOperator() == OO_Equal && OCE->getNumArgs() == 2 &&
               isF(OCE->getArg(0));
      return !Found;
    }
  } Fd;
  Fd.F = F;
  Fd.TraverseStmt(Def->getBody());
  return Fd.Found;
}

} // namespace

std::vector<FieldBindFact>
outOfOrderMembers(llvm::ArrayRef<FieldBindFact> Binds,
                  const SourceManager &SM) {
  std::vector<FieldBindFact> Out;
  llvm::DenseSet<std::pair<const FieldDecl *, const FieldDecl *>> Done;
  for (const FieldBindFact &B : Binds) {
    if (!Done.insert({B.Holder, B.Context}).second)
      continue;
    const auto *RD = dyn_cast<CXXRecordDecl>(B.Holder->getParent());
    if (!RD || RD != B.Context->getParent() ||
        !ApiModel::isOwningHolder(B.Holder->getType()) ||
        B.Holder->getFieldIndex() > B.Context->getFieldIndex() ||
        destructorReleases(RD, B.Holder))
      continue;
    if (!isInUnitSource(SM, B.Holder->getLocation()) &&
        !isInUnitSource(SM, B.Site->getBeginLoc()))
      continue;
    Out.push_back(B);
  }
  return Out;
}

std::vector<NestedOrderFact> nestedMemberOrders(const CXXRecordDecl *RD,
                                                NestedOwners &Owners) {
  std::vector<NestedOrderFact> Out;
  if (!RD || !RD->isThisDeclarationADefinition() || RD->isDependentContext() ||
      RD->isLambda() || RD->isUnion())
    return Out;
  llvm::SmallVector<const FieldDecl *, 8> Fields(RD->fields());
  // Each member is asked once: a class of many members stays linear.
  llvm::SmallVector<const FieldDecl *, 8> IR, Ctx;
  for (const FieldDecl *F : Fields) {
    IR.push_back(Owners.irField(F));
    Ctx.push_back(Owners.contextField(F));
  }
  for (size_t I = 0; I < Fields.size(); ++I) {
    if (!IR[I])
      continue;
    for (size_t J = I + 1; J < Fields.size(); ++J) {
      if (!Ctx[J])
        continue;
      if ((IR[I] != Fields[I] || Ctx[J] != Fields[J]) &&
          !destructorReleases(RD, Fields[I]))
        Out.push_back({Fields[I], IR[I], Fields[J], Ctx[J]});
      break;
    }
  }
  return Out;
}

LifetimeFacts LifetimeAnalysis::analyze(const Decl *D, const Stmt *Body) const {
  LifetimeFacts Facts;
  if (!D || !Body)
    return Facts;
  std::unique_ptr<CFG> G = buildAnalysisCFG(D, Body, Ctx);
  if (!G)
    return Facts;
  LifetimeFlow Flow(Model, Ctx, D, Body);
  Solution<LifetimeState> Sol = solveFunction(*G, Flow, Facts);

  const CFGBlock *LastExit = nullptr;
  replay(
      *G, Flow, Sol,
      [&](const CFGBlock &, const LifetimeEvent &E) { addFact(Facts, E, Ctx); },
      [&](const CFGBlock &B, const LifetimeState &S) {
        // Stores are checked once per block that returns, whatever the
        // number of its edges into the exit. An owner that escapes on a
        // path not followed (an incomplete solution) is not dead there.
        if (&B == LastExit || Sol.Incomplete)
          return;
        LastExit = &B;
        EventList<LifetimeEvent> AtExit;
        Flow.atExit(S, AtExit);
        for (const LifetimeEvent &E : AtExit)
          addFact(Facts, E, Ctx);
      });
  Facts.Objects = std::move(Flow.owners());
  return Facts;
}

bool LifetimeAnalysis::mentionsContexts(const Decl *D, const Stmt *Body) const {
  struct Finder : RecursiveASTVisitor<Finder> {
    const ApiModel &Model;
    bool Found = false;
    llvm::DenseMap<const Type *, bool> Seen;
    explicit Finder(const ApiModel &M) : Model(M) {}
    bool VisitExpr(Expr *E) {
      const Type *T = E->getType().getTypePtrOrNull();
      if (!T)
        return true;
      auto It = Seen.find(T);
      if (It == Seen.end())
        It =
            Seen.try_emplace(T, isOwner(Model.kindOfValue(E->getType()))).first;
      Found = It->second;
      return !Found;
    }
    // `parseIRFile(...).get()`: a module whose owner is a temporary.
    bool VisitCXXMemberCallExpr(CXXMemberCallExpr *MCE) {
      const CXXMethodDecl *MD = MCE->getMethodDecl();
      const ResourceKind *K = Model.kindOfValue(MCE->getType());
      // And `M.get()` of a local unique_ptr, whose module may die with M.
      Found = Model.hasVerb(MD, Verb::GetsPointer) && K &&
              K->is(KindProperty::CarriesOwner) &&
              MD->getParent()->isInStdNamespace();
      return !Found;
    }
  } F(Model);
  F.TraverseStmt(const_cast<Stmt *>(Body));
  if (!F.Found)
    if (const auto *Ctor = dyn_cast_or_null<CXXConstructorDecl>(D))
      for (const CXXCtorInitializer *Init : Ctor->inits())
        if (!F.Found && Init->getInit())
          F.TraverseStmt(Init->getInit());
  return F.Found;
}

} // namespace clang::tidy::llvmown
