//===- AstHelpers.cpp -----------------------------------------------------===//

#include "engine/framework/AstHelpers.h"
#include "engine/framework/Lattice.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/Path.h"
#include <initializer_list>

namespace clang::tidy::llvmown {

// C++'s value-category casts, not an API the model describes: the value
// passes through them, as through a cast.
static const llvm::StringRef MoveFunctions[] = {"move", "forward"};

bool isStdMoveFunction(const FunctionDecl *FD) {
  return FD && FD->isInStdNamespace() && FD->getIdentifier() &&
         llvm::is_contained(MoveFunctions, FD->getName());
}

bool isStdMove(const Expr *E) {
  const auto *CE = dyn_cast_or_null<CallExpr>(E);
  return CE && CE->getNumArgs() == 1 &&
         isStdMoveFunction(CE->getDirectCallee());
}

const Expr *skipTransparent(const Expr *E) {
  while (E) {
    E = E->IgnoreParens();
    if (const auto *C = dyn_cast<CastExpr>(E)) {
      // A constructor or conversion-operator conversion: the value is the
      // constructor or conversion call underneath.
      E = C->getSubExpr();
      continue;
    }
    if (const auto *FE = dyn_cast<FullExpr>(E)) {
      E = FE->getSubExpr();
      continue;
    }
    if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E)) {
      E = M->getSubExpr();
      continue;
    }
    if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E)) {
      E = B->getSubExpr();
      continue;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(E);
        BO && BO->getOpcode() == BO_Comma) {
      E = BO->getRHS();
      continue;
    }
    if (isStdMove(E)) {
      E = cast<CallExpr>(E)->getArg(0);
      continue;
    }
    return E;
  }
  return E;
}

const FieldDecl *thisField(const Expr *E) {
  const auto *ME =
      dyn_cast_or_null<MemberExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
  if (!ME)
    return nullptr;
  if (!isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
    return nullptr;
  return dyn_cast<FieldDecl>(ME->getMemberDecl());
}

bool isNullConstant(const Expr *E, ASTContext &Ctx) {
  return E->IgnoreParenImpCasts()->isNullPointerConstant(
             Ctx, Expr::NPC_ValueDependentIsNotNull) != Expr::NPCK_NotNull;
}

namespace {
bool passesThrough(const Stmt *P, FlagSet<Climb> Through) {
  if (isa<ParenExpr>(P))
    return Through.has(Climb::Parens);
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(P)) {
    if (Through.has(Climb::ImplicitCasts))
      return true;
    CastKind K = ICE->getCastKind();
    if (Through.has(Climb::ImplicitCastsButToBool) && K != CK_PointerToBoolean)
      return true;
    return Through.has(Climb::ReadCasts) &&
           (K == CK_LValueToRValue || K == CK_NoOp);
  }
  if (isa<ExplicitCastExpr>(P))
    return Through.has(Climb::ExplicitCasts);
  if (isa<FullExpr>(P))
    return Through.has(Climb::FullExprs);
  if (isa<MaterializeTemporaryExpr>(P) || isa<CXXBindTemporaryExpr>(P))
    return Through.has(Climb::Temporaries);
  if (const auto *CE = dyn_cast<CXXConstructExpr>(P))
    return Through.has(Climb::Copies) && CE->getNumArgs() == 1;
  return false;
}
} // namespace

Consumer climbParents(const ParentMap &PM, const Stmt *S,
                      FlagSet<Climb> Through) {
  Consumer C{S, PM.getParent(S)};
  while (C.Parent && passesThrough(C.Parent, Through)) {
    C.Child = C.Parent;
    C.Parent = PM.getParent(C.Parent);
  }
  return C;
}

bool isNullTest(const Expr *E, const ParentMap &PM) {
  const Stmt *P =
      climbParents(PM, E, Climb::Parens | Climb::ImplicitCastsButToBool).Parent;
  if (!P)
    return false;
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(P))
    return ICE->getCastKind() == CK_PointerToBoolean;
  if (const auto *UO = dyn_cast<UnaryOperator>(P))
    return UO->getOpcode() == UO_LNot;
  if (const auto *BO = dyn_cast<BinaryOperator>(P))
    return BO->isEqualityOp();
  // unique_ptr's explicit operator bool: `if (M)` is a member call on M.
  if (const auto *ME = dyn_cast<MemberExpr>(P))
    if (isa<CXXConversionDecl>(ME->getMemberDecl()))
      return true;
  return false;
}

