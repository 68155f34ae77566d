//===- ApiModel.cpp - loading and asking the API model --------------------===//
//
// The tables themselves are in ApiTables.cpp; this file loads them (one
// path for every table) and answers questions about declarations and types.
//
//===----------------------------------------------------------------------===//

#include "engine/model/ApiModel.h"
#include "engine/framework/AstHelpers.h"
#include "engine/framework/Compat.h"
#include "engine/framework/Environment.h"
#include "engine/framework/NameMatcher.h"
#include "engine/model/ApiTables.h"
#include "engine/model/Summaries.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/Type.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace clang::tidy::llvmown {

//===--- RowIndex ---------------------------------------------------------===//

template <typename RowT> const RowT &RowIndex<RowT>::add(RowT Row) {
  Rows.push_back(std::move(Row));
  const RowT &Stored = Rows.back();
  llvm::StringRef Simple = Stored.Name.rsplit("::").second;
  BySimpleName[Simple.empty() ? Stored.Name : Simple].push_back(&Stored);
  return Stored;
}

template <typename RowT>
llvm::ArrayRef<const RowT *>
RowIndex<RowT>::candidates(const NamedDecl *D) const {
  if (!D)
    return {};
  llvm::StringRef Simple = declSimpleName(D);
  if (Simple.empty())
    return {};
  auto It = BySimpleName.find(Simple);
  if (It == BySimpleName.end())
    return {};
  return It->second;
}

template <typename RowT>
llvm::SmallVector<const RowT *, 2>
RowIndex<RowT>::lookup(const NamedDecl *D) const {
  llvm::SmallVector<const RowT *, 2> Out;
  for (const RowT *R : candidates(D))
    if (declHasQualifiedName(D, R->Name))
      Out.push_back(R);
  return Out;
}

template class RowIndex<ApiRow>;
template class RowIndex<JitApiRow>;
template class RowIndex<VerbRow>;

//===--- Loading ----------------------------------------------------------===//

ApiModel::ApiModel() {
  for (const ResourceKind &K : tables::kinds())
    Kinds.push_back(K);
  for (llvm::ArrayRef<tables::RowSpec> Table : tables::rowTables())
    for (const tables::RowSpec &S : Table) {
      ApiRow R;
      R.Name = S.Name;
      R.Eff = S.Eff;
      R.Kind = S.Kind == KindId::Any ? nullptr : kind(S.Kind);
      R.Arg = S.Arg;
      R.OnlyIfRawPointer = S.OnlyIfRawPointer;
      R.BindTo = S.BindTo;
      R.OnFailureOnly = S.OnFailureOnly;
      R.WrittenOnFailure = S.WrittenOnFailure;
      R.GivesBack = S.GivesBack;
      R.Since = S.Since;
      R.Until = S.Until;
      Rows.add(R);
    }
  for (const JitApiRow &R : tables::jitRows())
    JitRows.add(R);
  for (VerbRow R : tables::verbRows()) {
    R.Name = R.Method;
    VerbRows.add(R);
  }
}

llvm::StringRef ApiModel::keep(llvm::StringRef S) {
  UserStrings.push_back(S.str());
  return UserStrings.back();
}

const ResourceKind *ApiModel::kind(KindId Id) const {
  for (const ResourceKind &K : Kinds)
    if (K.Id == Id)
      return &K;
  return nullptr;
}

void ApiModel::addUserRows(llvm::StringRef Names, Effect Eff, KindId Kind) {
  for (const std::string &N : splitNameList(Names)) {
    ApiRow R;
    R.Name = keep(N);
    R.Eff = Eff;
    R.Kind = Kind == KindId::Any ? nullptr : kind(Kind);
    R.Arg = Eff == Effect::Creates ? int(ReturnValue) : int(AnyArgument);
    R.OnlyIfRawPointer = Eff == Effect::Creates;
    Rows.add(R);
  }
}

std::vector<std::string> ApiModel::addUserPairs(llvm::StringRef Pairs) {
  std::vector<std::string> Bad;
  for (const std::string &P : splitNameList(Pairs)) {
    auto [Make, Destroy] = llvm::StringRef(P).split(':');
    Make = Make.trim();
    Destroy = Destroy.trim();
    if (Make.empty() || Destroy.empty()) {
      Bad.push_back(P);
      continue;
    }
    // Each pair is a kind of its own, named after its creator.
    ResourceKind K{KindId::UserPair, keep(Make)};
    K.CRelease = keep(Destroy);
    K.Noun = "handle";
    K.Properties = KindProperty::CApiHandle;
    Kinds.push_back(K);
    ApiRow Create;
    Create.Name = K.Name;
    Create.Eff = Effect::Creates;
    Create.Kind = &Kinds.back();
    Rows.add(Create);
    ApiRow Release = Create;
    Release.Name = K.CRelease;
    Release.Eff = Effect::Releases;
    Release.Arg = 0;
    Rows.add(Release);
  }
  return Bad;
}

