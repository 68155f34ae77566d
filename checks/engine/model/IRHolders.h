//===- IRHolders.h - project classes that own IR of a context -------------===//
//
// A project object that owns IR (a code generator holding its module) dies
// badly after the context of that IR, as a module holder does: its
// destructor deletes a module the context already deleted. This answers
// which member of a class owns such IR, through bases and members held by
// value or by std::unique_ptr.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_ENGINE_MODEL_IRHOLDERS_H
#define LLVMOWN_ENGINE_MODEL_IRHOLDERS_H

#include "engine/framework/AstFwd.h"
#include "engine/model/ApiModel.h"
#include "llvm/ADT/DenseMap.h"

namespace clang::tidy::llvmown {

/// The member of project class \p RD (or of a base or member object of it)
/// that owns IR of some context: a module held by value, by
/// std::unique_ptr or in a container of them, or a DIBuilder, searched
/// through the project objects its members own (containers included). Null for
/// LLVM's and the standard library's classes, for a class that owns a
/// context itself (its IR may be in that one), and for a class holding
/// only borrowed IR (`Module *`) or an IRBuilder.
const FieldDecl *irOwningMember(const CXXRecordDecl *RD, const ApiModel &M);

/// Which members of project classes own IR or a context, nested in what
/// they own, memoised per class for one AST (a unit's classes share many
/// member types).
class NestedOwners {
public:
  explicit NestedOwners(const ApiModel &M) : M(M) {}
  /// The field through which member \p F owns IR: \p F itself (a module, a
  /// DIBuilder, a container of modules), or the irOwningMember of a project
  /// object it owns (by value, by std::unique_ptr, or as the elements of a
  /// container). Null when what \p F owns has a context of its own.
  const FieldDecl *irField(const FieldDecl *F);
  /// The field through which member \p F owns a context (an LLVMContext or
  /// an orc::ThreadSafeContext): \p F itself, or a member of a project
  /// object it owns, the same way.
  const FieldDecl *contextField(const FieldDecl *F);

private:
  const FieldDecl *contextMember(const CXXRecordDecl *RD);
  const ApiModel &M;
  llvm::DenseMap<const CXXRecordDecl *, const FieldDecl *> IRMembers;
  llvm::DenseMap<const CXXRecordDecl *, const FieldDecl *> ContextMembers;
};

/// irOwningMember of the class an object of type \p T is or owns through
/// std::unique_ptr (not a pointer or reference to one).
const FieldDecl *irOwningMemberOf(QualType T, const ApiModel &M);

} // namespace clang::tidy::llvmown

#endif