const Expr *peelNullTests(const Expr *E, bool &Negated, ASTContext &Ctx) {
  E = E->IgnoreParenImpCasts();
  while (true) {
    if (const auto *UO = dyn_cast<UnaryOperator>(E);
        UO && UO->getOpcode() == UO_LNot) {
      Negated = !Negated;
      E = UO->getSubExpr()->IgnoreParenImpCasts();
      continue;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(E);
        BO && BO->isEqualityOp()) {
      const Expr *Other = nullptr;
      if (isNullConstant(BO->getRHS(), Ctx))
        Other = BO->getLHS();
      else if (isNullConstant(BO->getLHS(), Ctx))
        Other = BO->getRHS();
      if (!Other)
        return nullptr;
      if (BO->getOpcode() == BO_EQ)
        Negated = !Negated;
      E = Other->IgnoreParenImpCasts();
      continue;
    }
    return E;
  }
}

const Expr *nullTestedOnEdge(const CFGBlock *From, unsigned SuccIndex,
                             ASTContext &Ctx) {
  if (From->succ_size() != 2)
    return nullptr;
  const auto *E = dyn_cast_or_null<Expr>(
      From->getTerminatorCondition(/*StripParens=*/true));
  if (!E)
    return nullptr;
  // The block that ends a condition `A && B` (or `||`) of an if or a loop
  // evaluates B: its edges tell B's value (A's block ends in the operator,
  // whose condition is A).
  while (const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParens())) {
    if (!BO->isLogicalOp() || From->getTerminatorStmt() == BO)
      break;
    E = BO->getRHS()->IgnoreParens();
  }
  // On which edge is the tested pointer null? Successor 0 is "true".
  bool NullOnTrue = false;
  E = peelNullTests(E, NullOnTrue, Ctx);
  if (!E)
    return nullptr;
  // `if ((Err = f()))` tests what was stored: Err holds the value now.
  if (const auto *BO = dyn_cast<BinaryOperator>(E);
      BO && BO->getOpcode() == BO_Assign)
    E = BO->getLHS()->IgnoreParenImpCasts();
  // `M == nullptr` on a smart pointer is an operator call.
  if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(E);
      OCE && OCE->getNumArgs() == 2 &&
      (OCE->getOperator() == OO_EqualEqual ||
       OCE->getOperator() == OO_ExclaimEqual)) {
    const Expr *Other = nullptr;
    if (isNullConstant(OCE->getArg(1), Ctx))
      Other = OCE->getArg(0);
    else if (isNullConstant(OCE->getArg(0), Ctx))
      Other = OCE->getArg(1);
    if (!Other)
      return nullptr;
    if (OCE->getOperator() == OO_EqualEqual)
      NullOnTrue = !NullOnTrue;
    E = Other->IgnoreParenImpCasts();
  } else if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(E);
             MCE && isa_and_nonnull<CXXConversionDecl>(MCE->getMethodDecl())) {
    // A smart pointer's explicit operator bool: `if (M)`.
    E = MCE->getImplicitObjectArgument()->IgnoreParenImpCasts();
  }
  // `if (P)`: P is null on the false edge unless negated.
  bool NullHere = (SuccIndex == 0) == NullOnTrue;
  return NullHere ? E : nullptr;
}

SourceLocation bodyEndLoc(const Stmt *Body) {
  if (const auto *CS = dyn_cast<CompoundStmt>(Body))
    return CS->getRBracLoc();
  return Body->getEndLoc();
}

SourceLocation scopeEndLoc(const CFGLifetimeEnds &LE, const Stmt *Body) {
  const Stmt *Trigger = LE.getTriggerStmt();
  if (!Trigger)
    return bodyEndLoc(Body);
  if (const auto *CS = dyn_cast<CompoundStmt>(Trigger))
    return CS->getRBracLoc();
  return Trigger->getBeginLoc();
}

