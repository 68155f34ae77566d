//===- CallSite.cpp -------------------------------------------------------===//

#include "engine/framework/CallSite.h"
#include "engine/framework/AstHelpers.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

namespace clang::tidy::llvmown {

namespace {

bool takes(const FunctionDecl *FD, unsigned NumArgs) {
  return FD && FD->getMinRequiredArguments() <= NumArgs &&
         (NumArgs <= FD->getNumParams() || FD->isVariadic());
}

/// Too few arguments for \p FD: code written for an LLVM whose signature
/// had fewer parameters (createTargetMachine before its relocation model
/// became a required parameter).
bool lacksArguments(const FunctionDecl *FD, unsigned NumArgs) {
  return FD && NumArgs < FD->getMinRequiredArguments();
}

/// The one function \p Callee names that takes \p NumArgs arguments, in a
/// call that does not compile; null if there is none or more than one.
/// When none takes that many, a call with too few arguments is still a
/// call of the function its name resolved to, or of the overloads of one
/// name that all need more (the same function in every LLVM version).
const FunctionDecl *recoveredCallee(const Expr *Callee, unsigned NumArgs) {
  Callee = Callee ? Callee->IgnoreParenImpCasts() : nullptr;
  const FunctionDecl *Found = nullptr;
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(Callee))
    Found = dyn_cast<FunctionDecl>(DRE->getDecl());
  else if (const auto *ME = dyn_cast_or_null<MemberExpr>(Callee))
    Found = dyn_cast<FunctionDecl>(ME->getMemberDecl());
  else if (const auto *OE = dyn_cast_or_null<OverloadExpr>(Callee)) {
    const FunctionDecl *Short = nullptr;
    bool AllShort = true;
    for (const NamedDecl *ND : OE->decls()) {
      const auto *FD = dyn_cast<FunctionDecl>(ND->getUnderlyingDecl());
      if (lacksArguments(FD, NumArgs)) {
        if (!Short)
          Short = FD;
        else if (Short->getQualifiedNameAsString() !=
                 FD->getQualifiedNameAsString())
          AllShort = false;
        continue;
      }
      AllShort = false;
      if (!takes(FD, NumArgs))
        continue;
      if (Found)
        return nullptr; // ambiguous
      Found = FD;
    }
    if (!Found && AllShort)
      return Short;
  }
  return takes(Found, NumArgs) || lacksArguments(Found, NumArgs) ? Found
                                                                 : nullptr;
}

/// The object a callee expression in error names the function of.
const Expr *recoveredObject(const Expr *Callee) {
  Callee = Callee ? Callee->IgnoreParenImpCasts() : nullptr;
  if (const auto *ME = dyn_cast_or_null<MemberExpr>(Callee))
    return ME->getBase();
  if (const auto *UME = dyn_cast_or_null<UnresolvedMemberExpr>(Callee))
    return UME->isImplicitAccess() ? nullptr : UME->getBase();
  return nullptr;
}

/// The file offsets of the top-level commas of the argument list written
/// after \p Callee up to the end of \p RE, and whether the list is empty;
/// nullopt when the source cannot be read (a macro, another file).
struct ArgList {
  llvm::SmallVector<unsigned, 4> Commas;
  bool Empty = true;
};
std::optional<ArgList> writtenArgs(const RecoveryExpr *RE, const Expr *Callee,
                                   const ASTContext &AC) {
  const SourceManager &SM = AC.getSourceManager();
  SourceLocation From = Callee->getEndLoc(), To = RE->getEndLoc();
  if (From.isMacroID() || To.isMacroID() ||
      SM.getFileID(From) != SM.getFileID(To))
    return std::nullopt;
  unsigned Begin = SM.getFileOffset(
      Lexer::getLocForEndOfToken(From, 0, SM, AC.getLangOpts()));
  bool Invalid = false;
  llvm::StringRef Text = SM.getBufferData(SM.getFileID(From), &Invalid);
  unsigned End = SM.getFileOffset(To);
  if (Invalid || Begin > End || End >= Text.size())
    return std::nullopt;
  // Skip to the '(' after the callee (template arguments may come first).
  while (Begin < End && Text[Begin] != '(')
    ++Begin;
  if (Begin >= End || Text[End] != ')')
    return std::nullopt;
  ArgList L;
  int Depth = 0;
  for (unsigned I = Begin + 1; I < End; ++I) {
    char C = Text[I];
    if (C == '"' || C == '\'') { // a literal: skip to its end
      for (++I; I < End && Text[I] != C; ++I)
        if (Text[I] == '\\')
          ++I;
      L.Empty = false;
      continue;
    }
    if (C == '/' && I + 1 < End && (Text[I + 1] == '/' || Text[I + 1] == '*'))
      return std::nullopt; // a comment in the list: not worth lexing
    if (C == '(' || C == '[' || C == '{')
      ++Depth;
    else if (C == ')' || C == ']' || C == '}')
      --Depth;
    else if (C == ',' && Depth == 0)
      L.Commas.push_back(I);
    if (!isspace(static_cast<unsigned char>(C)))
      L.Empty = false;
  }
  return L;
}

/// `f(args)` whose call could not be built: a RecoveryExpr of the callee
/// and the arguments (and not of a bare function name). Clang 22 leaves the
/// arguments in error out of it; with \p AC, where each argument is written
/// tells its position, and the count of written arguments the callee.
std::optional<CallSite> ofRecovery(const RecoveryExpr *RE,
                                   const ASTContext *AC) {
  llvm::ArrayRef<const Expr *> Sub = RE->subExpressions();
  if (Sub.empty() || !Sub.front() ||
      RE->getEndLoc() == Sub.front()->getEndLoc())
    return std::nullopt;
  CallSite CS;
  CS.Call = RE;
  std::optional<ArgList> Written =
      AC ? writtenArgs(RE, Sub.front(), *AC) : std::nullopt;
  unsigned NumArgs = Sub.size() - 1;
  if (Written)
    NumArgs = Written->Empty ? 0 : Written->Commas.size() + 1;
  CS.Callee = recoveredCallee(Sub.front(), NumArgs);
  if (!CS.Callee)
    return std::nullopt;
  CS.Object = recoveredObject(Sub.front());
  if (!Written || NumArgs == Sub.size() - 1) {
    CS.Args.append(Sub.begin() + 1, Sub.end());
    return CS;
  }
  // Some arguments are missing: place the others by where they are written.
  CS.Args.assign(NumArgs, nullptr);
  const SourceManager &SM = AC->getSourceManager();
  for (const Expr *A : Sub.drop_front()) {
    if (!A || A->getBeginLoc().isMacroID())
      return std::nullopt;
    unsigned Off = SM.getFileOffset(A->getBeginLoc());
    unsigned Slot =
        llvm::count_if(Written->Commas, [&](unsigned C) { return C < Off; });
    if (Slot >= NumArgs || CS.Args[Slot])
      return std::nullopt;
    CS.Args[Slot] = A;
  }
  return CS;
}

} // namespace

