//===- BorrowedFields.cpp - struct fields that hold another file's handle -===//

#include "engine/analyses/ownership/BorrowedFields.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"

namespace clang::tidy::llvmown {

namespace {

const FieldDecl *heldField(const Expr *E) {
  const auto *ME = dyn_cast_or_null<MemberExpr>(skipTransparent(E));
  return ME ? dyn_cast<FieldDecl>(ME->getMemberDecl()) : nullptr;
}

/// A global the unit only declares (`extern LLVMExecutionEngineRef E;`):
/// another file defines it, and owns what it holds.
const VarDecl *externGlobal(const Expr *E) {
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(skipTransparent(E));
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || !VD->hasGlobalStorage() || VD->isStaticLocal() ||
      !VD->hasExternalStorage() || VD->getDefinition())
    return nullptr;
  return VD;
}

struct FieldFacts {
  const VarDecl *Global = nullptr;
  const Expr *Store = nullptr;
  bool OtherStore = false; ///< anything but a copy of that one global
  const CallExpr *Release = nullptr;
};

class BorrowedFieldScanner : public RecursiveASTVisitor<BorrowedFieldScanner> {
public:
  explicit BorrowedFieldScanner(const ApiModel &Model) : Model(Model) {}

  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (!BO->isAssignmentOp())
      return true;
    if (const VarDecl *G = externGlobal(BO->getLHS()))
      Written.insert(G);
    const FieldDecl *F = heldField(BO->getLHS());
    if (!F || !Model.kindOfPointer(F->getType()))
      return true;
    FieldFacts &FF = Fields[F];
    const VarDecl *G = externGlobal(BO->getRHS());
    if (!G || (FF.Global && FF.Global != G)) {
      FF.OtherStore = true;
      return true;
    }
    if (!FF.Global) {
      FF.Global = G;
      FF.Store = BO;
    }
    return true;
  }

  bool VisitUnaryOperator(UnaryOperator *UO) {
    // `LLVMCreateX(&S->F)`, `&G`: written through.
    if (UO->getOpcode() != UO_AddrOf)
      return true;
    if (const FieldDecl *F = heldField(UO->getSubExpr()))
      Fields[F].OtherStore = true;
    if (const VarDecl *G = externGlobal(UO->getSubExpr()))
      Written.insert(G);
    return true;
  }

  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *FD = CE->getDirectCallee();
    for (unsigned I = 0; FD && I < CE->getNumArgs(); ++I)
      if (const FieldDecl *F = heldField(CE->getArg(I));
          F && Model.find(FD, Effect::Releases, I) && !Fields[F].Release)
        Fields[F].Release = CE;
    return true;
  }

  const ApiModel &Model;
  llvm::MapVector<const FieldDecl *, FieldFacts> Fields; // source order
  llvm::DenseSet<const VarDecl *> Written;
};

} // namespace

std::vector<BorrowedFieldRelease>
findBorrowedFieldReleases(const ApiModel &Model,
                          llvm::ArrayRef<FunctionBody> Functions) {
  BorrowedFieldScanner S(Model);
  for (const auto &[D, Body] : Functions)
    if (Body)
      S.TraverseStmt(const_cast<Stmt *>(Body));
  std::vector<BorrowedFieldRelease> Out;
  for (const auto &[F, FF] : S.Fields)
    if (FF.Global && !FF.OtherStore && FF.Release &&
        !S.Written.count(FF.Global))
      Out.push_back({F, FF.Global, FF.Store, FF.Release,
                     Model.kindOfPointer(F->getType())});
  return Out;
}

} // namespace clang::tidy::llvmown