bool diesAtFunctionExit(const CFGLifetimeEnds &LE, const Stmt *Body) {
  const Stmt *Trigger = LE.getTriggerStmt();
  return !Trigger || isa<ReturnStmt>(Trigger) || Trigger == Body;
}

/// The function whose body a lambda's body is part of.
const FunctionDecl *outerFunction(const Decl *D) {
  const auto *FD = dyn_cast_or_null<FunctionDecl>(D);
  while (FD) {
    const auto *MD = dyn_cast<CXXMethodDecl>(FD);
    if (!MD || !MD->getParent()->isLambda())
      return FD;
    FD = dyn_cast_or_null<FunctionDecl>(
        MD->getParent()->getDeclContext()->getNonClosureAncestor());
  }
  return FD;
}

bool forEachStmt(const Stmt *Body, llvm::function_ref<bool(const Stmt *)> Fn,
                 bool IntoLambdas) {
  struct Walker : RecursiveASTVisitor<Walker> {
    llvm::function_ref<bool(const Stmt *)> Fn;
    bool IntoLambdas;
    bool Stopped = false;
    bool TraverseLambdaExpr(LambdaExpr *LE) {
      return !IntoLambdas || RecursiveASTVisitor::TraverseLambdaExpr(LE);
    }
    bool VisitStmt(Stmt *S) {
      Stopped = !Fn(S);
      return !Stopped;
    }
  } W{{}, Fn, IntoLambdas};
  if (Body)
    W.TraverseStmt(const_cast<Stmt *>(Body));
  return !W.Stopped;
}

bool keepsPointerParam(const FunctionDecl *FD, unsigned I, unsigned Depth) {
  const FunctionDecl *Def = nullptr;
  if (!FD || !FD->hasBody(Def) || !Def || I >= Def->getNumParams() ||
      Def->isDependentContext() ||
      Def->getASTContext().getSourceManager().isInSystemHeader(
          Def->getLocation()))
    return false;
  const ParmVarDecl *P = Def->getParamDecl(I);
  struct Finder : RecursiveASTVisitor<Finder> {
    const ParmVarDecl *P;
    unsigned Depth;
    ParentMap PM;
    /// The parameter and the local pointers initialised from it.
    llvm::SmallPtrSet<const VarDecl *, 4> Aliases;
    bool Kept = false;
    Finder(const ParmVarDecl *P, unsigned Depth, Stmt *Body)
        : P(P), Depth(Depth), PM(Body) {
      Aliases.insert(P);
    }
    bool VisitDeclRefExpr(DeclRefExpr *DRE) {
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
          VD && Aliases.count(VD))
        Kept = keeps(DRE);
      return !Kept;
    }
    bool keeps(const Expr *E) {
      PointerUse U = pointerUseAt(PM, E);
      switch (U.K) {
      case PointerUse::Returned:
      case PointerUse::InInitList:
      case PointerUse::Declared:
      case PointerUse::StoredFrom:
        return true;
      case PointerUse::Aliased: // followed
        Aliases.insert(U.Alias);
        return false;
      case PointerUse::Passed: {
        const FunctionDecl *Callee = U.Call->getDirectCallee();
        for (unsigned A = 0; A < U.Call->getNumArgs(); ++A)
          if (U.Call->getArg(A) == U.Child)
            return Depth > 0 && Callee && Callee != P->getDeclContext() &&
                   keepsPointerParam(Callee, A, Depth - 1);
        return false;
      }
      case PointerUse::Built: {
        // A std::string copies the characters; another object (a view, a
        // project's string type) may keep the pointer.
        const CXXRecordDecl *RD = U.Construct->getConstructor()->getParent();
        return !(RD->isInStdNamespace() && RD->getIdentifier() &&
                 RD->getName() == "basic_string");
      }
      case PointerUse::Captured:
      case PointerUse::AddressTaken:
      case PointerUse::Other:
        return false;
      }
      return false;
    }
  } F(P, Depth, Def->getBody());
  F.TraverseStmt(Def->getBody());
  return F.Kept;
}