std::optional<CallSite> CallSite::of(const Expr *E, const ASTContext *AC) {
  if (const auto *RE = dyn_cast_or_null<RecoveryExpr>(E))
    return ofRecovery(RE, AC);
  CallSite CS;
  CS.Call = E;
  if (const auto *CE = dyn_cast_or_null<CallExpr>(E)) {
    CS.Callee = CE->getDirectCallee();
    CS.Args.append(CE->arg_begin(), CE->arg_end());
    if (CE->containsErrors() && !isa<CXXMemberCallExpr>(CE) &&
        !isa<CXXOperatorCallExpr>(CE)) {
      // Not built as the call it is: name the callee if that is
      // unambiguous, and the object of a member function.
      CS.Callee = recoveredCallee(CE->getCallee(), CS.Args.size());
      CS.Object = recoveredObject(CE->getCallee());
      return CS;
    }
    if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(CE)) {
      CS.Object = MCE->getImplicitObjectArgument();
    } else if (const auto *MD = dyn_cast_or_null<CXXMethodDecl>(CS.Callee);
               isa<CXXOperatorCallExpr>(CE) && MD && !MD->isStatic() &&
               !CS.Args.empty()) {
      // `A = B`, `A[I]`, `*P`: the first operand is the object.
      CS.Object = CS.Args.front();
      CS.Args.erase(CS.Args.begin());
    }
    return CS;
  }
  if (const auto *CCE = dyn_cast_or_null<CXXConstructExpr>(E)) {
    CS.Callee = CCE->getConstructor();
    CS.Args.append(CCE->arg_begin(), CCE->arg_end());
    return CS;
  }
  return std::nullopt;
}

