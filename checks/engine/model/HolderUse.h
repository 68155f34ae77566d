//===- HolderUse.h - how one reference uses a holder ----------------------===//
//
// One classifier of what a reference to a holder (a container, a smart
// pointer, a queue) does with it, in the model's vocabulary of member
// verbs (UnitIndex.h keeps what each body does to each member and global).
// Analyses decide which uses count for them: the retention
// analysis calls a container that something takes elements out of a queue,
// the JIT analysis also calls one whose size is asked bounded.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_ENGINE_MODEL_HOLDERUSE_H
#define LLVMOWN_ENGINE_MODEL_HOLDERUSE_H

#include "engine/framework/AstFwd.h"
#include "engine/model/ApiModel.h"

namespace clang::tidy::llvmown {

/// What one reference does to the holder it names.
enum class HolderUse : unsigned char {
  /// Elements leave it: a member or free function with the TakesOut verb
  /// (erase, pop_back, extract; std::swap, std::erase_if).
  TakesOut,
  /// It is left empty: the Empties verb (clear, reset).
  Empties,
  /// Handed elsewhere whole: std::move or std::forward of it.
  Moves,
  /// Its size is asked (size, empty): a bound.
  AsksSize,
  /// Assigned to (`Q = {}`, `Q = std::move(Other)`).
  Assigned,
  /// Gets an element (push_back, insert).
  Adds,
  /// Passed by non-const reference to a function, which may do any of the
  /// above (a pool's static `pop(Q)`).
  PassedByRef,
  /// An element looked up (find, count, contains, lookup).
  LooksUp,
  /// Indexed with operator[]: an element read, or made.
  Indexes,
  /// Reset (the Resets verb): what it held ends; it may hold a new one.
  Resets,
  /// Its address taken (`&M`, a C create's out-parameter).
  AddressTaken,
};
void isFlagEnum(HolderUse);
/// The uses one reference, or all of a body's references, make of a holder.
using HolderUses = FlagSet<HolderUse>;

/// The uses of the holder that \p Ref names, found from the expression
/// around it (\p PM: the parents of the body \p Ref is in).
HolderUses classifyHolderUse(const Expr *Ref, const ParentMap &PM,
                             const ApiModel &M);

} // namespace clang::tidy::llvmown

#endif
