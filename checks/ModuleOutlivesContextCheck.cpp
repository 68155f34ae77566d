//===- ModuleOutlivesContextCheck.cpp -------------------------------------===//
//
// Turns the lifetime analysis' facts into diagnostics: uses after the
// owner's end, modules escaping with a dying context, module holders
// declared before their context, and (the class-level rule, decided by the
// engine from every member function's bindings) member holders declared
// before their context member.
//
//===----------------------------------------------------------------------===//

#include "ModuleOutlivesContextCheck.h"
#include "engine/analyses/lifetime/LifetimeAnalysis.h"
#include "engine/framework/Compat.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace clang::tidy::llvmown {

namespace {

std::string quoted(const NamedDecl *D) {
  return D ? ("'" + D->getNameAsString() + "'") : std::string("it");
}

/// The source of one member declaration, up to and including its `;`;
/// invalid if it shares the declaration with another member or is in a
/// macro.
CharSourceRange declarationRange(const FieldDecl *F, const SourceManager &SM,
                                 const LangOptions &LO) {
  SourceRange R = F->getSourceRange();
  if (R.getBegin().isMacroID() || R.getEnd().isMacroID())
    return {};
  std::optional<Token> Semi = compat::findNextToken(R.getEnd(), SM, LO);
  if (!Semi || !Semi->is(tok::semi))
    return {};
  return CharSourceRange::getCharRange(R.getBegin(), Semi->getEndLoc());
}

/// One report per variable: the first use in the source. A holder's
/// destruction at the end of its scope is only reported when nothing else
/// already showed that this context ended too early.
std::vector<const UseAfterEndFact *> usesToReport(const LifetimeFacts &F,
                                                  const SourceManager &SM) {
  llvm::DenseSet<unsigned> OwnersWithUses;
  for (const UseAfterEndFact &U : F.Uses)
    if (!U.ImplicitDestruction)
      OwnersWithUses.insert(U.Owner);
  std::vector<const UseAfterEndFact *> Kept;
  for (const UseAfterEndFact &U : F.Uses)
    if (!U.ImplicitDestruction || !OwnersWithUses.count(U.Owner))
      Kept.push_back(&U);
  std::vector<const UseAfterEndFact *> Out;
  for (const UseAfterEndFact *const *U : earliestPerKey(
           llvm::ArrayRef(Kept),
           [](const UseAfterEndFact *U) { return U->Value; },
           [](const UseAfterEndFact *U) { return U->Use; }, SM))
    Out.push_back(*U);
  return Out;
}

/// `Class::member`, as the user wrote the class.
std::string memberName(const FieldDecl *F) {
  return (F->getParent()->getName() + "::" + F->getName()).str();
}

} // namespace

ModuleOutlivesContextCheck::ModuleOutlivesContextCheck(
    StringRef Name, ClangTidyContext *Context)
    : FunctionBodyCheck(Name, Context) {
  CollectClasses = true;
}

