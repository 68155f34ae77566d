//===- StructFields.cpp - handles owned by the fields of C structs --------===//

#include "engine/analyses/ownership/StructFields.h"
#include "engine/framework/CallSite.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"

namespace clang::tidy::llvmown {

namespace {

const VarDecl *freedVar(const Expr *E) {
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(skipTransparent(E));
  return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}

/// The C library's free(), which the struct's memory goes back through
/// (directly or from a macro such as FREE()).
bool isCFree(const FunctionDecl *FD) {
  return FD && FD->getIdentifier() && FD->getName() == "free" &&
         FD->getDeclContext()->getRedeclContext()->isTranslationUnit();
}

class StructFieldScanner : public RecursiveASTVisitor<StructFieldScanner> {
public:
  StructFieldScanner(const FieldDecl *F, const ApiModel &Model, const Decl *D,
          const Stmt *Body, StructFieldUse &Use)
      : F(F), Record(F->getParent()), Model(Model), D(D), Body(Body),
        PM(const_cast<Stmt *>(Body)), Use(Use) {}

  bool VisitMemberExpr(MemberExpr *ME) {
    if (ME->getMemberDecl() == F)
      classify(ME);
    return true;
  }

  bool VisitCallExpr(CallExpr *CE) {
    if (!Use.Free && isCFree(CE->getDirectCallee()) && CE->getNumArgs() == 1)
      noteFree(CE, CE->getArg(0));
    return true;
  }

  bool VisitCXXDeleteExpr(CXXDeleteExpr *DE) {
    if (!Use.Free)
      noteFree(DE, DE->getArgument());
    return true;
  }

private:
  /// A struct of the field's type is freed; it counts if nothing else in
  /// the function is given the struct first (a cleanup helper elsewhere may
  /// release its fields).
  void noteFree(const Expr *At, const Expr *Arg) {
    QualType T = skipTransparent(Arg)->getType();
    const auto *RD =
        T->isPointerType() ? T->getPointeeType()->getAsRecordDecl() : nullptr;
    const VarDecl *V = freedVar(Arg);
    if (!RD || RD->getCanonicalDecl() != Record->getCanonicalDecl() || !V ||
        passedElsewhere(V, At))
      return;
    Use.Free = At;
    Use.Freer = dyn_cast<FunctionDecl>(D);
  }

  bool passedElsewhere(const VarDecl *V, const Expr *Free) const {
    struct Finder : RecursiveASTVisitor<Finder> {
      const VarDecl *V;
      const Expr *Free;
      bool Found = false;
      bool VisitCallExpr(CallExpr *CE) {
        if (CE == Free || isCFree(CE->getDirectCallee()))
          return true;
        for (const Expr *A : CE->arguments())
          Found |= freedVar(A) == V;
        return !Found;
      }
    } Fd;
    Fd.V = V;
    Fd.Free = Free;
    Fd.TraverseStmt(const_cast<Stmt *>(Body));
    return Fd.Found;
  }

  void classifyArg(const CallSite &CS, unsigned I, bool AddressOf) {
    const FunctionDecl *FD = CS.Callee;
    // free() of a message string is the wrong deallocator, not a leak.
    if (FD && (isCFree(FD) || Model.releasesOrConsumes(FD, I) ||
               Model.find(FD, Effect::ConsumesOnSuccess, I))) {
      Use.Released = true;
      return;
    }
    // `LLVMCreateX(&S->F)` writes the field: a store, seen where it is made.
    if (AddressOf && FD && !Model.find(FD, Effect::Creates, I))
      Use.Escapes = true;
    // The field passed by value stays in the struct: a callee that
    // released it would leave the struct dangling.
  }

  void classify(const MemberExpr *ME) {
    auto [Child, P] = climbParents(
        PM, ME, Parens | ImplicitCasts | ExplicitCasts | FullExprs);
    bool AddressOf = false;
    if (const auto *UO = dyn_cast_or_null<UnaryOperator>(P);
        UO && UO->getOpcode() == UO_AddrOf) {
      AddressOf = true;
      Consumer Up = climbParents(PM, UO, Parens | ImplicitCasts);
      Child = Up.Child;
      P = Up.Parent;
    }
    if (!P)
      return;
    if (isa<CXXDeleteExpr>(P)) {
      Use.Released = true;
      return;
    }
    if (std::optional<CallSite> CS = CallSite::of(dyn_cast<Expr>(P))) {
      if (int I = CS->indexOf(Child); I >= 0)
        classifyArg(*CS, I, AddressOf);
      else if (AddressOf)
        Use.Escapes = true;
      return;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(P)) {
      // Copied out; a store into the field, or a comparison, keeps it.
      if (BO->isAssignmentOp() && BO->getRHS() == Child)
        Use.Escapes = true;
      return;
    }
    if (AddressOf || isa<DeclStmt>(P) || isa<ReturnStmt>(P) ||
        isa<InitListExpr>(P) || isa<AbstractConditionalOperator>(P))
      Use.Escapes = true;
  }

  const FieldDecl *F;
  const RecordDecl *Record;
  const ApiModel &Model;
  const Decl *D;
  const Stmt *Body;
  ParentMap PM;
  StructFieldUse &Use;
};

} // namespace

StructFieldUse scanStructField(const FieldDecl *F, const ApiModel &Model,
                               llvm::ArrayRef<FunctionBody> Functions) {
  StructFieldUse Use;
  for (const auto &[D, Body] : Functions) {
    if (!Body)
      continue;
    StructFieldScanner S(F, Model, D, Body, Use);
    S.TraverseStmt(const_cast<Stmt *>(Body));
  }
  return Use;
}

} // namespace clang::tidy::llvmown
