//===- FieldCreations.h - a field released where it was not created -------===//
//
// A field created on one branch only (`if (P->Body) beginBody(P);`, where
// beginBody creates `P->Builder`) and released after the branches meet
// (`endProc(P);`). Either the path that skipped the creation releases a
// handle this call never made, or, if the field already held one, the
// creating path overwrote it and leaked that one. Which paths reach a
// release is a may-fact: per field, the set of the kinds of paths (created
// here, left as it came in, stored or tested otherwise).
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_ENGINE_FIELDCREATIONS_H
#define LLVMOWN_ENGINE_FIELDCREATIONS_H

#include "engine/analyses/ownership/FieldReleases.h"

namespace clang::tidy::llvmown {

/// A release of `Var->Field` that some path reaches without the creation
/// an earlier branch of the same function made.
struct FieldReleaseUncreated {
  const VarDecl *Var;
  const FieldDecl *Field;
  const ResourceKind *Kind;
  const CallExpr *Call;                     ///< the release (or helper call)
  const FunctionDecl *Helper = nullptr;     ///< Call's callee, when a helper
  const CallExpr *InHelper = nullptr;       ///< the release inside Helper
  const FunctionDecl *InHelperFn = nullptr; ///< the function that makes it
  const Expr *Creation = nullptr;        ///< the creating store or helper call
  const FunctionDecl *Creator = nullptr; ///< Creation's callee, if a helper
  const Stmt *Branch = nullptr;          ///< the branch that holds Creation
};

/// The releases of struct fields in \p Body that some path reaches without
/// the creation another path made (see the file comment).
std::vector<FieldReleaseUncreated>
findFieldReleasesUncreated(const ApiModel &Model, const HelperFieldReleases &H,
                           const Decl *D, const Stmt *Body, ASTContext &Ctx);

} // namespace clang::tidy::llvmown

#endif
