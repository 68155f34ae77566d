//===- ApiModelNames.cpp - what the model says of single declarations -----===//
//
// The questions about one declaration whose answer is a table of names:
// LLVM's own API, handle conversions, scope guards, smart pointers,
// strings, the C library's allocators and deallocators.
//
//===----------------------------------------------------------------------===//

#include "engine/framework/AstHelpers.h"
#include "engine/framework/Compat.h"
#include "engine/framework/NameMatcher.h"
#include "engine/model/ApiModel.h"
#include "engine/model/ApiTables.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Path.h"

namespace clang::tidy::llvmown {

/// A function whose whole body returns its one pointer parameter cast to
/// another pointer type: a project's own `wrap`/`unwrap` (LLVM's
/// DEFINE_SIMPLE_CONVERSION_FUNCTIONS, copied into many bindings).
static bool returnsItsParameterCast(const FunctionDecl *FD) {
  const FunctionDecl *Def = FD->getDefinition();
  const auto *Body =
      Def ? dyn_cast_or_null<CompoundStmt>(Def->getBody()) : nullptr;
  if (!Body || Body->size() != 1 || !Def->getReturnType()->isPointerType() ||
      !Def->getParamDecl(0)->getType()->isPointerType())
    return false;
  const auto *RS = dyn_cast<ReturnStmt>(Body->body_front());
  const Expr *V = RS && RS->getRetValue() ? RS->getRetValue() : nullptr;
  const auto *Cast = V ? dyn_cast<CastExpr>(V->IgnoreParens()) : nullptr;
  if (!Cast)
    return false;
  const auto *DRE =
      dyn_cast<DeclRefExpr>(Cast->getSubExpr()->IgnoreParenCasts());
  return DRE && DRE->getDecl() == Def->getParamDecl(0);
}

bool ApiModel::isHandleConversion(const FunctionDecl *FD) {
  if (!FD || FD->getNumParams() != 1 || !FD->getIdentifier())
    return false;
  for (const char *Name : tables::handleConversions())
    if (declHasQualifiedName(FD, Name))
      return true;
  return returnsItsParameterCast(FD);
}

const JitRemedies &ApiModel::jitRemedies(bool CApi) {
  return CApi ? tables::CJitRemedies : tables::CxxJitRemedies;
}

namespace {

/// \p Loc is in one of the C API's headers: a file in an `llvm-c`
/// directory (LLVM's, or a copy a project vendors), or a system header.
bool isLLVMCHeader(const SourceManager &SM, SourceLocation Loc) {
  Loc = SM.getExpansionLoc(Loc);
  if (SM.isInSystemHeader(Loc))
    return true;
  llvm::StringRef Dir = llvm::sys::path::parent_path(SM.getFilename(Loc));
  return llvm::is_contained(
      llvm::make_range(llvm::sys::path::begin(Dir), llvm::sys::path::end(Dir)),
      tables::LLVMCHeaderDir);
}

} // namespace

bool ApiModel::isLLVMApi(const FunctionDecl *FD) {
  if (!FD)
    return false;
  // A project's own helper placed in namespace llvm (a `wrap()` cast) is
  // not LLVM's: only declarations from outside the main file count.
  const SourceManager &SM = FD->getASTContext().getSourceManager();
  const FunctionDecl *First = FD->getCanonicalDecl();
  const IdentifierInfo *II = FD->getIdentifier();
  if (II && FD->isExternC() &&
      compat::startsWith(II->getName(), tables::LLVMCPrefix)) {
    // C code calling a function LLVM has since removed declares it
    // implicitly at the call: it is still LLVM's.
    if (First->isImplicit())
      return true;
    // Decided by where it is declared, not by its name: a project's own
    // LLVM* helpers in its headers are project code.
    return !isInUnitSource(SM, First->getLocation()) &&
           isLLVMCHeader(SM, First->getLocation());
  }
  if (isInUnitSource(SM, First->getLocation()))
    return false;
  return isInLLVMNamespace(FD);
}

bool ApiModel::isInLLVMNamespace(const Decl *D) {
  for (const DeclContext *DC = D ? D->getDeclContext() : nullptr;
       DC && !DC->isTranslationUnit(); DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      if (NS->getName() == tables::LLVMNamespace &&
          NS->getParent()->getRedeclContext()->isTranslationUnit())
        return true;
  return false;
}

bool ApiModel::isScopeGuardClass(const CXXRecordDecl *RD) {
  return RD && llvm::any_of(tables::scopeGuardClasses(), [&](const char *Name) {
           return declHasQualifiedName(RD, Name);
         });
}

bool ApiModel::isScopeGuardDisarm(const FunctionDecl *FD) {
  return FD && FD->getIdentifier() &&
         llvm::is_contained(tables::scopeGuardDisarms(), FD->getName());
}

bool ApiModel::isSmartPointerClass(const CXXRecordDecl *RD) {
  return RD && llvm::any_of(tables::smartPointerClasses(), [&](const char *N) {
           return declHasQualifiedName(RD, N);
         });
}

bool ApiModel::isUniquePtr(const CXXRecordDecl *RD) {
  return RD && declHasQualifiedName(RD, tables::UniquePtrClass);
}

bool ApiModel::isStringClass(const CXXRecordDecl *RD) {
  return RD && llvm::any_of(tables::stringClasses(), [&](const char *Name) {
           return declHasQualifiedName(RD, Name);
         });
}

bool ApiModel::isCDeallocator(const FunctionDecl *FD) {
  if (!FD || !FD->getIdentifier() ||
      !FD->getDeclContext()->getRedeclContext()->isTranslationUnit())
    return false;
  return llvm::is_contained(tables::cDeallocators(), FD->getName());
}

bool ApiModel::isAllocatorLike(const FunctionDecl *FD) {
  if (!FD || !FD->getIdentifier())
    return false;
  std::string Name = FD->getName().lower();
  return llvm::any_of(tables::allocatorNameParts(), [&](llvm::StringRef P) {
    return llvm::StringRef(Name).contains(P);
  });
}

} // namespace clang::tidy::llvmown
