//===- MemberOwnership.h - how a class treats an owning member ------------===//
//
// Class-level half of the analysis: once the per-function analysis has seen
// an owned object stored into a member, this scan answers whether anything
// that can touch the member ever releases it, or lets it escape (which is no
// evidence of a leak), and whether all that code is visible in this
// translation unit at all.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_ENGINE_MEMBEROWNERSHIP_H
#define LLVMOWN_ENGINE_MEMBEROWNERSHIP_H

#include "engine/framework/AstFwd.h"
#include "engine/model/ApiModel.h"
#include "llvm/ADT/ArrayRef.h"

namespace clang::tidy::llvmown {

struct MemberUse {
  /// Deleted, passed to a release or consuming API, or adopted by a smart
  /// pointer somewhere.
  bool Released = false;
  /// Copied out, returned, passed to an unknown function, or its address
  /// taken: someone else may release it.
  bool Escapes = false;
  /// Every function that can touch the member has its body in this
  /// translation unit (all member functions, no friends; and for a public
  /// member, a class defined in the main file).
  bool AllCodeVisible = true;
  /// The class's destructor, defined in this unit, that releases two or
  /// more of its other members and not this one: the class's own cleanup,
  /// which a member it owns must be part of, whatever code is out of view.
  const CXXDestructorDecl *CleanupWithout = nullptr;
};

/// Scans the member functions of \p F's class, and \p OtherBodies (the main
/// file's other functions, which can reach a public member). A member
/// function defined in another file counts as seen when the attached
/// summaries describe it (FunctionSummary::OfClass).
MemberUse scanMemberUses(const FieldDecl *F, const ApiModel &Model,
                         llvm::ArrayRef<const Stmt *> OtherBodies,
                         bool ClassInMainFile);

/// What member function \p Def (its body and member initializers) does to
/// member \p F, added to \p Use: for the summaries of another file.
void scanMemberFunction(const FieldDecl *F, const ApiModel &Model,
                        const FunctionDecl *Def, MemberUse &Use);

/// A member the member rule follows: a raw pointer to an object of a kind
/// of the model (a TargetMachine, an ExecutionEngine), or an array of them.
bool holdsTrackedObject(const FieldDecl *F, const ApiModel &Model);

} // namespace clang::tidy::llvmown

#endif
