//===- ModuleOutlivesContextCheck.cpp -------------------------------------===//
//
// Turns the lifetime analysis' facts into diagnostics; the class-level
// member-order rule is decided here from the bindings the analysis saw in
// all member functions.
//
//===----------------------------------------------------------------------===//

#include "ModuleOutlivesContextCheck.h"
#include "engine/LifetimeAnalysis.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace clang::tidy::llvmown {

namespace {

std::string quoted(const NamedDecl *D) {
  return D ? ("'" + D->getNameAsString() + "'") : std::string("it");
}

/// True if the destructor of \p RD releases member \p F itself (reset(),
/// clear(), = nullptr, release()), which fixes the order by hand.
bool destructorReleases(const CXXRecordDecl *RD, const FieldDecl *F) {
  const CXXDestructorDecl *Dtor = RD->getDestructor();
  const FunctionDecl *Def = nullptr;
  if (!Dtor || !Dtor->hasBody(Def) || !Def)
    return false;
  struct Finder : RecursiveASTVisitor<Finder> {
    const FieldDecl *F;
    bool Found = false;
    bool VisitCXXMemberCallExpr(CXXMemberCallExpr *MCE) {
      const auto *ME = dyn_cast<MemberExpr>(
          MCE->getImplicitObjectArgument()->IgnoreParenImpCasts());
      if (ME && ME->getMemberDecl() == F)
        Found = true;
      return !Found;
    }
    bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *OCE) {
      if (OCE->getOperator() == OO_Equal && OCE->getNumArgs() == 2)
        if (const auto *ME =
                dyn_cast<MemberExpr>(OCE->getArg(0)->IgnoreParenImpCasts()))
          if (ME->getMemberDecl() == F)
            Found = true;
      return !Found;
    }
  } Fd;
  Fd.F = F;
  Fd.TraverseStmt(Def->getBody());
  return Fd.Found;
}

/// The source of one member declaration, up to and including its `;`;
/// invalid if it shares the declaration with another member or is in a
/// macro.
CharSourceRange declarationRange(const FieldDecl *F, const SourceManager &SM,
                                 const LangOptions &LO) {
  SourceRange R = F->getSourceRange();
  if (R.getBegin().isMacroID() || R.getEnd().isMacroID())
    return {};
  std::optional<Token> Semi = Lexer::findNextToken(R.getEnd(), SM, LO);
  if (!Semi || !Semi->is(tok::semi))
    return {};
  return CharSourceRange::getCharRange(R.getBegin(), Semi->getEndLoc());
}

} // namespace

ModuleOutlivesContextCheck::ModuleOutlivesContextCheck(
    StringRef Name, ClangTidyContext *Context)
    : FunctionBodyCheck(Name, Context) {}

