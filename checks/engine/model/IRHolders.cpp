//===- IRHolders.cpp - project classes that own IR of a context -----------===//

#include "engine/model/IRHolders.h"
#include "engine/framework/NameMatcher.h"
#include "engine/model/ApiTables.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

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

bool isOneOf(const NamedDecl *D, llvm::ArrayRef<const char *> Names) {
  return llvm::any_of(
      Names, [&](const char *Name) { return declHasQualifiedName(D, Name); });
}

/// The types an object of type \p T owns outright, added to \p Out: \p T
/// itself, what its std::unique_ptr holds, or the elements of a container
/// that owns them (std::map<K, Entry>, std::vector<std::unique_ptr<M>>,
/// llvm::StringMap<Entry>), recursively. Pointers, references and shared
/// owners own nothing.
void ownedTypes(QualType T, llvm::SmallVectorImpl<QualType> &Out,
                unsigned Depth = 0) {
  if (T.isNull() || Depth > 6 || T->isPointerType() || T->isReferenceType())
    return;
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T->getAsCXXRecordDecl());
  bool Container = Spec && ((Spec->isInStdNamespace() &&
                             !isOneOf(Spec, tables::nonOwningStdTemplates())) ||
                            isOneOf(Spec, tables::owningLLVMContainers()));
  if (!Container) {
    if (!ApiModel::isSharedPointer(T))
      Out.push_back(T);
    return;
  }
  llvm::ArrayRef<TemplateArgument> Args = Spec->getTemplateArgs().asArray();
  // unique_ptr's second argument is its deleter, not something it owns.
  if (ApiModel::isOwningHolder(T) &&
      declHasQualifiedName(Spec, "std::unique_ptr"))
    Args = Args.take_front(1);
  for (const TemplateArgument &A : Args)
    if (A.getKind() == TemplateArgument::Type)
      ownedTypes(A.getAsType(), Out, Depth + 1);
}

/// An owned type that is IR by itself: a module, or a DIBuilder.
bool isIR(QualType T, const ApiModel &M) {
  if (const ResourceKind *K = M.kindOfValue(T))
    return K->Id == KindId::Module;
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  return RD && isContextBound(RD);
}

/// An owned type that is a context: an LLVMContext, or the
/// orc::ThreadSafeContext that owns one.
bool isContext(QualType T, const ApiModel &M) {
  const ResourceKind *K = M.kindOfValue(T);
  return K &&
         (K->Id == KindId::LLVMContext || K->Id == KindId::ThreadSafeContext);
}

/// Classes already searched in one query: each is searched once, so a
/// web of project classes costs its size, not its paths.
using Visited = llvm::SmallPtrSet<const CXXRecordDecl *, 8>;

const FieldDecl *search(const CXXRecordDecl *RD, const ApiModel &M,
                        unsigned Depth, bool &OwnsContext, Visited &Seen) {
  if (!RD || !RD->hasDefinition() || Depth > 4 || !isProjectClass(RD))
    return nullptr;
  RD = RD->getDefinition();
  if (!Seen.insert(RD).second)
    return nullptr;
  const FieldDecl *Found = nullptr;
  for (const FieldDecl *F : RD->fields()) {
    llvm::SmallVector<QualType, 4> Owned;
    ownedTypes(F->getType(), Owned);
    for (QualType T : Owned) {
      if (isContext(T, M))
        OwnsContext = true;
      else if (!Found && isIR(T, M))
        Found = F;
      else if (!Found)
        Found =
            search(T->getAsCXXRecordDecl(), M, Depth + 1, OwnsContext, Seen);
    }
  }
  for (const CXXBaseSpecifier &B : RD->bases())
    if (!Found)
      Found = search(B.getType()->getAsCXXRecordDecl(), M, Depth + 1,
                     OwnsContext, Seen);
  return Found;
}

} // namespace

const FieldDecl *irOwningMember(const CXXRecordDecl *RD, const ApiModel &M) {
  bool OwnsContext = false;
  Visited Seen;
  const FieldDecl *F = search(RD, M, 0, OwnsContext, Seen);
  return OwnsContext ? nullptr : F;
}

const FieldDecl *NestedOwners::irField(const FieldDecl *F) {
  llvm::SmallVector<QualType, 4> Owned;
  ownedTypes(F->getType(), Owned);
  if (llvm::any_of(Owned, [&](QualType T) { return isContext(T, M); }))
    return nullptr;
  if (llvm::any_of(Owned, [&](QualType T) { return isIR(T, M); }))
    return F;
  for (QualType T : Owned)
    if (const CXXRecordDecl *RD = T->getAsCXXRecordDecl()) {
      auto [It, New] = IRMembers.try_emplace(RD, nullptr);
      if (New)
        It->second = irOwningMember(RD, M);
      if (It->second)
        return It->second;
    }
  return nullptr;
}

const FieldDecl *NestedOwners::contextField(const FieldDecl *F) {
  llvm::SmallVector<QualType, 4> Owned;
  ownedTypes(F->getType(), Owned);
  if (llvm::any_of(Owned, [&](QualType T) { return isContext(T, M); }))
    return F;
  for (QualType T : Owned)
    if (const FieldDecl *Found = contextMember(T->getAsCXXRecordDecl()))
      return Found;
  return nullptr;
}

const FieldDecl *NestedOwners::contextMember(const CXXRecordDecl *RD) {
  if (!RD || !RD->hasDefinition() || !isProjectClass(RD))
    return nullptr;
  RD = RD->getDefinition();
  // Entered before it is computed: a class that owns itself (a list node)
  // is a cycle, not a context.
  auto [It, New] = ContextMembers.try_emplace(RD, nullptr);
  if (!New)
    return It->second;
  const FieldDecl *Found = nullptr;
  for (const FieldDecl *F : RD->fields())
    if ((Found = contextField(F)))
      break;
  for (const CXXBaseSpecifier &B : RD->bases())
    if (!Found)
      Found = contextMember(B.getType()->getAsCXXRecordDecl());
  ContextMembers[RD] = Found;
  return Found;
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