//===--- Rows -------------------------------------------------------------===//

llvm::SmallVector<const ApiRow *, 2>
ApiModel::rowsFor(const FunctionDecl *FD) const {
  llvm::SmallVector<const ApiRow *, 2> Out = Rows.lookup(FD);
  if (Out.empty() && Summaries)
    addSummaryRows(FD, Out);
  return Out;
}

const ResourceKind *ApiModel::kindNamed(llvm::StringRef Name) const {
  for (const ResourceKind &K : Kinds)
    if (K.Name == Name)
      return &K;
  return nullptr;
}

void ApiModel::attachSummaries(std::shared_ptr<const SummarySet> Set) {
  SummaryRows.clear();
  SummaryNames.clear();
  FreedTypes.clear();
  Summaries = std::move(Set);
  if (!Summaries)
    return;
  for (const auto &Entry : Summaries->functions()) {
    // Not a structured binding: lambdas capture those only from C++20.
    const auto &S = Entry.second;
    for (const auto &Freed : S.Frees)
      FreedTypes.insert(Freed.first);
    llvm::SmallVector<ApiRow, 2> New;
    auto Row = [&](Effect E, llvm::StringRef Kind, int Arg) {
      if (const ResourceKind *K = kindNamed(Kind)) {
        ApiRow R;
        R.Name = keep(S.Name);
        R.Eff = E;
        R.Kind = K;
        R.Arg = Arg;
        New.push_back(R);
      }
    };
    if (S.Returns == ReturnOwnership::Owned)
      Row(Effect::Creates, S.ReturnKind, ReturnValue);
    else if (S.Returns == ReturnOwnership::Borrowed)
      Row(Effect::ReturnsBorrowed, S.ReturnKind, ReturnValue);
    for (const ParamSummary &P : S.Params)
      if (P.Effect == ParamEffect::Releases)
        Row(Effect::Releases, P.Kind, int(P.Index));
      else if (P.Effect == ParamEffect::Consumes)
        Row(Effect::Consumes, P.Kind, int(P.Index));
      else if (P.Effect == ParamEffect::Borrows)
        Row(Effect::Borrows, P.Kind, int(P.Index));
    if (New.empty())
      continue;
    SummaryRows[Entry.first] = std::move(New);
    SummaryNames.insert(llvm::StringRef(S.Name).rsplit("::").second.empty()
                            ? llvm::StringRef(S.Name)
                            : llvm::StringRef(S.Name).rsplit("::").second);
  }
}

bool ApiModel::freedByProjectFunction(const CXXRecordDecl *RD) const {
  return RD && !FreedTypes.empty() &&
         FreedTypes.count(usrOf(RD->getCanonicalDecl()));
}

const FunctionSummary *ApiModel::memberSummary(const FunctionDecl *MD,
                                               const CXXRecordDecl *RD) const {
  if (!Summaries || !MD || !RD)
    return nullptr;
  const FunctionSummary *S = Summaries->lookup(usrOf(MD->getCanonicalDecl()));
  return S && !S->OfClass.empty() && S->OfClass == usrOf(RD->getCanonicalDecl())
             ? S
             : nullptr;
}

void ApiModel::addSummaryRows(
    const FunctionDecl *FD, llvm::SmallVectorImpl<const ApiRow *> &Out) const {
  if (!FD || !FD->getIdentifier() || !SummaryNames.count(FD->getName()))
    return;
  // The main file's own definition is read, not its summary (which may be
  // older than the edit being analysed).
  const FunctionDecl *Def = nullptr;
  if (FD->isDefined(Def) &&
      isInUnitSource(Def->getASTContext().getSourceManager(),
                     Def->getLocation()))
    return;
  auto It = SummaryRows.find(usrOf(FD->getCanonicalDecl()));
  if (It != SummaryRows.end())
    for (const ApiRow &R : It->second)
      Out.push_back(&R);
}

const ApiRow *CallRows::find(Effect E, int Arg) const {
  for (const ApiRow *R : Rows) {
    if (R->Eff != E)
      continue;
    if (R->Arg != Arg && !(R->Arg == AnyArgument && Arg >= 0))
      continue;
    if (R->OnlyIfRawPointer && !FD->getReturnType()->isPointerType())
      continue;
    return R;
  }
  return nullptr;
}