bool isSourceFileName(llvm::StringRef Name) {
  llvm::StringRef Ext = llvm::sys::path::extension(Name);
  return llvm::is_contained(
      std::initializer_list<llvm::StringRef>{".c", ".cc", ".cpp", ".cxx",
                                             ".c++", ".C", ".m", ".mm", ".cu"},
      Ext);
}

const VarDecl *localPointerAlias(const DeclStmt *DS) {
  const auto *VD =
      DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
  return VD && VD->isLocalVarDecl() && !VD->isStaticLocal() &&
                 VD->getType()->isPointerType()
             ? VD
             : nullptr;
}

PointerUse pointerUseAt(const ParentMap &PM, const Expr *Ref) {
  auto [Child, Parent] = climbParents(
      PM, Ref,
      Climb::Parens | Climb::ImplicitCastsButToBool | Climb::ExplicitCasts);
  PointerUse U;
  U.Child = Child;
  if (!Parent)
    return U;
  if (isa<ReturnStmt>(Parent))
    U.K = PointerUse::Returned;
  else if (isa<InitListExpr>(Parent))
    U.K = PointerUse::InInitList;
  else if (isa<LambdaExpr>(Parent))
    U.K = PointerUse::Captured;
  else if (const auto *CE = dyn_cast<CXXConstructExpr>(Parent)) {
    U.K = PointerUse::Built;
    U.Construct = CE;
  } else if (const auto *DS = dyn_cast<DeclStmt>(Parent)) {
    U.Alias = localPointerAlias(DS);
    U.K = U.Alias ? PointerUse::Aliased : PointerUse::Declared;
  } else if (const auto *BO = dyn_cast<BinaryOperator>(Parent)) {
    if (BO->isAssignmentOp() && BO->getRHS() == Child)
      U.K = PointerUse::StoredFrom;
  } else if (const auto *UO = dyn_cast<UnaryOperator>(Parent)) {
    if (UO->getOpcode() == UO_AddrOf)
      U.K = PointerUse::AddressTaken;
  } else if (const auto *CE = dyn_cast<CallExpr>(Parent)) {
    U.K = PointerUse::Passed;
    U.Call = CE;
  }
  return U;
}

bool isInUnitSource(const SourceManager &SM, SourceLocation Loc) {
  Loc = SM.getExpansionLoc(Loc);
  if (Loc.isInvalid())
    return false;
  if (SM.isInMainFile(Loc))
    return true;
  if (SM.isInSystemHeader(Loc))
    return false;
  return isSourceFileName(SM.getFilename(Loc));
}

bool isEarlier(const SourceManager &SM, SourceLocation A, SourceLocation B) {
  if (A.isInvalid())
    return false;
  if (B.isInvalid())
    return true;
  return SM.isBeforeInTranslationUnit(A, B);
}

FunctionBody analyzedBody(const FunctionDecl *FD) {
  if (!FD || FD->isDependentContext() || !FD->hasBody() || FD->isInvalidDecl())
    return {nullptr, nullptr};
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD);
      MD && MD->getParent()->isLambda())
    return {nullptr, nullptr};
  return {FD, FD->getBody()};
}

namespace {

/// Some function instantiated from \p Pattern has a body in the unit.
bool hasInstantiatedBody(const FunctionDecl *Pattern) {
  auto FromIt = [&](const FunctionDecl *FD) {
    return FD && FD->hasBody() && FD->getTemplateInstantiationPattern() &&
           FD->getTemplateInstantiationPattern()->getCanonicalDecl() ==
               Pattern->getCanonicalDecl();
  };
  if (const FunctionTemplateDecl *FT = Pattern->getDescribedFunctionTemplate())
    return llvm::any_of(FT->specializations(), FromIt);
  const auto *MD = dyn_cast<CXXMethodDecl>(Pattern);
  const ClassTemplateDecl *CT =
      MD ? MD->getParent()->getDescribedClassTemplate() : nullptr;
  if (!CT)
    return true; // not a pattern this knows: take it as instantiated
  for (const ClassTemplateSpecializationDecl *Spec : CT->specializations())
    for (const Decl *D : Spec->decls())
      if (FromIt(dyn_cast<FunctionDecl>(D)))
        return true;
  return false;
}

} // namespace