void ModuleOutlivesContextCheck::reportUse(const LifetimeFacts &F,
                                           const UseAfterEndFact &U) {
  const Owner &O = F.Objects[U.Owner];
  if (O.Temporary)
    return reportTemporaryOwner(O, U);
  if (O.UniqueHolder) {
    diag(U.Use, "%0 points to a module that std::unique_ptr %1 deleted at "
                "line %2")
        << quoted(U.Value) << quoted(O.holder()) << line(U.End.Where);
    diag(U.End.Where, "%0 is destroyed here, deleting its module",
         DiagnosticIDs::Note)
        << quoted(O.holder());
    if (U.BindSite)
      diag(U.BindSite->getBeginLoc(), "%0 is taken from %1 here",
           DiagnosticIDs::Note)
          << quoted(U.Value) << quoted(O.holder());
    return;
  }
  std::string OwnerName = quoted(O.holder());
  bool FromTSM = O.Kind && O.Kind->Id == KindId::ThreadSafeModule;
  // A context moved into a callee is destroyed there; the note says where
  // it went.
  std::string How = U.End.How == EndHow::MovedIntoCall
                        ? "moved into '" + U.End.Callee + "'"
                        : "destroyed";
  if (FromTSM)
    diag(U.Use, "%0 was borrowed from ThreadSafeModule %1, which was %2 at "
                "line %3")
        << quoted(U.Value) << OwnerName << How << line(U.End.Where);
  else
    diag(U.Use, "%0 belongs to LLVMContext %1, which was destroyed at line %2")
        << quoted(U.Value) << OwnerName << line(U.End.Where);
  diag(U.End.Where, "%0 is %1 here", DiagnosticIDs::Note) << OwnerName << How;
  if (U.BindSite)
    diag(U.BindSite->getBeginLoc(),
         FromTSM ? "%0 is borrowed from %1 here" : "%0 is bound to %1 here",
         DiagnosticIDs::Note)
        << quoted(U.Value) << OwnerName;
}

void ModuleOutlivesContextCheck::reportTemporaryOwner(
    const Owner &O, const UseAfterEndFact &U) {
  // Name the temporary by the call that made it, when it is one.
  std::string Maker;
  if (const auto *CE = dyn_cast<CallExpr>(O.Temporary))
    if (const auto *FD = dyn_cast_or_null<FunctionDecl>(CE->getCalleeDecl()))
      Maker = " returned by '" + FD->getQualifiedNameAsString() + "'";
  diag(U.Use, "%0 points to a module that the temporary std::unique_ptr%1 "
              "deleted at the end of its statement, at line %2")
      << quoted(U.Value) << Maker << line(U.End.Where);
  diag(U.End.Where,
       "the temporary std::unique_ptr is destroyed here, deleting the module; "
       "keep the std::unique_ptr in a variable that outlives %0",
       DiagnosticIDs::Note)
      << quoted(U.Value);
}

void ModuleOutlivesContextCheck::reportEscapesAndOrders(
    const LifetimeFacts &F) {
  for (const EscapeFact &E : F.Escapes) {
    const Owner &O = F.Objects[E.Owner];
    if (O.UniqueHolder) {
      diag(E.At->getBeginLoc(),
           "module %select{stored|returned}0 here is owned by "
           "std::unique_ptr %1, which deletes it when the function returns; "
           "%select{store|return}0 the std::unique_ptr itself, or release() "
           "it")
          << E.IsReturn << quoted(O.holder());
      continue;
    }
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
    const Owner &O = F.Objects[DO.Owner];
    if (DO.IRMember)
      diag(DO.Holder->getLocation(),
           "%0 is destroyed after LLVMContext %1, which already deleted the "
           "IR that its member '%2' owns; declare %1 before %0")
          << quoted(DO.Holder) << quoted(O.holder()) << memberName(DO.IRMember);
    else
      diag(DO.Holder->getLocation(),
           "%0 is destroyed after LLVMContext %1, which already deleted its "
           "module; declare %1 before %0")
          << quoted(DO.Holder) << quoted(O.holder());
    diag(O.holder()->getLocation(), "%0 is declared here", DiagnosticIDs::Note)
        << quoted(O.holder());
    if (DO.IRMember && DO.BindSite)
      diag(DO.BindSite->getBeginLoc(), "%0 is given %1 here",
           DiagnosticIDs::Note)
          << quoted(DO.Holder) << quoted(O.holder());
  }
}