void ModuleOutlivesContextCheck::analyzeFunctions(
    ASTContext &Ctx, llvm::ArrayRef<FunctionBody> Functions) {
  const SourceManager &SM = Ctx.getSourceManager();
  LifetimeAnalysis LA(Model, Ctx);
  auto Line = [&](SourceLocation L) {
    return SM.getPresumedLineNumber(SM.getExpansionLoc(L));
  };
  struct MemberPair {
    const FieldDecl *Holder, *Context;
    const Stmt *Site;
  };
  std::vector<MemberPair> Members;

  for (const auto &[D, Body] : Functions) {
    if (!LA.mentionsContexts(D, Body))
      continue;
    LifetimeFacts F = LA.analyze(D, Body);
    if (!F.Analysed)
      continue;

    // One report per variable: the first use in the source. A holder's
    // destruction at the end of its scope is only reported when nothing
    // else already showed that this context ended too early.
    llvm::DenseSet<unsigned> OwnersWithUses;
    for (const UseAfterEndFact &U : F.Uses)
      if (!U.ImplicitDestruction)
        OwnersWithUses.insert(U.Owner);
    llvm::DenseMap<const NamedDecl *, const UseAfterEndFact *> First;
    for (const UseAfterEndFact &U : F.Uses) {
      if (U.ImplicitDestruction && OwnersWithUses.count(U.Owner))
        continue;
      const UseAfterEndFact *&Slot = First[U.Value];
      if (!Slot || SM.isBeforeInTranslationUnit(U.Use, Slot->Use))
        Slot = &U;
    }
    std::vector<const UseAfterEndFact *> Uses;
    for (const auto &E : First)
      Uses.push_back(E.second);
    llvm::sort(Uses, [&](const UseAfterEndFact *A, const UseAfterEndFact *B) {
      return SM.isBeforeInTranslationUnit(A->Use, B->Use);
    });
    for (const UseAfterEndFact *U : Uses) {
      const Owner &O = F.Owners[U->Owner];
      std::string OwnerName = quoted(O.holder());
      bool FromTSM = O.Kind && O.Kind->Id == KindId::ThreadSafeModule;
      bool Moved = U->End.How == EndHow::MovedIntoCall;
      std::string How =
          Moved ? "moved into '" + U->End.Callee + "'" : "destroyed";
      // A context moved into a callee is destroyed there; the note says
      // where it went.
      if (FromTSM)
        diag(U->Use, "%0 was borrowed from ThreadSafeModule %1, which was %2 "
                     "at line %3")
            << quoted(U->Value) << OwnerName << How << Line(U->End.Where);
      else
        diag(U->Use, "%0 belongs to LLVMContext %1, which was destroyed at "
                     "line %2")
            << quoted(U->Value) << OwnerName << Line(U->End.Where);
      diag(U->End.Where, "%0 is %1 here", DiagnosticIDs::Note)
          << OwnerName << How;
      if (U->BindSite)
        diag(U->BindSite->getBeginLoc(),
             FromTSM ? "%0 is borrowed from %1 here" : "%0 is bound to %1 here",
             DiagnosticIDs::Note)
            << quoted(U->Value) << OwnerName;
    }

    for (const EscapeFact &E : F.Escapes) {
      const Owner &O = F.Owners[E.Owner];
      diag(E.At->getBeginLoc(),
           "module %select{stored|returned}0 here belongs to LLVMContext %1, "
           "which is destroyed when the function returns")
          << E.IsReturn << quoted(O.holder());
      if (E.BindSite)
        diag(E.BindSite->getBeginLoc(), "%0 is bound to %1 here",
             DiagnosticIDs::Note)
            << (E.Value ? quoted(E.Value) : std::string("the module"))
            << quoted(O.holder());
    }

    for (const DeclOrderFact &DO : F.Orders) {
      const Owner &O = F.Owners[DO.Owner];
      diag(DO.Holder->getLocation(),
           "%0 is destroyed after LLVMContext %1, which already deleted its "
           "module; declare %1 before %0")
          << quoted(DO.Holder) << quoted(O.holder());
      diag(O.holder()->getLocation(), "%0 is declared here",
           DiagnosticIDs::Note)
          << quoted(O.holder());
    }

    for (const FieldBindFact &FB : F.FieldBinds)
      Members.push_back({FB.Holder, FB.Context, FB.Site});
  }

  // Members: a module holder declared before the context its modules are
  // created in is destroyed after it.
  llvm::DenseSet<std::pair<const FieldDecl *, const FieldDecl *>> Done;
  for (const MemberPair &MP : Members) {
    if (!Done.insert({MP.Holder, MP.Context}).second)
      continue;
    const auto *RD = dyn_cast<CXXRecordDecl>(MP.Holder->getParent());
    if (!RD || RD != MP.Context->getParent() ||
        !ApiModel::isOwningHolder(MP.Holder->getType()) ||
        MP.Holder->getFieldIndex() > MP.Context->getFieldIndex() ||
        destructorReleases(RD, MP.Holder))
      continue;
    if (!SM.isInMainFile(SM.getExpansionLoc(MP.Holder->getLocation())) &&
        !SM.isInMainFile(SM.getExpansionLoc(MP.Site->getBeginLoc())))
      continue;
    {
    auto Diag = diag(MP.Holder->getLocation(),
                     "member %0 is destroyed after member %1, the LLVMContext "
                     "its module is created in; declare %1 before %0")
                << quoted(MP.Holder) << quoted(MP.Context);
    // Swapping is all it takes when the two declarations are adjacent.
    const LangOptions &LO = getLangOpts();
    CharSourceRange HR = declarationRange(MP.Holder, SM, LO);
    CharSourceRange CR = declarationRange(MP.Context, SM, LO);
    if (HR.isValid() && CR.isValid() &&
        MP.Context->getFieldIndex() == MP.Holder->getFieldIndex() + 1) {
      StringRef Between = Lexer::getSourceText(
          CharSourceRange::getCharRange(HR.getEnd(), CR.getBegin()), SM, LO);
      if (Between.trim().empty()) {
        StringRef HText = Lexer::getSourceText(HR, SM, LO);
        StringRef CText = Lexer::getSourceText(CR, SM, LO);
        Diag << FixItHint::CreateReplacement(HR, CText)
             << FixItHint::CreateReplacement(CR, HText);
      }
    }
    } // emits the warning before its notes
    diag(MP.Context->getLocation(), "%0 is declared here", DiagnosticIDs::Note)
        << quoted(MP.Context);
    diag(MP.Site->getBeginLoc(), "the module is created in %0 here",
         DiagnosticIDs::Note)
        << quoted(MP.Context);
  }
}

} // namespace clang::tidy::llvmown
