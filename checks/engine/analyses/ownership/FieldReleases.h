//===- FieldReleases.h - a struct field's handle released twice -----------===//
//
// C code keeps its handles in struct fields and tears them down in helpers:
// `LLVMLinkModules2(First->Module, Other->Module); destroyContext(Other);`
// where destroyContext disposes of `Other->Module`, which the link already
// took. This analysis follows, per function, which fields of which local
// pointers (`V->F`) are released on every path so far: by a release or
// consuming API of the model, or by a helper of the unit that releases
// that field of its parameter whatever the path. A second release of the
// same field, with no store into it between, is a double release.
//
// A must-analysis: the states of two paths meet in what both released, so
// a release on one branch only is never the first of a pair.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_ENGINE_FIELDRELEASES_H
#define LLVMOWN_ENGINE_FIELDRELEASES_H

#include "engine/framework/AstHelpers.h"
#include "engine/framework/Solver.h"
#include "engine/model/ApiModel.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include <vector>

namespace clang::tidy::llvmown {

/// A release of field `Var->Field` that an earlier one on every path to it
/// already did.
struct FieldReleaseTwice {
  const VarDecl *Var;
  const FieldDecl *Field;
  const ResourceKind *Kind;
  const CallExpr *Call;         ///< the second release (or helper call)
  const CallExpr *Earlier;      ///< the first
  bool EarlierConsumed = false; ///< the first took it over (not a release)
  const FunctionDecl *Helper = nullptr;     ///< Call's callee, when a helper
  const CallExpr *InHelper = nullptr;       ///< the release inside Helper
  const FunctionDecl *InHelperFn = nullptr; ///< the function that makes it
};

/// What the unit's own helpers release: for each, the fields of its pointer
/// parameters it releases on every path (a release at the top level of its
/// body, or through another such helper). Built from the AST alone.
class HelperFieldReleases {
public:
  explicit HelperFieldReleases(const ApiModel &Model) : Model(Model) {}
  struct Release {
    unsigned Param;
    const FieldDecl *Field;
    const CallExpr *Call;      ///< the release, in Owner's body
    const FunctionDecl *Owner; ///< the helper or one it calls
  };
  llvm::ArrayRef<Release> of(const FunctionDecl *FD) const;

private:
  std::vector<Release> compute(const FunctionDecl *Def, unsigned Depth) const;
  const ApiModel &Model;
  mutable llvm::DenseMap<const FunctionDecl *, std::vector<Release>> Known;
};

/// The double releases of struct fields in \p Body (function \p D).
std::vector<FieldReleaseTwice>
findFieldReleasesTwice(const ApiModel &Model, const HelperFieldReleases &H,
                       const Decl *D, const Stmt *Body, ASTContext &Ctx);

} // namespace clang::tidy::llvmown

#endif
