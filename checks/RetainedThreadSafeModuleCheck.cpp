//===- RetainedThreadSafeModuleCheck.cpp ----------------------------------===//

#include "RetainedThreadSafeModuleCheck.h"
#include "engine/analyses/retention/RetentionAnalysis.h"
#include "engine/framework/NameMatcher.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Lex/Lexer.h"

namespace clang::tidy::llvmown {

namespace {
/// The name users write: `typedef struct {...} jl_native_code_desc_t;` has
/// no name of its own.
std::string typeName(const CXXRecordDecl *RD) {
  if (RD->getIdentifier())
    return RD->getNameAsString();
  if (const TypedefNameDecl *TD = RD->getTypedefNameForAnonDecl())
    return TD->getNameAsString();
  return "<anonymous>";
}
StringRef article(StringRef Word) {
  return !Word.empty() && StringRef("AEIOUaeiou").contains(Word[0]) ? "an"
                                                                    : "a";
}
} // namespace

RetainedThreadSafeModuleCheck::RetainedThreadSafeModuleCheck(
    StringRef Name, ClangTidyContext *Context)
    : FunctionBodyCheck(Name, Context),
      LongLivedTypes(option("LongLivedTypes")),
      ReleaseFunctions(option("ReleaseFunctions")) {
  Model.addUserRows(ReleaseFunctions, Effect::Releases, KindId::Any);
  readSummaryOption();
}

void RetainedThreadSafeModuleCheck::analyzeFunctions(
    ASTContext &Ctx, llvm::ArrayRef<FunctionBody> Functions) {
  attachSummaries();
  RetentionAnalysis RA(Model, Ctx, splitNameList(LongLivedTypes));
  RetentionResult R = analyzeAll(RA, Functions);
  const SourceManager &SM = Ctx.getSourceManager();

  for (const LongLivedStore &S : R.Stores) {
    std::string Where = typeName(S.Type);
    if (S.Field)
      Where += "::" + S.Field->getNameAsString();
    StringRef Holder = S.Escape ? "a heap object that escapes as a raw pointer"
                                : "a long-lived handle";
    if (S.CallerModule)
      diag(S.Store->getBeginLoc(),
           "address of the caller's ThreadSafeModule '%0' stored in '%1' of "
           "%2; it dangles once the caller's module is destroyed")
          << S.CallerModule->getName() << Where << Holder;
    else
      diag(S.Store->getBeginLoc(),
           "%0 stored in '%1' of %2 keeps its LLVMContext alive until the "
           "object is deleted")
          << S.Kind->Name << Where << Holder;
    if (S.Escape)
      diag(S.Escape->getBeginLoc(), "the object escapes here",
           DiagnosticIDs::Note);
    if (S.CallerModule)
      continue;
    auto Del = R.Deletes.find(S.Type->getCanonicalDecl());
    if (Del != R.Deletes.end() && Del->second.Where) {
      std::string Fn =
          Del->second.In ? Del->second.In->getNameAsString() : "a function";
      diag(Del->second.Where->getBeginLoc(),
           "'%0' is deleted only here, in '%1'", DiagnosticIDs::Note)
          << typeName(S.Type) << Fn;
    } else {
      std::string Name = typeName(S.Type);
      diag(S.Type->getLocation(), "nothing in this file deletes %0 '%1'",
           DiagnosticIDs::Note)
          << article(Name) << Name;
    }
  }

  for (const LongLivedAppend &A : R.Appends) {
    if (!A.Member) {
      diag(A.Call->getBeginLoc(), "%0 appended to '%1', which lives until the "
                                  "process exits, keeps its LLVMContext alive")
          << A.Kind->Name << A.Container->getName();
      continue;
    }
    const auto *F = cast<FieldDecl>(A.Container);
    std::string Class = F->getParent()->getNameAsString();
    diag(A.Call->getBeginLoc(),
         "%0 appended to member '%1::%2', which nothing in '%1' drains: each "
         "call keeps another module and its LLVMContext alive")
        << A.Kind->Name << Class << F->getName();
  }

  for (const EmptiedShell &E : R.Shells) {
    StringRef Text = Lexer::getSourceText(
        CharSourceRange::getTokenRange(E.Place->getSourceRange()), SM,
        getLangOpts());
    diag(E.Call->getBeginLoc(),
         "module taken out of '%0' leaves an empty ThreadSafeModule that still "
         "keeps its LLVMContext alive; reset it with '= "
         "orc::ThreadSafeModule()'")
        << Text;
  }
}

} // namespace clang::tidy::llvmown
