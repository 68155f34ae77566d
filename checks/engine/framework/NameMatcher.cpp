//===- NameMatcher.cpp ----------------------------------------------------===//

#include "engine/framework/NameMatcher.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"

namespace clang::tidy::llvmown {

llvm::StringRef declSimpleName(const NamedDecl *D) {
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(D))
    return Ctor->getParent()->getName();
  if (const auto *Dtor = dyn_cast<CXXDestructorDecl>(D))
    return Dtor->getParent()->getName();
  if (const IdentifierInfo *II = D->getIdentifier())
    return II->getName();
  return {};
}

bool declHasQualifiedName(const NamedDecl *D, llvm::StringRef QualifiedName) {
  bool Anchored = QualifiedName.consume_front("::");
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  QualifiedName.split(Parts, "::");
  if (Parts.empty() || declSimpleName(D) != Parts.back())
    return false;
  Parts.pop_back();
  const DeclContext *DC = D->getDeclContext();
  while (!Parts.empty()) {
    // Skip contexts a user does not spell: inline and anonymous namespaces,
    // linkage specifications, and transparent contexts.
    while (DC && !isa<TranslationUnitDecl>(DC)) {
      if (const auto *NS = dyn_cast<NamespaceDecl>(DC)) {
        if (NS->isInline() || NS->isAnonymousNamespace()) {
          DC = DC->getParent();
          continue;
        }
        break;
      }
      if (isa<RecordDecl>(DC) || isa<FunctionDecl>(DC))
        break;
      DC = DC->getParent();
    }
    if (!DC || isa<TranslationUnitDecl>(DC))
      return false;
    const auto *ND = cast<NamedDecl>(cast<Decl>(DC));
    // A class template specialization is named by its template.
    if (ND->getName() != Parts.back())
      return false;
    Parts.pop_back();
    DC = DC->getParent();
  }
  if (!Anchored)
    return true;
  while (DC && !isa<TranslationUnitDecl>(DC)) {
    const auto *NS = dyn_cast<NamespaceDecl>(DC);
    if (!NS || !(NS->isInline() || NS->isAnonymousNamespace()))
      if (!isa<LinkageSpecDecl>(DC))
        return false;
    DC = DC->getParent();
  }
  return true;
}

std::vector<std::string> splitNameList(llvm::StringRef List) {
  std::vector<std::string> Out;
  llvm::SmallVector<llvm::StringRef, 8> Items;
  List.split(Items, ';', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef I : Items) {
    I = I.trim();
    if (!I.empty())
      Out.push_back(I.str());
  }
  return Out;
}

} // namespace clang::tidy::llvmown