bool CallSite::isConstruction() const { return isa<CXXConstructExpr>(Call); }

OverloadedOperatorKind CallSite::op() const {
  const auto *OCE = dyn_cast<CXXOperatorCallExpr>(Call);
  return OCE ? OCE->getOperator() : OO_None;
}

int CallSite::indexOf(const Stmt *E) const {
  if (E && E == Object)
    return ThisArg;
  for (unsigned I = 0; I < Args.size(); ++I)
    if (Args[I] == E)
      return int(I);
  return -1;
}

const Expr *CallSite::arg(int Index) const {
  if (Index == ThisArg)
    return Object;
  return Index >= 0 && unsigned(Index) < Args.size() ? Args[Index] : nullptr;
}

FieldRefUse fieldRefUseAt(const ParentMap &PM, const Expr *Ref,
                          FlagSet<FieldClimb> Also) {
  const FlagSet<Climb> Through = Climb::Parens | Climb::ImplicitCasts |
                                 Climb::ExplicitCasts | Climb::FullExprs;
  Consumer C = climbParents(PM, Ref, Through);
  FieldRefUse U;
  if (const auto *ASE = dyn_cast_or_null<ArraySubscriptExpr>(C.Parent);
      ASE && Also.has(FieldClimb::Subscript) && ASE->getBase() == C.Child)
    C = climbParents(PM, ASE, Through);
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(C.Parent);
      UO && Also.has(FieldClimb::AddressOf) && UO->getOpcode() == UO_AddrOf) {
    U.AddressOf = true;
    C = climbParents(PM, UO, Climb::Parens | Climb::ImplicitCasts);
  }
  const Stmt *Child = C.Child, *P = C.Parent;
  if (!P)
    return U;
  if (isa<CXXDeleteExpr>(P)) {
    U.K = FieldRefUse::Deleted;
  } else if (std::optional<CallSite> CS = CallSite::of(dyn_cast<Expr>(P))) {
    U.Index = CS->indexOf(Child);
    U.K = U.Index >= 0 ? FieldRefUse::Argument : FieldRefUse::InCall;
    U.Site = std::move(CS);
  } else if (const auto *BO = dyn_cast<BinaryOperator>(P)) {
    U.K = BO->isAssignmentOp() && BO->getRHS() == Child
              ? FieldRefUse::StoredFrom
              : FieldRefUse::Operand;
  } else if (const auto *UO = dyn_cast<UnaryOperator>(P)) {
    U.K = UO->getOpcode() == UO_AddrOf ? FieldRefUse::AddressTaken
                                       : FieldRefUse::Unary;
  } else if (const auto *CO = dyn_cast<AbstractConditionalOperator>(P)) {
    U.K = CO->getCond() == Child ? FieldRefUse::Tested : FieldRefUse::Chosen;
  } else if (isa<DeclStmt>(P)) {
    U.K = FieldRefUse::Declared;
  } else if (isa<InitListExpr>(P)) {
    U.K = FieldRefUse::InInitList;
  } else if (isa<ReturnStmt>(P)) {
    U.K = FieldRefUse::Returned;
  } else if (isa<LambdaExpr>(P)) {
    U.K = FieldRefUse::Captured;
  } else if (isa<CXXThrowExpr>(P)) {
    U.K = FieldRefUse::Thrown;
  } else {
    U.K = FieldRefUse::Other;
  }
  return U;
}

} // namespace clang::tidy::llvmown