const CallRows &CallRowsIndex::note(const Expr *Call, const FunctionDecl *FD,
                                    const ApiModel &Model) {
  auto [It, New] = Rows.try_emplace(Call);
  if (New)
    It->second = Model.rowsAt(FD);
  return It->second;
}

const ApiRow *ApiModel::find(const FunctionDecl *FD, Effect E, int Arg) const {
  return CallRows(FD, rowsFor(FD)).find(E, Arg);
}

bool ApiModel::releasesOrConsumes(const FunctionDecl *FD, int Arg) const {
  return find(FD, Effect::Releases, Arg) || find(FD, Effect::Consumes, Arg);
}

const ResourceKind *ApiModel::kindFor(const ApiRow &Row,
                                      const FunctionDecl *FD) const {
  if (!Row.anyKind())
    return Row.Kind;
  return FD ? kindOfPointer(FD->getReturnType()) : nullptr;
}

std::vector<const ResourceKind *> ApiModel::cApiKinds() const {
  std::vector<const ResourceKind *> Out;
  for (const ResourceKind &K : Kinds)
    if (K.is(KindProperty::CApiHandle))
      Out.push_back(&K);
  return Out;
}

void ApiModel::printCApiTable(llvm::raw_ostream &OS) const {
  OS << "| handle | created by | released by | taken over by | borrowed "
        "from (never release) |\n"
     << "| --- | --- | --- | --- | --- |\n";
  auto Names = [&](const ResourceKind &K, std::initializer_list<Effect> Effs) {
    std::vector<std::string> Out;
    for (const ApiRow &R : rows()) {
      if (R.Kind != &K || !llvm::is_contained(Effs, R.Eff) ||
          !compat::startsWith(R.Name, tables::LLVMCPrefix))
        continue;
      std::string N = ("`" + R.Name + "`").str();
      if (R.Eff == Effect::Creates && R.Arg >= 0)
        N += R.OnFailureOnly ? " (out-parameter, on failure)"
                             : " (out-parameter)";
      if (R.Eff == Effect::ConsumesOnSuccess)
        N += " (on success)";
      if (!llvm::is_contained(Out, N))
        Out.push_back(N);
    }
    return Out;
  };
  auto Join = [](const std::vector<std::string> &V) {
    std::string S;
    for (const std::string &I : V)
      S += (S.empty() ? "" : ", ") + I;
    return S.empty() ? std::string("—") : S;
  };
  for (const ResourceKind *K : cApiKinds()) {
    if (K->Id == KindId::UserPair)
      continue;
    std::vector<std::string> Created = Names(*K, {Effect::Creates});
    if (K->is(KindProperty::CreatedByAnyReturn)) {
      std::vector<std::string> Null = Names(*K, {Effect::ReturnsNull});
      std::string Every = "every function returning it";
      for (size_t I = 0; I < Null.size(); ++I)
        Every += (I ? ", " : " except ") + Null[I];
      if (!Null.empty())
        Every += " (always null)";
      Created.insert(Created.begin(), Every);
    }
    std::vector<std::string> Released = Names(*K, {Effect::Releases});
    if (K->Id == KindId::Module)
      Released.push_back("`LLVMContextDispose` of its context");
    OS << "| " << K->Noun << " | " << Join(Created) << " | " << Join(Released)
       << " | "
       << Join(Names(*K, {Effect::Consumes, Effect::ConsumesOnSuccess}))
       << " | " << Join(Names(*K, {Effect::ReturnsBorrowed})) << " |\n";
  }
}

bool ApiModel::verbFits(const VerbRow &R, const FunctionDecl *FD) const {
  unsigned N = FD->getNumParams();
  if (N < R.MinArgs || N > R.MaxArgs)
    return false;
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  const CXXRecordDecl *RD = MD ? MD->getParent() : nullptr;
  switch (R.Class) {
  case HolderClass::Container:
    return true;
  case HolderClass::SmartPointer:
    return RD && (isSmartPointerClass(RD) ||
                  !(RD->isInStdNamespace() || isInLLVMNamespace(RD)));
  case HolderClass::ThreadSafeModule:
    return RD && llvm::any_of(kind(KindId::ThreadSafeModule)->CxxClasses,
                              [&](llvm::StringRef Name) {
                                return declHasQualifiedName(RD, Name);
                              });
  }
  return false;
}

