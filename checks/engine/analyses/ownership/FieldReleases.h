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
#include "engine/framework/CompatADT.h" // llvm::function_ref
#include "engine/framework/Solver.h"
#include "engine/model/ApiModel.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include <tuple>
#include <utility>
#include <vector>

namespace clang::tidy::llvmown {

/// The pointer variable V that \p E names (through casts), or null.
const VarDecl *arrowBase(const Expr *E);
/// `V->F` for a pointer variable V: the variable and the field, or nulls.
std::pair<const VarDecl *, const FieldDecl *> arrowField(const Expr *E);
/// `V->F = create(...)` with a creating API of the model: the variable, the
/// field and the creating call, or nulls.
std::tuple<const VarDecl *, const FieldDecl *, const CallExpr *>
createdArrowField(const Expr *E, const ApiModel &Model);

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

/// What the unit's own helpers release and create: for each, the fields of
/// its pointer parameters it releases (or fills with a new handle) on every
/// path: at the top level of its body, or through another such helper.
/// Built from the AST alone.
class HelperFieldReleases {
public:
  explicit HelperFieldReleases(const ApiModel &Model) : Model(Model) {}
  struct Release {
    unsigned Param;
    const FieldDecl *Field;
    const CallExpr *Call;      ///< the release (or creation), in Owner's body
    const FunctionDecl *Owner; ///< the helper or one it calls
  };
  llvm::ArrayRef<Release> of(const FunctionDecl *FD) const;
  /// The fields \p FD stores a newly created handle into.
  llvm::ArrayRef<Release> creationsOf(const FunctionDecl *FD) const;

  /// What call \p CE does to the fields `V->F` of local pointers. \p OnRelease
  /// (V, F, Consumes, Helper, In) for each release: an argument `V->F` that
  /// a release or consuming API of the model takes (Helper null), or a field
  /// a helper releases (In: the release inside it). \p OnCreate(V, R) for
  /// each field a helper fills with a new handle. Returns false if \p CE
  /// calls code that may store into the fields of any pointer it is given
  /// (not LLVM's, and no release known).
  bool
  visitCall(const CallExpr *CE,
            llvm::function_ref<void(const VarDecl *, const FieldDecl *, bool,
                                    const FunctionDecl *, const Release *)>
                OnRelease,
            llvm::function_ref<void(const VarDecl *, const Release &)> OnCreate)
      const;

private:
  struct Effects {
    std::vector<Release> Releases, Creations;
  };
  const Effects *effects(const FunctionDecl *FD) const;
  Effects compute(const FunctionDecl *Def, unsigned Depth) const;
  const ApiModel &Model;
  mutable llvm::DenseMap<const FunctionDecl *, Effects> Known;
};

/// The releases of some `V->F` that call \p CE makes, for the cheap first
/// look of the field analyses: one per argument a releasing or consuming
/// API gets, and one for a helper of \p H that releases fields.
unsigned fieldReleasesIn(const CallExpr *CE, const ApiModel &Model,
                         const HelperFieldReleases &H);

/// The transfer the field analyses share: what statements do to the fields
/// `V->F` of local pointers. \p Derived says what each event does to its
/// state: release(S, V, F, Call, Consumes, Helper, In), create(S, V, F, By,
/// Creator) (a helper's creation, or `V->F = create()`), stored(S, V, F)
/// (any other store, or `&V->F` taken), reassigned(S, V) (`V = ...`, or a
/// new declaration of V), and opaque(S, V) (V given to unknown code, or
/// `&V` taken: its fields may have been stored).
template <typename Derived, typename StateT>
class ArrowFieldFlow : public FlowVisitor<Derived, StateT> {
public:
  ArrowFieldFlow(const ApiModel &Model, const HelperFieldReleases &H)
      : Model(Model), H(H) {}

  void VisitCallExpr(const CallExpr *CE, StateT &S) const {
    bool Known = H.visitCall(
        CE,
        [&](const VarDecl *V, const FieldDecl *F, bool Consumes,
            const FunctionDecl *Helper,
            const HelperFieldReleases::Release *In) {
          self().release(S, V, F, CE, Consumes, Helper, In);
        },
        [&](const VarDecl *V, const HelperFieldReleases::Release &R) {
          self().create(S, V, R.Field, CE, CE->getDirectCallee());
        });
    if (!Known)
      for (const Expr *A : CE->arguments())
        if (const VarDecl *V = arrowBase(A))
          self().opaque(S, V);
  }

  void VisitBinaryOperator(const BinaryOperator *BO, StateT &S) const {
    if (!BO->isAssignmentOp())
      return;
    if (auto [V, F, New] = createdArrowField(BO, Model); V)
      self().create(S, V, F, BO, nullptr);
    else if (auto [V, F] = arrowField(BO->getLHS()); V)
      self().stored(S, V, F);
    else if (const VarDecl *W = arrowBase(BO->getLHS()))
      self().reassigned(S, W);
  }

  void VisitUnaryOperator(const UnaryOperator *UO, StateT &S) const {
    if (UO->getOpcode() != UO_AddrOf)
      return;
    if (auto [V, F] = arrowField(UO->getSubExpr()); V)
      self().stored(S, V, F);
    else if (const VarDecl *V = arrowBase(UO->getSubExpr()))
      self().opaque(S, V);
  }

  void VisitDeclStmt(const DeclStmt *DS, StateT &S) const {
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D))
        self().reassigned(S, V);
  }

protected:
  const Derived &self() const { return *static_cast<const Derived *>(this); }
  const ApiModel &Model;
  const HelperFieldReleases &H;
};

/// The double releases of struct fields in \p Body (function \p D).
std::vector<FieldReleaseTwice>
findFieldReleasesTwice(const ApiModel &Model, const HelperFieldReleases &H,
                       const Decl *D, const Stmt *Body, ASTContext &Ctx);

} // namespace clang::tidy::llvmown

#endif
