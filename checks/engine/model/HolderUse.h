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

/// What one reference does to the holder it names (a bit set).
enum HolderUse : unsigned {
  NoHolderUse = 0,
  /// Elements leave it: a member or free function with the TakesOut verb
  /// (erase, pop_back, extract; std::swap, std::erase_if).
  UseTakesOut = 1 << 0,
  /// It is left empty: the Empties verb (clear, reset).
  UseEmpties = 1 << 1,
  /// Handed elsewhere whole: std::move or std::forward of it.
  UseMoves = 1 << 2,
  /// Its size is asked (size, empty): a bound.
  UseAsksSize = 1 << 3,
  /// Assigned to (`Q = {}`, `Q = std::move(Other)`).
  UseAssigned = 1 << 4,
  /// Gets an element (push_back, insert).
  UseAdds = 1 << 5,
  /// Passed by non-const reference to a function, which may do any of the
  /// above (a pool's static `pop(Q)`).
  UsePassedByRef = 1 << 6,
  /// An element looked up (find, count, contains, lookup).
  UseLooksUp = 1 << 7,
  /// Indexed with operator[]: an element read, or made.
  UseIndexes = 1 << 8,
  /// Reset (the Resets verb): what it held ends; it may hold a new one.
  UseResets = 1 << 9,
  /// Its address taken (`&M`, a C create's out-parameter).
  UseAddressTaken = 1 << 10,
};

/// The uses of the holder that \p Ref names, found from the expression
/// around it (\p PM: the parents of the body \p Ref is in).
unsigned classifyHolderUse(const Expr *Ref, const ParentMap &PM,
                           const ApiModel &M);

} // namespace clang::tidy::llvmown

#endif
