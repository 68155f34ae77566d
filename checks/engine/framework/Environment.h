//===- Environment.h - storage locations and the expression evaluator -----===//
//
// The one store shared by every flow-sensitive analysis. A Location names
// where a value lives while a function runs: a local variable or parameter,
// a member of `this`, a member of a local object, or the result of an
// expression that is still being computed (a temporary, until its consumer
// takes it). A Store maps locations to an analysis' abstract values (token
// sets, owner bindings, tracker states) and is itself a lattice.
//
// The Locator is the one expression evaluator: it says which location an
// expression designates, looking through the wrappers that do not change
// the object (parentheses, casts, std::move, temporaries), and, for holders,
// through smart-pointer access (`P->`, `*P`, `P.get()`, copies of P).
// Memory the function does not own (a global, `*Out`, another object's
// member) is no location: values stored there are out of sight.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_ENGINE_ENVIRONMENT_H
#define LLVMOWN_ENGINE_ENVIRONMENT_H

#include "engine/framework/AstFwd.h"
#include "engine/framework/Lattice.h"
#include "llvm/ADT/DenseMapInfo.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/STLExtras.h"

namespace clang::tidy::llvmown {

class Location {
public:
  enum Kind : uint8_t {
    None,
    Local,
    ThisField,
    LocalField,
    Temporary,
    Pointee
  };

  Location() = default;
  static Location local(const VarDecl *V) { return {Local, V, nullptr}; }
  static Location thisField(const FieldDecl *F) {
    return {ThisField, nullptr, F};
  }
  static Location localField(const VarDecl *V, const FieldDecl *F) {
    return {LocalField, V, F};
  }
  static Location temporary(const Expr *E) { return {Temporary, E, nullptr}; }
  /// `*P` for a parameter P that points to the caller's variable (an
  /// out-parameter): what is stored there is the caller's once the
  /// function returns.
  static Location pointee(const VarDecl *P) { return {Pointee, P, nullptr}; }

  Kind kind() const { return K; }
  explicit operator bool() const { return K != None; }
  /// The variable of a Local, LocalField or Pointee location.
  const VarDecl *var() const {
    return K == Local || K == LocalField || K == Pointee
               ? static_cast<const VarDecl *>(Ptr)
               : nullptr;
  }
  /// The member of a ThisField or LocalField location.
  const FieldDecl *field() const { return Field; }
  /// The expression of a Temporary location.
  const Expr *expr() const {
    return K == Temporary ? static_cast<const Expr *>(Ptr) : nullptr;
  }
  /// What messages name as the holder: the variable, or the member of `this`.
  const NamedDecl *holder() const;

  bool operator==(const Location &O) const {
    return K == O.K && Ptr == O.Ptr && Field == O.Field;
  }
  bool operator!=(const Location &O) const { return !(*this == O); }

private:
  friend struct llvm::DenseMapInfo<Location>;
  Location(Kind K, const void *Ptr, const FieldDecl *F)
      : Ptr(Ptr), Field(F), K(K) {}
  const void *Ptr = nullptr;
  const FieldDecl *Field = nullptr;
  Kind K = None;
};

/// Abstract values by location; missing locations hold bottom.
template <typename V> using Store = MapLattice<Location, V>;

/// The expression evaluator of one function.
class Locator {
public:
  /// \p Fn is the function analysed (a lambda's call operator for a
  /// lambda). With \p References false, reference variables are no
  /// location (what they refer to lives elsewhere).
  Locator(const Decl *Fn, bool References = true)
      : Fn(Fn), References(References) {}

  /// With \p On, `*P` for a pointer-to-pointer parameter P is the location
  /// Pointee(P) (an out-parameter), not memory out of sight.
  void followOutParameters(bool On) { OutParameters = On; }

  /// A variable of this function: a local or parameter, not one captured
  /// from an enclosing function, not a static.
  bool isLocal(const VarDecl *VD) const;
  /// A variable this locator gives a location: a local, and not a
  /// reference unless references are followed.
  bool tracks(const VarDecl *VD) const;

  /// Where the value of \p E is found: the variable or member it names, or
  /// Temporary(skipTransparent(E)) for any other expression (a call's
  /// result, `*P`, `Other->F`); None for a variable that is not local.
  Location locate(const Expr *E) const;

  /// Where a store to \p LHS goes: a local, a member of `this` or of a
  /// local object; None for memory the function does not own.
  Location target(const Expr *LHS) const;

  /// The expression \p E designates once transparent wrappers, copies and
  /// smart-pointer access (`P->`, `*P`, `P.get()`, as \p Model names them)
  /// are looked through: `*RT` and `RT.get()` give RT.
  /// \p GetsPointer tells the member functions that return the pointer
  /// their object holds (`get()`, the model's GetsPointer verb).
  static const Expr *
  rootOf(const Expr *E,
         llvm::function_ref<bool(const CXXMethodDecl *)> GetsPointer);
  /// The variable rootOf() arrives at, if any.
  static const VarDecl *
  rootVar(const Expr *E,
          llvm::function_ref<bool(const CXXMethodDecl *)> GetsPointer);

private:
  const Decl *Fn;
  bool References;
  bool OutParameters = false;
};

} // namespace clang::tidy::llvmown

namespace llvm {
template <> struct DenseMapInfo<clang::tidy::llvmown::Location> {
  using Location = clang::tidy::llvmown::Location;
  static Location getEmptyKey() {
    return {Location::None, DenseMapInfo<const void *>::getEmptyKey(), nullptr};
  }
  static Location getTombstoneKey() {
    return {Location::None, DenseMapInfo<const void *>::getTombstoneKey(),
            nullptr};
  }
  static unsigned getHashValue(const Location &L) {
    return hash_combine(L.K, L.Ptr, L.Field);
  }
  static bool isEqual(const Location &A, const Location &B) { return A == B; }
};
} // namespace llvm

#endif
