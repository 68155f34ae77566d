//===- TrackerFlow.h - trackers dropped while they hold JIT'd code --------===//
//
// The flow-sensitive part of the JIT resource analysis: a forward dataflow
// over one function's CFG, on the shared solver (Solver.h), that finds
// resource trackers used for an add and then dropped without remove() on a
// path where the add succeeded.
//
// A tracker variable holds the trackers it may refer to, each named by the
// call that created it, with what it may be on the paths so far: Fresh (no
// code added with it yet), Loaded (code may have been added with it), Done
// (removed, or handed over to someone else). An add whose failure is not yet
// tested is pending: on the edge where its Error says it failed, the
// trackers it loaded get back the values they had before it.
//
// Internal to the engine: JitResourceAnalysis and the unit tests use it.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_ENGINE_TRACKERFLOW_H
#define LLVMOWN_ENGINE_TRACKERFLOW_H

#include "engine/analyses/jit/JitResourceAnalysis.h"
#include "engine/framework/AstFwd.h"
#include "engine/framework/Environment.h"
#include "clang/AST/Decl.h"
#include <cstdint>

namespace clang::tidy::llvmown {

/// The abstract values one tracker may have, a set joined by union; no bits
/// is bottom (the tracker is not followed).
struct TrackerBits {
  enum : uint8_t {
    Fresh = 1,  ///< created; no code added with it on this path
    Loaded = 2, ///< code may have been added with it
    Done = 4,   ///< removed, or handed over to someone else
  };
  uint8_t Bits = 0;

  TrackerBits() = default;
  explicit TrackerBits(uint8_t Bits) : Bits(Bits) {}
  bool empty() const { return !Bits; }
  bool join(const TrackerBits &O) {
    uint8_t Before = Bits;
    Bits |= O.Bits;
    return Bits != Before;
  }
  bool operator==(const TrackerBits &O) const { return Bits == O.Bits; }
};

/// What a tracker variable may refer to: trackers by their creating call.
using TrackerValue = MapLattice<const CallExpr *, TrackerBits>;

/// Where a tracker that may hold code lost its last reference.
struct DropMark {
  const VarDecl *Holder = nullptr;
  TrackerDrop How = TrackerDrop::ScopeEnd;
  SourceLocation Where;
  bool operator==(const DropMark &O) const {
    return Holder == O.Holder && How == O.How && Where == O.Where;
  }
};
struct EarlierDrop {
  bool operator()(const DropMark &A, const DropMark &B) const {
    if (A.Where != B.Where)
      return EarlierLoc()(A.Where, B.Where);
    if (A.How != B.How)
      return A.How < B.How;
    // Two trackers dropped at one place (the same '}'): the holder declared
    // first, not whichever path the solver happened to bring first.
    return EarlierDecl()(A.Holder, B.Holder);
  }
};

struct TrackerState {
  /// Tracker variables (Location::local).
  Store<TrackerValue> Vars;
  /// Adds whose failure is not yet tested: where their Error is (the
  /// variable the add's result initializes, or the call itself as a
  /// temporary) -> the trackers they loaded, with their values before.
  MapLattice<Location, Store<TrackerValue>> Pending;
  /// Trackers dropped while they may hold code, by creating call: their
  /// code went to the JITDylib's default tracker. Clearing the JITDylib or
  /// ending the session later frees it; what reaches the function's exit
  /// (or a loop that never exits) with them is reported.
  MapLattice<const CallExpr *, MinLattice<DropMark, EarlierDrop>> DroppedCode;

  /// What a copy of the state costs (Solver.h's work budget).
  size_t weight() const {
    return Vars.size() + Pending.size() + DroppedCode.size();
  }
  bool join(const TrackerState &O) {
    bool Changed = Vars.join(O.Vars);
    Changed |= DroppedCode.join(O.DroppedCode);
    return Pending.join(O.Pending) || Changed;
  }
  bool operator==(const TrackerState &O) const {
    return Vars == O.Vars && Pending == O.Pending &&
           DroppedCode == O.DroppedCode;
  }
};

/// The project's own functions that add code with a tracker parameter (the
/// ORC tutorial's `addModule(TSM, RT)`): function -> that parameter.
using AddWrappers = llvm::DenseMap<const FunctionDecl *, unsigned>;

/// True if \p CE calls an ORC function of role \p Role.
bool hasJitRole(const CallExpr *CE, JitRole Role, const ApiModel &Model);

/// The ORC call of role \p Role that \p E evaluates to, through copies and
/// smart-pointer access (Locator::rootOf), or null.
const CallExpr *jitCallOf(const Expr *E, JitRole Role, const ApiModel &Model);

/// The trackers of function \p D that are dropped while they may hold code:
/// one per creating call, at the first place in the source where it is
/// dropped, in source order of those places. \p Incomplete is set when the
/// solver gave up on some paths (what they would drop is missing).
std::vector<DroppedTracker> findDroppedTrackers(const Decl *D, const Stmt *Body,
                                                const ApiModel &Model,
                                                ASTContext &Ctx,
                                                const AddWrappers &Wrappers,
                                                bool &Incomplete);

} // namespace clang::tidy::llvmown

#endif
