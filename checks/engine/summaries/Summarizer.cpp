//===- Summarizer.cpp - a translation unit's contribution to the summaries ===//

#include "engine/summaries/Summarizer.h"
#include "engine/analyses/lifetime/MemberOwnership.h"
#include "engine/analyses/ownership/OwnershipAnalysis.h"
#include "engine/analyses/retention/RetentionAnalysis.h"
#include "engine/framework/AstHelpers.h"
#include "engine/framework/CompatADT.h"
#include "engine/model/ApiModel.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/SourceManager.h"
#include <optional>
#include <set>

using namespace clang::ast_matchers;

namespace clang::tidy::llvmown {

namespace {

class BodyCollector : public MatchFinder::MatchCallback {
public:
  std::vector<FunctionBody> Functions;
  void run(const MatchFinder::MatchResult &Result) override {
    FunctionBody F = analyzedBody(Result.Nodes);
    if (F.first && F.second)
      Functions.push_back(F);
  }
};

bool definedInMainFile(const FunctionDecl *FD, const SourceManager &SM) {
  const FunctionDecl *Def = nullptr;
  return FD->isDefined(Def) && isInUnitSource(SM, Def->getLocation());
}

/// A function whose summary other files can use: it has a name they can
/// call, one definition for the whole program, and is no template.
bool summarizable(const FunctionDecl *FD) {
  if (!FD || !FD->getIdentifier() || !FD->isExternallyVisible() ||
      FD->isTemplateInstantiation() || FD->isInlined())
    return false;
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  return !MD || !MD->getParent()->isLambda();
}

/// Does every non-null return hand out a pointer the function keeps: a
/// static or global variable, or a member of `this` (a cached machine)?
bool returnsKept(const FunctionDecl *FD, ASTContext &Ctx) {
  struct Finder : RecursiveASTVisitor<Finder> {
    ASTContext &Ctx;
    bool Kept = false, Other = false;
    explicit Finder(ASTContext &Ctx) : Ctx(Ctx) {}
    bool TraverseLambdaExpr(LambdaExpr *) { return true; }
    bool VisitReturnStmt(ReturnStmt *RS) {
      const Expr *RV =
          RS->getRetValue() ? skipTransparent(RS->getRetValue()) : nullptr;
      if (!RV || isNullConstant(RV, Ctx))
        return true;
      const auto *DRE = dyn_cast<DeclRefExpr>(RV);
      const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
      if ((VD && VD->hasGlobalStorage()) || thisField(RV))
        Kept = true;
      else
        Other = true;
      return !Other;
    }
  } F(Ctx);
  F.TraverseStmt(FD->getBody());
  return F.Kept && !F.Other;
}

/// A class of the project: not LLVM's (its objects are released through
/// the model's rows, C handles included) nor the system's.
bool isProjectClass(const CXXRecordDecl *RD, const SourceManager &SM) {
  if (SM.isInSystemHeader(RD->getLocation()))
    return false;
  std::string Name = RD->getQualifiedNameAsString();
  llvm::StringRef N(Name);
  return !compat::startsWith(N, "llvm::") &&
         !compat::startsWith(N, "LLVMOpaque");
}

std::optional<ParamEffect> paramEffect(const ParamFact &P) {
  if (P.Freed && !P.Escaped)
    return P.Kept
               ? ParamEffect::ReleasesOnSomePaths
               : (P.Consumed ? ParamEffect::Consumes : ParamEffect::Releases);
  if (P.Stored)
    return ParamEffect::Stores;
  // Neither released nor handed on: a call lends it, as to an LLVM API
  // that borrows (a caller in another file keeps owning it).
  if (!P.Freed && !P.Escaped)
    return ParamEffect::Borrows;
  return std::nullopt;
}

/// A summary of \p FD that claims nothing yet: its USR, name and place.
FunctionSummary summaryOf(const FunctionDecl *FD, ASTContext &Ctx) {
  FunctionSummary S;
  S.USR = usrOf(FD->getCanonicalDecl());
  PrintingPolicy PP(Ctx.getLangOpts());
  PP.SuppressUnwrittenScope = true;
  llvm::raw_string_ostream OS(S.Name);
  FD->printQualifiedName(OS, PP);
  OS.flush();
  const SourceManager &SM = Ctx.getSourceManager();
  PresumedLoc PL = SM.getPresumedLoc(SM.getExpansionLoc(FD->getLocation()));
  if (PL.isValid()) {
    S.File = PL.getFilename();
    S.Line = PL.getLine();
  }
  return S;
}

FunctionSummary summarize(const FunctionDecl *FD, const FunctionFacts &Facts,
                          const ApiModel &Model, ASTContext &Ctx,
                          llvm::ArrayRef<const ResourceKind *> Kinds) {
  FunctionSummary S = summaryOf(FD, Ctx);
  if (Facts.ReturnsOwned && !Facts.ReturnsOther) {
    S.Returns = ReturnOwnership::Owned;
    S.ReturnKind = Facts.ReturnsOwned->Name.str();
  } else if (const ResourceKind *K = Model.kindOfPointer(FD->getReturnType());
             K && llvm::is_contained(Kinds, K) && returnsKept(FD, Ctx)) {
    S.Returns = ReturnOwnership::Borrowed;
    S.ReturnKind = K->Name.str();
  }
  for (const ParamFact &P : Facts.Params) {
    if (std::optional<ParamEffect> Effect = paramEffect(P))
      S.Params.push_back({P.Index, P.Kind->Name.str(), *Effect});
  }
  return S;
}

/// For a member function defined here whose class has members the member
/// rule follows (a TargetMachine pointer): the class, and what the function
/// does to each of those members, added to \p S (made if absent: a
/// constructor or destructor is no summarizable function). True if added.
bool summarizeMembers(const FunctionDecl *FD, const ApiModel &Model,
                      ASTContext &Ctx, std::optional<FunctionSummary> &S) {
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(FD);
  if (!MD || MD->getParent()->isLambda() || MD->isTemplateInstantiation() ||
      MD->isDependentContext() || !MD->isExternallyVisible())
    return false;
  const CXXRecordDecl *RD = MD->getParent();
  for (const FieldDecl *F : RD->fields()) {
    if (!holdsTrackedObject(F, Model))
      continue;
    if (!S)
      S = summaryOf(FD, Ctx);
    S->OfClass = usrOf(RD->getCanonicalDecl());
    MemberUse Use;
    scanMemberFunction(F, Model, MD, Use);
    if (Use.Released)
      S->Members.emplace_back(F->getName().str(), MemberEffect::Releases);
    if (Use.Escapes)
      S->Members.emplace_back(F->getName().str(), MemberEffect::Escapes);
  }
  if (S)
    llvm::sort(S->Members);
  return S && !S->OfClass.empty();
}

} // namespace

FunctionBody analyzedBody(const ast_matchers::BoundNodes &Nodes) {
  if (const auto *FD = Nodes.getNodeAs<FunctionDecl>("fn"))
    return analyzedBody(FD);
  return analyzedBody(Nodes.getNodeAs<LambdaExpr>("lambda"));
}

namespace {
bool isAnalysed(const SourceManager &SM, SourceLocation Loc,
                ProjectHeaders *Headers) {
  return isInUnitSource(SM, Loc) || (Headers && Headers->selects(SM, Loc));
}
AST_MATCHER_P(Decl, isDeclAnalysed, ProjectHeaders *, Headers) {
  return isAnalysed(Finder->getASTContext().getSourceManager(),
                    Node.getLocation(), Headers);
}
AST_MATCHER_P(LambdaExpr, isLambdaAnalysed, ProjectHeaders *, Headers) {
  return isAnalysed(Finder->getASTContext().getSourceManager(),
                    Node.getBeginLoc(), Headers);
}
} // namespace

void addFunctionMatchers(ast_matchers::MatchFinder &Finder,
                         ast_matchers::MatchFinder::MatchCallback *CB,
                         ProjectHeaders *Headers, bool Classes) {
  using namespace ast_matchers;
  // The unit's own sources (the main file and the source files a unity
  // build includes), and the project headers the user asked findings of:
  // other headers' inline functions (LLVM's own among them) would cost
  // time and could not be fixed by the user.
  Finder.addMatcher(
      functionDecl(isDefinition(), isDeclAnalysed(Headers)).bind("fn"), CB);
  Finder.addMatcher(lambdaExpr(isLambdaAnalysed(Headers)).bind("lambda"), CB);
  if (Classes)
    Finder.addMatcher(
        cxxRecordDecl(isDefinition(), isDeclAnalysed(Headers)).bind("class"),
        CB);
}

std::vector<FunctionBody> unitFunctions(ASTContext &Ctx) {
  BodyCollector C;
  MatchFinder Finder;
  addFunctionMatchers(Finder, &C);
  Finder.matchAST(Ctx);
  return std::move(C.Functions);
}

UnitSummary summarizeUnit(ASTContext &Ctx, const ApiModel &Model,
                          llvm::ArrayRef<FunctionBody> Functions) {
  // The kinds the leak checks follow through functions: TargetMachine and
  // the C API's handles and strings.
  std::vector<const ResourceKind *> Kinds = Model.cApiKinds();
  Kinds.push_back(Model.kind(KindId::TargetMachine));
  AnalysisOptions AO;
  AO.Kinds = Kinds;
  AO.ConstPointerArgsBorrow = true;
  AO.SummarizeParameters = true;
  UnitOwnership Unit(Model, Ctx, AO, Functions);
  const std::vector<FunctionFacts> &Facts = Unit.Facts;

  UnitSummary U;
  const SourceManager &SM = Ctx.getSourceManager();
  std::set<std::string> Calls;
  struct CallFinder : RecursiveASTVisitor<CallFinder> {
    const SourceManager &SM;
    std::set<std::string> &Calls;
    CallFinder(const SourceManager &SM, std::set<std::string> &Calls)
        : SM(SM), Calls(Calls) {}
    bool VisitCallExpr(CallExpr *CE) {
      const FunctionDecl *FD = CE->getDirectCallee();
      if (summarizable(FD) && !ApiModel::isLLVMApi(FD) &&
          !SM.isInSystemHeader(FD->getLocation()) && !definedInMainFile(FD, SM))
        Calls.insert(usrOf(FD->getCanonicalDecl()));
      return true;
    }
  } CF(SM, Calls);
  // Only a function that returns a pointer or takes an object of a tracked
  // kind can claim anything: a unit without one does not depend on other
  // units' summaries, and is never summarised again for them.
  bool MayClaim = false;
  for (unsigned I = 0; I < Functions.size(); ++I) {
    const auto *FD = dyn_cast<FunctionDecl>(Functions[I].first);
    CF.TraverseStmt(const_cast<Stmt *>(Functions[I].second));
    std::optional<FunctionSummary> S =
        summarizable(FD)
            ? std::optional(summarize(FD, Facts[I], Model, Ctx, Kinds))
            : std::nullopt;
    if (S)
      MayClaim |= FD->getReturnType()->isPointerType() ||
                  llvm::any_of(FD->parameters(), [&](const ParmVarDecl *P) {
                    return llvm::is_contained(
                        Kinds, parameterKind(Model, P->getType()));
                  });
    // Constructors and destructors have no name to call, but a class's
    // member rule needs them.
    if (summarizeMembers(FD, Model, Ctx, S))
      MayClaim = true;
    if (S)
      U.Defines.push_back(std::move(*S));
  }
  // Classes a function deletes on every path, for the retention check of
  // the files that hand such objects out.
  RetentionAnalysis RA(Model, Ctx, {});
  for (const auto &[Type, Del] : analyzeAll(RA, Functions).Deletes) {
    if (!Del.Unconditional || !Del.In || !isProjectClass(Type, SM))
      continue;
    std::string FnUSR = usrOf(Del.In->getCanonicalDecl());
    for (FunctionSummary &S : U.Defines)
      if (S.USR == FnUSR)
        S.Frees.emplace_back(usrOf(Type->getCanonicalDecl()),
                             Type->getQualifiedNameAsString());
  }
  for (FunctionSummary &S : U.Defines)
    llvm::sort(S.Frees);
  Calls.erase("");
  if (MayClaim)
    U.Calls.assign(Calls.begin(), Calls.end());
  return U;
}

} // namespace clang::tidy::llvmown