FlagSet<Verb> ApiModel::verbs(const FunctionDecl *FD) const {
  FlagSet<Verb> V;
  if (!FD)
    return V;
  for (const VerbRow *R : VerbRows.lookup(FD))
    if (verbFits(*R, FD))
      V |= R->Verbs;
  return V;
}

//===--- ORC --------------------------------------------------------------===//

namespace {

bool recordIsOrDerivesFrom(const CXXRecordDecl *RD, llvm::StringRef Name,
                           unsigned Depth = 0) {
  if (!RD || Depth > 8)
    return false;
  if (declHasQualifiedName(RD, Name))
    return true;
  RD = RD->getDefinition();
  if (!RD)
    return false;
  for (const CXXBaseSpecifier &B : RD->bases())
    if (recordIsOrDerivesFrom(B.getType()->getAsCXXRecordDecl(), Name,
                              Depth + 1))
      return true;
  return false;
}

// The first template argument of a specialization of one of \p Names.
QualType templateArg0(QualType T,
                      std::initializer_list<llvm::StringRef> Names) {
  const auto *RD = T->getAsCXXRecordDecl();
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(RD);
  if (!Spec || Spec->getTemplateArgs().size() == 0)
    return {};
  for (llvm::StringRef N : Names)
    if (declHasQualifiedName(Spec, N)) {
      const TemplateArgument &A = Spec->getTemplateArgs()[0];
      if (A.getKind() == TemplateArgument::Type)
        return A.getAsType();
    }
  return {};
}

const CXXRecordDecl *heldRecord(QualType T) {
  T = T.getNonReferenceType();
  if (const auto *PT = T->getAs<PointerType>())
    T = PT->getPointeeType();
  if (QualType Inner = templateArg0(T, {"std::unique_ptr", "std::shared_ptr",
                                        "llvm::IntrusiveRefCntPtr"});
      !Inner.isNull())
    T = Inner;
  return T->getAsCXXRecordDecl();
}

const RecordDecl *heldCRecord(QualType T) {
  T = T.getNonReferenceType();
  if (const auto *PT = T->getAs<PointerType>())
    T = PT->getPointeeType();
  return T->getAsRecordDecl();
}

} // namespace

const JitApiRow *ApiModel::jitRow(const FunctionDecl *FD) const {
  llvm::SmallVector<const JitApiRow *, 2> Found = JitRows.lookup(FD);
  if (!Found.empty())
    return Found.front();
  // Layers override add() (IRCompileLayer inherits IRLayer's): a method of a
  // class derived from a listed one counts too.
  if (const auto *MD = dyn_cast_or_null<CXXMethodDecl>(FD))
    for (const JitApiRow *R : JitRows.candidates(FD)) {
      llvm::StringRef Class = R->Name.rsplit("::").first;
      if (recordIsOrDerivesFrom(MD->getParent(), Class))
        return R;
    }
  return nullptr;
}

int ApiModel::trackerArg(const JitApiRow &Row, const FunctionDecl *FD) {
  if (Row.TrackerArg != TrackerIfFirstParam)
    return Row.TrackerArg;
  if (FD->getNumParams() == 0)
    return NoTracker;
  QualType T = FD->getParamDecl(0)->getType().getNonReferenceType();
  QualType Inner = templateArg0(T, {"llvm::IntrusiveRefCntPtr"});
  const auto *RD = Inner.isNull() ? nullptr : Inner->getAsCXXRecordDecl();
  return RD && declHasQualifiedName(RD, tables::TrackerClass) ? 0 : NoTracker;
}

bool ApiModel::isJitOwner(QualType T) const {
  if (T.isNull())
    return false;
  if (const CXXRecordDecl *RD = heldRecord(T))
    for (llvm::StringRef C : tables::jitOwnerClasses())
      if (recordIsOrDerivesFrom(RD, C))
        return true;
  if (const RecordDecl *RD = heldCRecord(T))
    return llvm::is_contained(tables::jitOwnerClasses(), RD->getName());
  return false;
}

bool ApiModel::isJitDylib(QualType T) const {
  if (T.isNull())
    return false;
  if (const CXXRecordDecl *RD = heldRecord(T);
      RD && declHasQualifiedName(RD, tables::JITDylibClass))
    return true;
  const RecordDecl *RD = heldCRecord(T);
  return RD && RD->getName() == tables::JITDylibCHandle;
}

bool ApiModel::isDefinitionGenerator(const CXXRecordDecl *RD) const {
  return RD && RD->hasDefinition() &&
         recordIsOrDerivesFrom(RD, tables::DefinitionGeneratorClass);
}

