//===- StructFields.cpp - handles owned by the fields of C structs --------===//

#include "engine/analyses/ownership/StructFields.h"
#include "engine/framework/CallSite.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace clang::tidy::llvmown {

namespace {

const VarDecl *freedVar(const Expr *E) {
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(skipTransparent(E));
  return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}

class StructFieldScanner : public RecursiveASTVisitor<StructFieldScanner> {
public:
  StructFieldScanner(const FieldDecl *F, const ApiModel &Model,
                     const llvm::DenseSet<const Decl *> &Seen, const Decl *D,
                     const Stmt *Body, StructFieldUse &Use)
      : F(F), Record(F->getParent()), Model(Model), Seen(Seen), D(D),
        Body(Body), PM(const_cast<Stmt *>(Body)), Use(Use) {}

  bool VisitMemberExpr(MemberExpr *ME) {
    if (ME->getMemberDecl() == F)
      classify(ME);
    else if (!Use.Free)
      noteOtherRelease(ME);
    return true;
  }

  bool VisitCallExpr(CallExpr *CE) {
    if (!Use.FreesStruct && ApiModel::isCDeallocator(CE->getDirectCallee()) &&
        CE->getNumArgs() == 1)
      noteFree(CE, CE->getArg(0));
    return true;
  }

  bool VisitCXXDeleteExpr(CXXDeleteExpr *DE) {
    if (!Use.FreesStruct)
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
    if (!RD || RD->getCanonicalDecl() != Record->getCanonicalDecl())
      return;
    Use.StructFreed = true;
    const VarDecl *V = freedVar(Arg);
    if (!V || passedElsewhere(V, At))
      return;
    Use.Free = At;
    Use.Freer = dyn_cast<FunctionDecl>(D);
    Use.FreesStruct = true;
  }

  /// `LLVMDisposeModule(C->Module)` for another handle field of the same
  /// struct. A function that releases two or more of them is a cleanup
  /// function (for a struct it does not free itself), which should release
  /// this field too; one that releases a single one may just end a phase
  /// (a module per file) while the struct lives on.
  void noteOtherRelease(const MemberExpr *ME) {
    const auto *G = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (!G || G->getParent()->getCanonicalDecl() != Record->getCanonicalDecl())
      return;
    auto [Child, P] =
        climbParents(PM, ME, Climb::Parens | Climb::ImplicitCasts);
    std::optional<CallSite> CS = CallSite::of(dyn_cast_or_null<Expr>(P));
    int I = CS ? CS->indexOf(Child) : -1;
    const VarDecl *V = freedVar(ME->getBase());
    if (I < 0 || !CS->Callee || !Model.find(CS->Callee, Effect::Releases, I) ||
        !V || passedElsewhere(V, nullptr) || storesInto(V))
      return;
    if (!FirstOther)
      FirstOther = CS->Call;
    if (!OtherReleased.insert(G).second || OtherReleased.size() < 2)
      return;
    Use.Free = FirstOther;
    Use.Freer = dyn_cast<FunctionDecl>(D);
    Use.FreesStruct = false;
  }

  /// Some field of what \p V points to is assigned in this function: it
  /// replaces a handle rather than tearing the struct down.
  bool storesInto(const VarDecl *V) const {
    struct Finder : RecursiveASTVisitor<Finder> {
      const VarDecl *V;
      bool Found = false;
      bool VisitBinaryOperator(BinaryOperator *BO) {
        const auto *ME =
            BO->isAssignmentOp()
                ? dyn_cast<MemberExpr>(skipTransparent(BO->getLHS()))
                : nullptr;
        Found |= ME && freedVar(ME->getBase()) == V;
        return !Found;
      }
    } Fd;
    Fd.V = V;
    Fd.TraverseStmt(const_cast<Stmt *>(Body));
    return Fd.Found;
  }