FunctionBody uninstantiatedPattern(const FunctionDecl *FD) {
  if (!FD || !FD->isDependentContext() || !FD->doesThisDeclarationHaveABody() ||
      FD->isInvalidDecl() || FD->isLateTemplateParsed())
    return {nullptr, nullptr};
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  if (MD && MD->getParent()->isLambda())
    return {nullptr, nullptr};
  // Only the two plain shapes: a member of a class template defined in the
  // class or out of line, and a function template.
  bool ClassMember = MD && MD->getParent()->getDescribedClassTemplate() &&
                     !FD->getDescribedFunctionTemplate();
  bool FunctionTemplate = FD->getDescribedFunctionTemplate() &&
                          !FD->getDeclContext()->isDependentContext();
  if ((!ClassMember && !FunctionTemplate) || hasInstantiatedBody(FD))
    return {nullptr, nullptr};
  return {FD, FD->getBody()};
}

FunctionBody analyzedBody(const LambdaExpr *LE) {
  if (!LE)
    return {nullptr, nullptr};
  // A generic lambda's call operator is a template: its first instantiation
  // with a body (the one a callback's std::function makes) stands for it.
  if (const FunctionTemplateDecl *FT = LE->getDependentCallOperator()) {
    for (const FunctionDecl *Spec : FT->specializations())
      if (Spec->hasBody() && !Spec->isDependentContext() &&
          !Spec->isInvalidDecl())
        return {Spec, Spec->getBody()};
    return {nullptr, nullptr};
  }
  if (LE->getCallOperator()->isDependentContext() ||
      LE->getCallOperator()->isInvalidDecl())
    return {nullptr, nullptr};
  return {LE->getCallOperator(), LE->getBody()};
}

bool isUnresolvedMemberOf(const RecoveryExpr *RE, const ASTContext &Ctx) {
  auto Sub = RE->subExpressions();
  if (Sub.size() != 1 || !Sub.front() || RE->getEndLoc().isMacroID() ||
      Sub.front()->getEndLoc().isMacroID())
    return false;
  const SourceManager &SM = Ctx.getSourceManager();
  // llvm::Optional before LLVM 16, std::optional after.
  auto Next =
      Lexer::findNextToken(Sub.front()->getEndLoc(), SM, Ctx.getLangOpts());
  if (!Next || !Next->isOneOf(tok::arrow, tok::period))
    return false;
  // Either the member's name is the last token of the recovery expression,
  // or (a class only declared) the expression is the object alone, the
  // base of a member access that Clang left dependent.
  return SM.getFileOffset(Next->getLocation()) <
             SM.getFileOffset(RE->getEndLoc()) ||
         RE->getEndLoc() == Sub.front()->getEndLoc();
}

llvm::SmallVector<Stmt *, 4> bodyAndInitializers(const Decl *D,
                                                 const Stmt *Body) {
  llvm::SmallVector<Stmt *, 4> Roots;
  if (const auto *Ctor = dyn_cast_or_null<CXXConstructorDecl>(D))
    for (const CXXCtorInitializer *Init : Ctor->inits())
      if (Expr *IE = Init->getInit())
        Roots.push_back(IE);
  Roots.push_back(const_cast<Stmt *>(Body));
  return Roots;
}

//===--- Source order -----------------------------------------------------===//

bool EarlierStmt::operator()(const Stmt *A, const Stmt *B) const {
  if (A->getBeginLoc() != B->getBeginLoc())
    return EarlierLoc()(A->getBeginLoc(), B->getBeginLoc());
  if (A->getEndLoc() != B->getEndLoc())
    return EarlierLoc()(B->getEndLoc(), A->getEndLoc()); // outer first
  return A < B;
}

bool EarlierDecl::operator()(const NamedDecl *A, const NamedDecl *B) const {
  if (!A || !B)
    return !A && B; // none first
  if (A->getLocation() != B->getLocation())
    return EarlierLoc()(A->getLocation(), B->getLocation());
  return A < B;
}

} // namespace clang::tidy::llvmown
