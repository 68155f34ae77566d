//===- UnitIndex.cpp ------------------------------------------------------===//

#include "engine/model/UnitIndex.h"
#include "engine/framework/AstHelpers.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"

namespace clang::tidy::llvmown {

struct UnitIndex::Body {
  explicit Body(const Stmt *S) : PM(const_cast<Stmt *>(S)) {}
  ParentMap PM;
  std::vector<const Stmt *> Nodes;
  llvm::DenseMap<const ValueDecl *, HolderUses> Any, This, ThisOutsideLambdas;
};

struct UnitIndex::Links {
  llvm::DenseMap<const FunctionDecl *,
                 llvm::SmallVector<const FunctionDecl *, 2>>
      Callers;
  llvm::DenseMap<const RecordDecl *, llvm::SmallVector<Function, 4>> Methods;
};

namespace {

/// The nodes IndexedNodes hands on; anything else is left out of the list.
bool isIndexedNode(const Stmt *S) {
  if (isa<CallExpr, CXXConstructExpr, CXXNewExpr, CXXDeleteExpr, ReturnStmt,
          DeclStmt>(S))
    return true;
  if (const auto *BO = dyn_cast<BinaryOperator>(S))
    return BO->isAssignmentOp();
  const auto *UO = dyn_cast<UnaryOperator>(S);
  return UO && UO->getOpcode() == UO_AddrOf;
}

} // namespace

UnitIndex::UnitIndex(const ApiModel &M) : M(M) {}
UnitIndex::~UnitIndex() = default;

void UnitIndex::addFunction(const Decl *D, const Stmt *S) {
  if (D && S)
    Functions.emplace_back(D, S);
  Linked.reset();
}

const UnitIndex::Body &UnitIndex::of(const Stmt *S) const {
  std::unique_ptr<Body> &Slot = Bodies[S];
  if (Slot)
    return *Slot;
  Slot = std::make_unique<Body>(S);
  // One walk: the nodes outside lambdas, and every reference to a member
  // or global with what the expression around it does.
  struct Walker : RecursiveASTVisitor<Walker> {
    const ApiModel &M;
    Body &Out;
    unsigned LambdaDepth = 0;
    Walker(const ApiModel &M, Body &Out) : M(M), Out(Out) {}
    bool TraverseLambdaExpr(LambdaExpr *LE) {
      ++LambdaDepth;
      bool Go = RecursiveASTVisitor::TraverseLambdaExpr(LE);
      --LambdaDepth;
      return Go;
    }
    bool VisitStmt(Stmt *S) {
      if (!LambdaDepth && isIndexedNode(S))
        Out.Nodes.push_back(S);
      return true;
    }
    void note(const Expr *Ref, const ValueDecl *V, bool ThroughThis) {
      HolderUses U = classifyHolderUse(Ref, Out.PM, M);
      Out.Any[V] |= U;
      if (!ThroughThis)
        return;
      Out.This[V] |= U;
      if (!LambdaDepth)
        Out.ThisOutsideLambdas[V] |= U;
    }
    bool VisitMemberExpr(MemberExpr *ME) {
      // Member functions are what the model's verbs describe, not holders.
      if (!isa<FieldDecl, VarDecl>(ME->getMemberDecl()))
        return true;
      note(ME, ME->getMemberDecl(), thisField(ME) != nullptr);
      return true;
    }
    bool VisitDeclRefExpr(DeclRefExpr *DRE) {
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
          VD && !VD->hasLocalStorage())
        note(DRE, VD, false);
      return true;
    }
  } W(M, *Slot);
  W.TraverseStmt(const_cast<Stmt *>(S));
  return *Slot;
}

llvm::ArrayRef<const Stmt *> UnitIndex::nodes(const Stmt *S) const {
  return S ? llvm::ArrayRef<const Stmt *>(of(S).Nodes)
           : llvm::ArrayRef<const Stmt *>();
}

const ParentMap &UnitIndex::parents(const Stmt *S) const { return of(S).PM; }

HolderUses UnitIndex::uses(const Stmt *S, const ValueDecl *V) const {
  return S ? of(S).Any.lookup(V) : HolderUses();
}

HolderUses UnitIndex::usesOfThis(const Stmt *S, const ValueDecl *V,
                                 bool InLambdas) const {
  if (!S)
    return HolderUses();
  const Body &B = of(S);
  return (InLambdas ? B.This : B.ThisOutsideLambdas).lookup(V);
}

const llvm::DenseMap<const ValueDecl *, HolderUses> &
UnitIndex::membersOfThis(const Stmt *S) const {
  return of(S).This;
}

const UnitIndex::Links &UnitIndex::links() const {
  if (Linked)
    return *Linked;
  Linked = std::make_unique<Links>();
  for (const Function &F : Functions) {
    const FunctionDecl *Outer = outerFunction(F.first);
    if (!Outer)
      continue;
    if (const auto *MD = dyn_cast<CXXMethodDecl>(Outer))
      Linked->Methods[MD->getParent()].push_back(F);
    for (const Stmt *N : nodes(F.second))
      if (const auto *CE = dyn_cast<CallExpr>(N))
        if (const FunctionDecl *Callee = CE->getDirectCallee())
          Linked->Callers[Callee->getCanonicalDecl()].push_back(Outer);
  }
  return *Linked;
}

llvm::ArrayRef<const FunctionDecl *>
UnitIndex::callersOf(const FunctionDecl *FD) const {
  const Links &L = links();
  auto It = L.Callers.find(FD ? FD->getCanonicalDecl() : nullptr);
  if (It == L.Callers.end())
    return {};
  return It->second;
}

llvm::ArrayRef<UnitIndex::Function>
UnitIndex::methodsOf(const RecordDecl *RD) const {
  const Links &L = links();
  auto It = L.Methods.find(RD);
  if (It == L.Methods.end())
    return {};
  return It->second;
}

} // namespace clang::tidy::llvmown
