//===- IRHolders.cpp - project classes that own IR of a context -----------===//

#include "engine/model/IRHolders.h"
#include "engine/framework/NameMatcher.h"
#include "engine/model/ApiTables.h"
#include "clang/AST/DeclCXX.h"

namespace clang::tidy::llvmown {

namespace {

bool isProjectClass(const CXXRecordDecl *RD) {
  return RD && !RD->isInStdNamespace() && !ApiModel::isInLLVMNamespace(RD);
}

bool isContextBound(const CXXRecordDecl *RD) {
  return llvm::any_of(tables::contextBoundClasses(), [&](const char *Name) {
    return declHasQualifiedName(RD, Name);
  });
}

/// A member of type \p T owns IR by itself: a module (by value, in a
/// unique_ptr, or in a container of unique_ptrs) or a DIBuilder.
bool ownsIRDirectly(QualType T, const ApiModel &M) {
  T = T.getNonReferenceType();
  if (T->isPointerType() || T->isReferenceType())
    return false;
  if (const ResourceKind *K = M.kindOfValue(T))
    return K->Id == KindId::Module && !ApiModel::isSharedPointer(T);
  if (const CXXRecordDecl *Held = ApiModel::heldClass(T))
    if (isContextBound(Held) && !ApiModel::isSharedPointer(T))
      return true;
  // std::vector<std::unique_ptr<Module>> and maps of them.
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T->getAsCXXRecordDecl());
  if (!Spec || !Spec->isInStdNamespace() || !ApiModel::isOwningHolder(T))
    return false;
  for (const TemplateArgument &A : Spec->getTemplateArgs().asArray())
    if (A.getKind() == TemplateArgument::Type)
      if (const ResourceKind *K = M.kindOfValue(A.getAsType());
          K && K->Id == KindId::Module &&
          ApiModel::isOwningHolder(A.getAsType()))
        return true;
  return false;
}

bool ownsContext(QualType T, const ApiModel &M) {
  if (T->isPointerType() || T->isReferenceType())
    return false;
  const ResourceKind *K = M.kindOfValue(T);
  return K && K->Id == KindId::LLVMContext;
}

const FieldDecl *search(const CXXRecordDecl *RD, const ApiModel &M,
                        unsigned Depth, bool &OwnsContext) {
  if (!RD || !RD->hasDefinition() || Depth > 3 || !isProjectClass(RD))
    return nullptr;
  RD = RD->getDefinition();
  const FieldDecl *Found = nullptr;
  for (const FieldDecl *F : RD->fields()) {
    QualType T = F->getType();
    if (ownsContext(T, M))
      OwnsContext = true;
    if (!Found && ownsIRDirectly(T, M))
      Found = F;
    if (!Found && !T->isPointerType() && !T->isReferenceType())
      Found = search(ApiModel::heldClass(T), M, Depth + 1, OwnsContext);
  }
  for (const CXXBaseSpecifier &B : RD->bases())
    if (!Found)
      Found =
          search(B.getType()->getAsCXXRecordDecl(), M, Depth + 1, OwnsContext);
  return Found;
}

} // namespace

const FieldDecl *irOwningMember(const CXXRecordDecl *RD, const ApiModel &M) {
  bool OwnsContext = false;
  const FieldDecl *F = search(RD, M, 0, OwnsContext);
  return OwnsContext ? nullptr : F;
}

const FieldDecl *irOwningMemberOf(QualType T, const ApiModel &M) {
  if (T.isNull())
    return nullptr;
  T = T.getNonReferenceType();
  if (T->isPointerType() || ApiModel::isSharedPointer(T) || M.kindOfValue(T))
    return nullptr;
  return irOwningMember(ApiModel::heldClass(T), M);
}

} // namespace clang::tidy::llvmown