void ModuleOutlivesContextCheck::swapFix(DiagnosticBuilder &Diag,
                                         const FieldDecl *Holder,
                                         const FieldDecl *Context) {
  // Swapping is all it takes when the two declarations are adjacent.
  const SourceManager &SM = sourceManager();
  const LangOptions &LO = getLangOpts();
  CharSourceRange HR = declarationRange(Holder, SM, LO);
  CharSourceRange CR = declarationRange(Context, SM, LO);
  if (HR.isValid() && CR.isValid() &&
      Context->getFieldIndex() == Holder->getFieldIndex() + 1 &&
      Lexer::getSourceText(
          CharSourceRange::getCharRange(HR.getEnd(), CR.getBegin()), SM, LO)
          .trim()
          .empty())
    Diag << FixItHint::CreateReplacement(HR, Lexer::getSourceText(CR, SM, LO))
         << FixItHint::CreateReplacement(CR, Lexer::getSourceText(HR, SM, LO));
}

void ModuleOutlivesContextCheck::reportMemberOrder(const FieldBindFact &MP) {
  {
    auto Diag = diag(MP.Holder->getLocation(),
                     "member %0 is destroyed after member %1, the LLVMContext "
                     "its module is created in; declare %1 before %0")
                << quoted(MP.Holder) << quoted(MP.Context);
    swapFix(Diag, MP.Holder, MP.Context);
  } // emits the warning before its notes
  diag(MP.Context->getLocation(), "%0 is declared here", DiagnosticIDs::Note)
      << quoted(MP.Context);
  diag(MP.Site->getBeginLoc(), "the module is created in %0 here",
       DiagnosticIDs::Note)
      << quoted(MP.Context);
}

void ModuleOutlivesContextCheck::reportNestedOrder(const NestedOrderFact &NO) {
  {
    auto Through = [](const FieldDecl *Inner, const FieldDecl *Outer) {
      return Inner == Outer ? std::string()
                            : " through '" + memberName(Inner) + "'";
    };
    auto Diag = diag(NO.Holder->getLocation(),
                     "member %0 is destroyed after member %1, but %0 owns "
                     "IR%2 and %1 owns an LLVMContext%3; declare %1 before %0")
                << quoted(NO.Holder) << quoted(NO.Context)
                << Through(NO.IRField, NO.Holder)
                << Through(NO.ContextField, NO.Context);
    swapFix(Diag, NO.Holder, NO.Context);
  } // emits the warning before its notes
  diag(NO.Context->getLocation(), "%0 is declared here", DiagnosticIDs::Note)
      << quoted(NO.Context);
  if (NO.IRField != NO.Holder)
    diag(NO.IRField->getLocation(), "the IR is owned here",
         DiagnosticIDs::Note);
  if (NO.ContextField != NO.Context)
    diag(NO.ContextField->getLocation(), "the LLVMContext is owned here",
         DiagnosticIDs::Note);
}

void ModuleOutlivesContextCheck::analyzeFunctions(
    ASTContext &Ctx, llvm::ArrayRef<FunctionBody> Functions) {
  const SourceManager &SM = Ctx.getSourceManager();
  LifetimeAnalysis LA(Model, Ctx);
  std::vector<FieldBindFact> Members;
  for (const auto &[D, Body] : Functions) {
    if (!LA.mentionsContexts(D, Body))
      continue;
    LifetimeFacts F = LA.analyze(D, Body);
    noteIncomplete(D, F.Incomplete);
    for (const UseAfterEndFact *U : usesToReport(F, SM))
      reportUse(F, *U);
    reportEscapesAndOrders(F);
    Members.insert(Members.end(), F.FieldBinds.begin(), F.FieldBinds.end());
  }
  // Keyed by location: each instantiation of a class template has its own
  // FieldDecls, all at the pattern's.
  llvm::DenseSet<SourceLocation> Reported;
  for (const FieldBindFact &MP : outOfOrderMembers(Members, SM)) {
    reportMemberOrder(MP);
    Reported.insert(MP.Holder->getLocation());
  }
  NestedOwners Owners(Model);
  for (const CXXRecordDecl *RD : classes())
    for (const NestedOrderFact &NO : nestedMemberOrders(RD, Owners))
      if (Reported.insert(NO.Holder->getLocation()).second)
        reportNestedOrder(NO);
}

} // namespace clang::tidy::llvmown
