//===- OwnershipFlags.cpp - flags that tell what a function owns ----------===//
//
// A flag correlates an object with a plain variable: `M = Copy ?
// LLVMCloneModule(Shared) : Shared; ... if (Copy) LLVMDisposeModule(M);`,
// or `if (!TM) { TM = create(); Own = 1; } ... if (Own) dispose(TM);`. The
// state keeps, per object, the flag values every path that made it (or set
// the flag while holding it) had; on the edge where a flag has the other
// value, the object does not exist.
//
//===----------------------------------------------------------------------===//

#include "engine/analyses/ownership/OwnershipFlow.h"
#include "engine/framework/AstHelpers.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"

namespace clang::tidy::llvmown {

namespace {

void sortFlags(FlagValues &F) {
  llvm::sort(F, [](const auto &L, const auto &R) {
    return L.first->getBeginLoc() < R.first->getBeginLoc() ||
           (L.first == R.first && L.second < R.second);
  });
}

/// \p VD gets \p Value: it replaces what \p F knew of it.
void setFlag(FlagValues &F, const VarDecl *VD, bool Value) {
  llvm::erase_if(F, [&](const auto &P) { return P.first == VD; });
  F.emplace_back(VD, Value);
  sortFlags(F);
}

bool isConstant(const Expr *E, const ASTContext &Ctx) {
  Expr::EvalResult R;
  return E && !E->isValueDependent() && E->EvaluateAsInt(R, Ctx);
}

} // namespace

bool OwnershipFlow::isFlag(const VarDecl *VD) const {
  if (!VD || !(isa<ParmVarDecl>(VD) || VD->isLocalVarDecl()) ||
      VD->isStaticLocal() || VD->getType()->isReferenceType() ||
      !VD->getType()->isIntegralOrEnumerationType())
    return false;
  auto [It, New] = FlagCache.try_emplace(VD, false);
  if (New) {
    // Only for variables a branch tests: the mutation analysis is a set of
    // matchers over the body.
    if (!Mutations)
      Mutations = std::make_unique<ExprMutationAnalyzer>(*Body, Ctx);
    It->second = !Mutations->isMutated(VD) || setOnlyToConstants(VD);
  }
  return It->second;
}

/// Every reference to the local \p VD reads it or assigns it a constant
/// (no `++`, no address taken, no reference bound), and it starts as one.
bool OwnershipFlow::setOnlyToConstants(const VarDecl *VD) const {
  if (isa<ParmVarDecl>(VD) ||
      (VD->getInit() && !isConstant(VD->getInit(), Ctx)))
    return false;
  struct Counter : RecursiveASTVisitor<Counter> {
    const VarDecl *VD;
    const ASTContext &Ctx;
    unsigned Refs = 0, Reads = 0, Writes = 0;
    Counter(const VarDecl *VD, const ASTContext &Ctx) : VD(VD), Ctx(Ctx) {}
    bool refersTo(const Expr *E) const {
      const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParens());
      return DRE && DRE->getDecl() == VD;
    }
    bool VisitDeclRefExpr(DeclRefExpr *DRE) {
      Refs += DRE->getDecl() == VD;
      return true;
    }
    bool VisitImplicitCastExpr(ImplicitCastExpr *ICE) {
      Reads += ICE->getCastKind() == CK_LValueToRValue &&
               refersTo(ICE->getSubExpr());
      return true;
    }
    bool VisitBinaryOperator(BinaryOperator *BO) {
      Writes += BO->getOpcode() == BO_Assign && refersTo(BO->getLHS()) &&
                isConstant(BO->getRHS(), Ctx);
      return true;
    }
  } C(VD, Ctx);
  C.TraverseStmt(const_cast<Stmt *>(Body));
  return C.Refs == C.Reads + C.Writes;
}

bool OwnershipFlow::isTested(const VarDecl *VD) const {
  if (!TestedVars) {
    struct Finder : RecursiveASTVisitor<Finder> {
      llvm::SmallPtrSet<const VarDecl *, 8> &Out;
      explicit Finder(llvm::SmallPtrSet<const VarDecl *, 8> &Out) : Out(Out) {}
      void add(const Expr *Cond) {
        while (Cond) {
          Cond = Cond->IgnoreParenImpCasts();
          if (const auto *UO = dyn_cast<UnaryOperator>(Cond);
              UO && UO->getOpcode() == UO_LNot) {
            Cond = UO->getSubExpr();
            continue;
          }
          if (const auto *DRE = dyn_cast<DeclRefExpr>(Cond))
            if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
              Out.insert(V);
          return;
        }
      }
      bool VisitIfStmt(IfStmt *S) { return add(S->getCond()), true; }
      bool VisitWhileStmt(WhileStmt *S) { return add(S->getCond()), true; }
      bool VisitDoStmt(DoStmt *S) { return add(S->getCond()), true; }
      bool VisitForStmt(ForStmt *S) { return add(S->getCond()), true; }
      bool VisitAbstractConditionalOperator(AbstractConditionalOperator *C) {
        return add(C->getCond()), true;
      }
      bool VisitBinaryOperator(BinaryOperator *BO) {
        if (BO->isLogicalOp()) {
          add(BO->getLHS());
          add(BO->getRHS());
        }
        return true;
      }
    };
    TestedVars.emplace();
    Finder(*TestedVars).TraverseStmt(const_cast<Stmt *>(Body));
  }
  return TestedVars->count(VD);
}

void OwnershipFlow::writeFlag(const VarDecl *VD, const Expr *Value,
                              State &S) const {
  Expr::EvalResult R;
  // Most constant writes are to counters and results that no condition
  // reads: only a tested variable is worth the mutation analysis.
  if (!VD->getType()->isIntegralOrEnumerationType() ||
      !isConstant(Value, Ctx) || !isTested(VD) || !isFlag(VD) ||
      !Value->EvaluateAsInt(R, Ctx))
    return;
  bool V = R.Val.getInt().getBoolValue();
  setFlag(S.Flags, VD, V);
  for (unsigned T : S.Owned) {
    unsigned Obj = objectOf(T);
    CreationFlags C;
    if (!S.CreatedFree.contains(Obj))
      if (const CreationFlags *Had = S.CreatedUnder.find(Obj))
        C = *Had;
    C.Created = true;
    setFlag(C.Flags, VD, V);
    S.CreatedFree.erase(Obj);
    S.CreatedUnder.set(Obj, C);
  }
}

void OwnershipFlow::refineFlags(const BranchEdge &Edge, State &S) const {
  const Expr *Cond = Edge.Cond;
  if (!Cond)
    return;
  bool Value = Edge.Value;
  Cond = Cond->IgnoreParenImpCasts();
  while (const auto *UO = dyn_cast<UnaryOperator>(Cond)) {
    if (UO->getOpcode() != UO_LNot)
      return;
    Value = !Value;
    Cond = UO->getSubExpr()->IgnoreParenImpCasts();
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(Cond);
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!isFlag(VD))
    return;
  if (!llvm::is_contained(S.Flags, std::make_pair(VD, Value))) {
    S.Flags.emplace_back(VD, Value);
    sortFlags(S.Flags);
  }
  for (unsigned T : Tokens(S.Owned)) {
    if (S.createdOnlyUnder(objectOf(T), VD, !Value)) {
      S.Owned.erase(T);
      S.TakenIfSuccess.erase(T);
    }
  }
}

} // namespace clang::tidy::llvmown