  bool passedElsewhere(const VarDecl *V, const Expr *Free) const {
    struct Finder : RecursiveASTVisitor<Finder> {
      const VarDecl *V;
      const Expr *Free;
      bool Found = false;
      const ApiModel *Model;
      const llvm::DenseSet<const Decl *> *Seen;
      bool VisitCallExpr(CallExpr *CE) {
        const FunctionDecl *FD = CE->getDirectCallee();
        // free(), LLVM's own functions and the file's functions (whose
        // releases of the field this scan sees) release nothing unseen.
        const FunctionDecl *Def = FD ? FD->getDefinition() : nullptr;
        if (CE == Free || ApiModel::isCDeallocator(FD) ||
            ApiModel::isLLVMApi(FD) || (Def && Seen->count(Def)))
          return true;
        for (const Expr *A : CE->arguments())
          Found |= freedVar(A) == V;
        return !Found;
      }
    } Fd;
    Fd.V = V;
    Fd.Free = Free;
    Fd.Model = &Model;
    Fd.Seen = &Seen;
    Fd.TraverseStmt(const_cast<Stmt *>(Body));
    return Fd.Found;
  }

  void classifyArg(const CallSite &CS, unsigned I, bool AddressOf) {
    const FunctionDecl *FD = CS.Callee;
    // free() of a message string is the wrong deallocator, not a leak.
    if (FD &&
        (ApiModel::isCDeallocator(FD) || Model.releasesOrConsumes(FD, I) ||
         Model.find(FD, Effect::ConsumesOnSuccess, I))) {
      Use.Released = true;
      return;
    }
    // `LLVMCreateX(&S->F)` writes the field: a store, seen where it is made.
    if (AddressOf && FD && !Model.find(FD, Effect::Creates, I))
      Use.Escapes = true;
    // The field passed by value stays in the struct: a callee that
    // released it would leave the struct dangling. Unless the call hands
    // back a pointer of no kind the model knows, kept somewhere: it may be
    // the object itself under another type (LLVM 2's
    // `S->Provider = LLVMCreateModuleProviderForExistingModule(S->Module)`).
    QualType R = CS.Call->getType();
    auto [Child, P] = climbParents(PM, CS.Call,
                                   Climb::Parens | Climb::ImplicitCasts |
                                       Climb::ExplicitCasts | Climb::FullExprs);
    bool Kept = isa_and_nonnull<DeclStmt>(P) ||
                (isa_and_nonnull<BinaryOperator>(P) &&
                 cast<BinaryOperator>(P)->isAssignmentOp());
    if (Kept && R->isPointerType() && !Model.kindOfPointer(R) &&
        !R->getPointeeType()->isCharType())
      Use.Escapes = true;
  }

  void classify(const MemberExpr *ME) {
    FieldRefUse U = fieldRefUseAt(PM, ME, FieldClimb::AddressOf);
    switch (U.K) {
    case FieldRefUse::None:
      return;
    case FieldRefUse::Deleted:
      Use.Released = true;
      return;
    case FieldRefUse::Argument:
      classifyArg(*U.Site, U.Index, U.AddressOf);
      return;
    // Copied out; a store into the field, or a comparison, keeps it.
    case FieldRefUse::StoredFrom:
    case FieldRefUse::Declared:
    case FieldRefUse::Returned:
    case FieldRefUse::InInitList:
    case FieldRefUse::Tested:
    case FieldRefUse::Chosen:
      Use.Escapes = true;
      return;
    case FieldRefUse::Operand:
      return;
    default:
      // Its address kept anywhere else.
      Use.Escapes |= U.AddressOf;
      return;
    }
  }

  const FieldDecl *F;
  const RecordDecl *Record;
  const ApiModel &Model;
  const llvm::DenseSet<const Decl *> &Seen;
  const Decl *D;
  const Stmt *Body;
  ParentMap PM;
  /// The other fields this function releases, and the first release.
  llvm::SmallPtrSet<const FieldDecl *, 4> OtherReleased;
  const Expr *FirstOther = nullptr;
  StructFieldUse &Use;
};

} // namespace

StructFieldUse scanStructField(const FieldDecl *F, const ApiModel &Model,
                               llvm::ArrayRef<FunctionBody> Functions) {
  StructFieldUse Use;
  llvm::DenseSet<const Decl *> Seen;
  for (const auto &[D, Body] : Functions)
    Seen.insert(D);
  for (const auto &[D, Body] : Functions) {
    if (!Body)
      continue;
    StructFieldScanner S(F, Model, Seen, D, Body, Use);
    S.TraverseStmt(const_cast<Stmt *>(Body));
  }
  return Use;
}

} // namespace clang::tidy::llvmown