bool ApiModel::isTrackerRef(QualType T) const {
  if (T.isNull())
    return false;
  if (const CXXRecordDecl *RD = heldRecord(T);
      RD && declHasQualifiedName(RD, tables::TrackerClass))
    return true;
  const RecordDecl *RD = heldCRecord(T);
  return RD && RD->getName() == tables::TrackerCHandle;
}

bool ApiModel::holdsTrackerSP(QualType T) const {
  T = T.getNonReferenceType();
  if (T.isNull())
    return false;
  if (QualType Inner = templateArg0(T, {"llvm::IntrusiveRefCntPtr"});
      !Inner.isNull()) {
    const auto *RD = Inner->getAsCXXRecordDecl();
    return RD && declHasQualifiedName(RD, tables::TrackerClass);
  }
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T->getAsCXXRecordDecl());
  if (!Spec)
    return false;
  for (const TemplateArgument &A : Spec->getTemplateArgs().asArray())
    if (A.getKind() == TemplateArgument::Type && holdsTrackerSP(A.getAsType()))
      return true;
  return false;
}

//===--- Types ------------------------------------------------------------===//

const ResourceKind *ApiModel::kindOfPointer(QualType T) const {
  if (T.isNull())
    return nullptr;
  // C handles: look through the typedef sugar for a known handle name.
  QualType Cur = T;
  for (unsigned I = 0; I < 8; ++I) {
    const auto *TT = Cur->getAs<TypedefType>();
    if (!TT)
      break;
    llvm::StringRef Name = TT->getDecl()->getName();
    for (const ResourceKind &K : Kinds)
      if (llvm::is_contained(K.CHandles, Name))
        return &K;
    Cur = TT->getDecl()->getUnderlyingType();
  }
  const auto *PT = T->getAs<PointerType>();
  if (!PT)
    return nullptr;
  const auto *RD = PT->getPointeeType()->getAsRecordDecl();
  if (!RD)
    return nullptr;
  const auto *CXXRD = dyn_cast<CXXRecordDecl>(RD);
  for (const ResourceKind &K : Kinds)
    for (llvm::StringRef C : K.CxxClasses)
      if (CXXRD ? recordIsOrDerivesFrom(CXXRD, C) : RD->getName() == C)
        return &K;
  return nullptr;
}

const ResourceKind *ApiModel::kindOfValue(QualType T) const {
  if (T.isNull())
    return nullptr;
  T = T.getNonReferenceType();
  if (const ResourceKind *K = kindOfPointer(T))
    return K;
  if (T->isPointerType())
    return nullptr;
  if (QualType Inner = templateArg0(T, {"std::unique_ptr", "std::shared_ptr",
                                        "llvm::Expected", "llvm::ErrorOr"});
      !Inner.isNull())
    return kindOfValue(Inner);
  const auto *RD = T->getAsCXXRecordDecl();
  if (!RD)
    return nullptr;
  for (const ResourceKind &K : Kinds)
    for (llvm::StringRef C : K.CxxClasses)
      if (recordIsOrDerivesFrom(RD, C))
        return &K;
  return nullptr;
}

bool ApiModel::isOwningHolder(QualType T) {
  T = T.getNonReferenceType();
  if (!templateArg0(T, {"std::unique_ptr"}).isNull())
    return true;
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T->getAsCXXRecordDecl());
  if (!Spec || !Spec->isInStdNamespace())
    return false;
  for (const TemplateArgument &A : Spec->getTemplateArgs().asArray())
    if (A.getKind() == TemplateArgument::Type &&
        !templateArg0(A.getAsType(), {"std::unique_ptr"}).isNull())
      return true;
  return false;
}

bool ApiModel::isSharedPointer(QualType T) {
  const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  return RD && RD->getIdentifier() && RD->isInStdNamespace() &&
         RD->getName() == "shared_ptr";
}

const CXXRecordDecl *ApiModel::heldClass(QualType T) {
  T = T.getNonReferenceType();
  if (QualType Inner = templateArg0(T, {"std::unique_ptr", "std::shared_ptr"});
      !Inner.isNull())
    return Inner->getAsCXXRecordDecl();
  return T->getAsCXXRecordDecl();
}

const Expr *ApiModel::rootOf(const Expr *E) const {
  return Locator::rootOf(E, [this](const CXXMethodDecl *MD) {
    return hasVerb(MD, Verb::GetsPointer);
  });
}

const VarDecl *ApiModel::rootVar(const Expr *E) const {
  return Locator::rootVar(E, [this](const CXXMethodDecl *MD) {
    return hasVerb(MD, Verb::GetsPointer);
  });
}

} // namespace clang::tidy::llvmown
