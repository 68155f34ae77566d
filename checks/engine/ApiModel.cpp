//===- ApiModel.cpp - the built-in API tables -----------------------------===//
//
// Facts and header lines: ../shared/reference/llvm-ownership-facts.md (LLVM
// 19.1.7 headers). Add a row here, not an `if` in a check.
//
//===----------------------------------------------------------------------===//

#include "ApiModel.h"
#include "NameMatcher.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Type.h"
#include "clang/Basic/SourceManager.h"

namespace clang::tidy::llvmown {

namespace {

// Resource kinds. CxxClasses also lists the opaque struct behind the C
// handle typedef, so `struct LLVMOpaqueTargetMachine *` is recognised however
// it is spelled.
const ResourceKind BuiltinKinds[] = {
    {"TargetMachine",
     {"llvm::TargetMachine", "LLVMOpaqueTargetMachine"},
     {"LLVMTargetMachineRef"},
     "delete or std::unique_ptr",
     "LLVMDisposeTargetMachine"},
    // Contexts and what lives in them (facts §2, §5).
    {"LLVMContext",
     {"llvm::LLVMContext", "LLVMOpaqueContext"},
     {"LLVMContextRef"},
     "delete or std::unique_ptr",
     "LLVMContextDispose"},
    {"ThreadSafeContext", {"llvm::orc::ThreadSafeContext"}, {}, "", ""},
    {"ThreadSafeModule", {"llvm::orc::ThreadSafeModule"}, {}, "", ""},
    // IR: belongs to the context it was created in; never owns a context.
    {"IR",
     {"llvm::Module", "llvm::Value", "llvm::Type", "llvm::BasicBlock",
      "llvm::Metadata", "LLVMOpaqueModule", "LLVMOpaqueValue",
      "LLVMOpaqueType", "LLVMOpaqueBasicBlock", "LLVMOpaqueMetadata"},
     {"LLVMModuleRef", "LLVMValueRef", "LLVMTypeRef", "LLVMBasicBlockRef",
      "LLVMMetadataRef"},
     "",
     ""},
};

struct Row {
  const char *Name;
  Effect Eff;
  const char *Kind;
  int Arg;
  bool OnlyIfRawPointer;
  int BindTo = -1;
};

// Smart-pointer adoption and hand-back apply to every kind.
const Row SmartPointerRows[] = {
    {"std::unique_ptr::unique_ptr", Effect::Consumes, "*", 0, false},
    {"std::unique_ptr::reset", Effect::Consumes, "*", 0, false},
    {"std::shared_ptr::shared_ptr", Effect::Consumes, "*", 0, false},
    {"std::shared_ptr::reset", Effect::Consumes, "*", 0, false},
    // unique_ptr::release() hands ownership back as a raw pointer; the kind
    // is that of the pointee.
    {"std::unique_ptr::release", Effect::Creates, "*", ReturnValue, true},
};

// TargetMachine (facts §1.1, §1.2, §4.1).
const Row TargetMachineRows[] = {
    // TargetRegistry.h:448-462; returns TargetMachine * in LLVM 14-22.
    {"llvm::Target::createTargetMachine", Effect::Creates, "TargetMachine",
     ReturnValue, true},
    // ExecutionEngine.h:648, 650-655.
    {"llvm::EngineBuilder::selectTarget", Effect::Creates, "TargetMachine",
     ReturnValue, true},
    // TargetMachine.h:154, 158 (C API).
    {"LLVMCreateTargetMachine", Effect::Creates, "TargetMachine", ReturnValue,
     false},
    {"LLVMCreateTargetMachineWithOptions", Effect::Creates, "TargetMachine",
     ReturnValue, false},
    // TargetMachine.h:164.
    {"LLVMDisposeTargetMachine", Effect::Releases, "TargetMachine", 0, false},
    // ExecutionEngine.h:661: "Take ownership", even when create() fails.
    {"llvm::EngineBuilder::create", Effect::Consumes, "TargetMachine", 0,
     false},
    // Orc.h:1125-1135: "takes ownership of the given TargetMachine".
    {"LLVMOrcJITTargetMachineBuilderCreateFromTargetMachine", Effect::Consumes,
     "TargetMachine", 0, false},
    // PassBuilder keeps a non-owning TargetMachine *.
    {"llvm::PassBuilder::PassBuilder", Effect::Borrows, "TargetMachine", 0,
     false},
    // ExecutionEngine.h:443, ExecutionEngine.h:141 (C): owned by the engine.
    {"llvm::ExecutionEngine::getTargetMachine", Effect::ReturnsBorrowed,
     "TargetMachine", ReturnValue, false},
    {"LLVMGetExecutionEngineTargetMachine", Effect::ReturnsBorrowed,
     "TargetMachine", ReturnValue, false},
};

// Contexts, modules and the IR in them (facts §2, §4.1, §5). Anything an
// API returns that is IR or a context, computed from arguments that belong
// to a context, belongs to that context too: that rule is in the analysis,
// so only what it cannot see is listed here.
const Row ContextRows[] = {
    // Core.h:573, 628.
    {"LLVMContextCreate", Effect::Creates, "LLVMContext", ReturnValue, false},
    {"LLVMContextDispose", Effect::Releases, "LLVMContext", 0, false},
    // Core.h:578: the global context is never disposed.
    {"LLVMGetGlobalContext", Effect::ReturnsBorrowed, "LLVMContext",
     ReturnValue, false},
    // IRReader.h: the module is written through OutM, in context arg 0.
    {"LLVMParseIRInContext", Effect::Creates, "IR", 2, false, 0},
    {"LLVMParseBitcodeInContext2", Effect::Creates, "IR", 2, false, 0},
    {"LLVMGetBitcodeModuleInContext2", Effect::Creates, "IR", 2, false, 0},
    // ThreadSafeModule.h:53-57, 104-110: these take over the context (or
    // share it) and keep it alive.
    {"llvm::orc::ThreadSafeContext::ThreadSafeContext", Effect::Consumes,
     "LLVMContext", 0, false},
    {"llvm::orc::ThreadSafeModule::ThreadSafeModule", Effect::Consumes, "*",
     AnyArgument, false},
};

// Standard and LLVM container members that add elements, and those that
// take them out again (a container that is drained does not grow forever).
const char *const ContainerAppends[] = {
    "push_back", "emplace_back", "push_front", "emplace_front", "insert",
    "emplace",   "try_emplace",  "insert_or_assign", "emplace_hint", "push"};
const char *const ContainerDrains[] = {
    "erase", "clear", "pop_back", "pop_front", "pop",  "extract",
    "swap",  "resize", "remove_if", "erase_if", "splice", "shrink_to_fit"};

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

} // namespace

ApiModel::ApiModel() {
  Kinds.assign(std::begin(BuiltinKinds), std::end(BuiltinKinds));
  for (const Row &R : SmartPointerRows)
    add({R.Name, R.Eff, R.Kind, R.Arg, R.OnlyIfRawPointer});
  for (const Row &R : TargetMachineRows)
    add({R.Name, R.Eff, R.Kind, R.Arg, R.OnlyIfRawPointer});
  for (const Row &R : ContextRows)
    add({R.Name, R.Eff, R.Kind, R.Arg, R.OnlyIfRawPointer, R.BindTo});
}

void ApiModel::add(ApiRow Row) {
  Rows.push_back(std::move(Row));
  const ApiRow &Stored = Rows.back();
  llvm::StringRef Simple = llvm::StringRef(Stored.Name).rsplit("::").second;
  if (Simple.empty())
    Simple = Stored.Name;
  BySimpleName[Simple].push_back(&Stored);
}

void ApiModel::addUserRows(llvm::StringRef Names, Effect Eff,
                           llvm::StringRef Kind) {
  for (const std::string &N : splitNameList(Names))
    add({N, Eff, Kind.str(),
         Eff == Effect::Creates ? int(ReturnValue) : int(AnyArgument),
         Eff == Effect::Creates});
}

llvm::SmallVector<const ApiRow *, 2>
ApiModel::rowsFor(const FunctionDecl *FD) const {
  llvm::SmallVector<const ApiRow *, 2> Out;
  if (!FD)
    return Out;
  llvm::StringRef Simple = declSimpleName(FD);
  if (Simple.empty())
    return Out;
  auto It = BySimpleName.find(Simple);
  if (It == BySimpleName.end())
    return Out;
  for (const ApiRow *R : It->second)
    if (declHasQualifiedName(FD, R->Name))
      Out.push_back(R);
  return Out;
}

const ApiRow *ApiModel::find(const FunctionDecl *FD, Effect E, int Arg) const {
  for (const ApiRow *R : rowsFor(FD)) {
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
      for (llvm::StringRef H : K.CHandles)
        if (Name == H)
          return &K;
    Cur = TT->getDecl()->getUnderlyingType();
  }
  const auto *PT = T->getAs<PointerType>();
  if (!PT)
    return nullptr;
  QualType Pointee = PT->getPointeeType();
  const auto *RD = Pointee->getAsRecordDecl();
  if (!RD)
    return nullptr;
  const auto *CXXRD = dyn_cast<CXXRecordDecl>(RD);
  for (const ResourceKind &K : Kinds)
    for (llvm::StringRef C : K.CxxClasses) {
      if (CXXRD ? recordIsOrDerivesFrom(CXXRD, C) : RD->getName() == C)
        return &K;
    }
  return nullptr;
}

namespace {
// The first template argument of a specialization of one of \p Names.
QualType templateArg0(QualType T, std::initializer_list<llvm::StringRef> Names) {
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
} // namespace

const ResourceKind *ApiModel::kindOfValue(QualType T) const {
  if (T.isNull())
    return nullptr;
  T = T.getNonReferenceType();
  if (const ResourceKind *K = kindOfPointer(T))
    return K;
  if (T->isPointerType())
    return nullptr;
  if (QualType Inner = templateArg0(
          T, {"std::unique_ptr", "std::shared_ptr", "llvm::Expected",
              "llvm::ErrorOr"});
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
  const auto *Spec =
      dyn_cast_or_null<ClassTemplateSpecializationDecl>(T->getAsCXXRecordDecl());
  if (!Spec || !Spec->isInStdNamespace())
    return false;
  for (const TemplateArgument &A : Spec->getTemplateArgs().asArray())
    if (A.getKind() == TemplateArgument::Type &&
        !templateArg0(A.getAsType(), {"std::unique_ptr"}).isNull())
      return true;
  return false;
}

bool ApiModel::isContainerAppend(llvm::StringRef Method) {
  return llvm::is_contained(ContainerAppends, Method);
}

bool ApiModel::isContainerDrain(llvm::StringRef Method) {
  return llvm::is_contained(ContainerDrains, Method);
}

const ResourceKind *ApiModel::kind(llvm::StringRef Name) const {
  for (const ResourceKind &K : Kinds)
    if (K.Name == Name)
      return &K;
  return nullptr;
}

bool ApiModel::isLLVMApi(const FunctionDecl *FD) {
  if (!FD)
    return false;
  // A project's own helper placed in namespace llvm (a `wrap()` cast) is
  // not LLVM's: only declarations from outside the main file count.
  const SourceManager &SM = FD->getASTContext().getSourceManager();
  if (SM.isInMainFile(SM.getExpansionLoc(FD->getCanonicalDecl()->getLocation())))
    return false;
  if (FD->isExternC() || !FD->getDeclContext()->isRecord()) {
    if (const IdentifierInfo *II = FD->getIdentifier())
      if (II->getName().starts_with("LLVM") && FD->isExternC())
        return true;
  }
  const DeclContext *DC = FD->getDeclContext();
  while (DC && !DC->isTranslationUnit()) {
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      if (NS->getName() == "llvm" &&
          NS->getParent()->getRedeclContext()->isTranslationUnit())
        return true;
    DC = DC->getParent();
  }
  return false;
}

} // namespace clang::tidy::llvmown
