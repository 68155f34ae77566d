//===- OwnershipAnalysis.h - flow-sensitive ownership of LLVM objects -----===//
//
// A forward dataflow analysis over one function's CFG (the model is
// OwnershipFlow, solved by Solver.h). Each call that creates an owned object
// (per the ApiModel) is an allocation site; the analysis follows the objects
// through locals, assignments, `this` members, null checks, releases,
// transfers, escapes and returns, joining states at merge points (a
// may-analysis: an object owned on some incoming path stays owned). Cost is
// linear in the CFG: no path is enumerated, and each block is visited a
// bounded number of times.
//
// The analysis reports facts, not diagnostics; checks decide what to say.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_ENGINE_OWNERSHIPANALYSIS_H
#define LLVMOWN_ENGINE_OWNERSHIPANALYSIS_H

#include "engine/framework/AstHelpers.h"
#include "engine/framework/Exceptions.h"
#include "engine/framework/Solver.h"
#include "engine/model/ApiModel.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <string>
#include <vector>

namespace clang::tidy::llvmown {

/// Functions of this translation unit that return an owned object to their
/// caller (a `getMachine()` wrapper), with the kind they return.
using DerivedFactories =
    llvm::DenseMap<const FunctionDecl *, const ResourceKind *>;

/// One allocation site in the analysed function.
struct OwnedObject {
  const Expr *Site = nullptr; ///< the creating call (or new-expression)
  const ResourceKind *Kind = nullptr;
  std::string Creator;               ///< "llvm::Target::createTargetMachine"
  const VarDecl *FirstVar = nullptr; ///< first declared local holding it
  /// Set for the pseudo-object standing for the value a member of `this`
  /// held when the method was entered (Site is null then).
  const FieldDecl *OldValueOf = nullptr;
  /// Written through this out-parameter (-1: returned).
  int OutArg = -1;
  /// An error message written only when the call fails: reported only if
  /// no path releases it.
  bool OnFailureOnly = false;
  /// Written even when the call fails (LLVMTargetMachineEmitToMemoryBuffer).
  bool WrittenOnFailure = false;
  /// A pointer owned by something else (LLVMGetGlobalContext()): never owned
  /// here, and releasing it is a bug.
  bool Borrowed = false;
  /// Set for the pseudo-object standing for what parameter ParamIndex
  /// points to on entry (SummarizeParameters only); -1 otherwise.
  int ParamIndex = -1;
  /// Handed out by a generic row (a smart pointer's release()): the code
  /// gave ownership up on purpose, so dropping the result says so.
  bool FromGenericRow = false;
};

enum class DisposeProblem {
  Twice,        ///< released again after a release
  AfterConsume, ///< released after a call took ownership of it
  Borrowed,     ///< released although it was borrowed
  Mismatch,     ///< released with the deallocator of another kind
};

struct DisposeFact {
  unsigned Object;
  DisposeProblem Problem;
  const Expr *Call;              ///< the offending release
  const Expr *Earlier = nullptr; ///< the first release or the consumer
  std::string EarlierCallee;     ///< its callee
  std::string Callee;            ///< the offending release's callee
  const NamedDecl *Var = nullptr;
};

enum class LeakReason {
  Discarded,   ///< the result is never stored or passed anywhere
  Temporary,   ///< used only as a temporary (e.g. `create()->foo()`)
  AtExit,      ///< still owned when the function returns
  Overwritten, ///< the last holder was overwritten while it was owned
  ScopeEnd,    ///< its last holder went out of scope (not at a return)
  Thrown,      ///< still owned when a call that may throw is made
};

struct LeakFact {
  unsigned Object; ///< index into FunctionFacts::Objects
  LeakReason Reason;
  SourceLocation Where; ///< the exit, the overwrite, or the full expression
  const NamedDecl *Holder = nullptr; ///< the overwritten or last holder
  bool ReleasedOnOtherPaths = false;
  const FunctionDecl *Thrower = nullptr; ///< Thrown: the callee that may throw
};

/// A created object stored into a member of `this` (or a field reached
/// through `this`), which hands its ownership to the class.
struct FieldStoreFact {
  unsigned Object;
  const FieldDecl *Field;
  const Expr *Store;
  bool InConstructor;
  /// The field's previous value may still have been owned (not released,
  /// not known null) on some path reaching the store. Only meaningful
  /// outside constructors.
  bool MayOverwriteOwned;
};

/// A created object stored into a field of a struct reached through a
/// pointer or a local (`S->Ctx = LLVMContextCreate()`): the struct owns it
/// now, and what frees the struct must release it.
struct StructStoreFact {
  unsigned Object;
  const FieldDecl *Field;
  const Expr *Store;
};

/// What a function does to the object a pointer parameter points to
/// (SummarizeParameters only), over all paths.
struct ParamFact {
  unsigned Index;
  const ResourceKind *Kind;
  bool Freed = false;    ///< released or consumed on some path
  bool Consumed = false; ///< by a call that takes it over (not a release)
  bool Escaped = false;  ///< passed or stored where tracking stops
  bool Stored = false;   ///< into a member of `this` or memory not ours
  bool Kept = false;     ///< still the caller's on some path to the exit
};

/// A parameter the function releases on some paths and returns still
/// holding on others (FollowParameters): the caller cannot tell whether it
/// still owns what it lent.
struct PartialReleaseFact {
  unsigned Object;
  const Expr *Call;      ///< the first release, in source order
  SourceLocation KeptAt; ///< an exit (or overwrite) where it is not released
};

struct FunctionFacts : ObjectFacts<OwnedObject> {
  std::vector<LeakFact> Leaks;
  std::vector<DisposeFact> Disposes;
  std::vector<FieldStoreFact> FieldStores;
  std::vector<StructStoreFact> StructStores;
  /// The function returns an object it created (or obtained from a factory)
  /// to its caller, as a raw pointer: callers own the result.
  const ResourceKind *ReturnsOwned = nullptr;
  /// Some return hands out a non-null pointer it does not own (a cached or
  /// member machine): such a function is no factory.
  bool ReturnsOther = false;
  /// SummarizeParameters only: one per pointer parameter of a tracked kind.
  std::vector<ParamFact> Params;
  /// FollowParameters only.
  std::vector<PartialReleaseFact> PartialReleases;
};

struct AnalysisOptions {
  /// Only objects of these kinds are tracked (empty: every kind).
  std::vector<const ResourceKind *> Kinds;
  /// A pointer passed to a `const T *` parameter or through `...` is
  /// borrowed, not handed over (C strings given to printf).
  bool ConstPointerArgsBorrow = false;
  /// Also report releases of released, consumed, borrowed or mismatched
  /// objects (DisposeFacts), and track borrowed results.
  bool TrackDisposes = false;
  /// Report only the double releases among those (released twice, or
  /// released after a call took it over), `delete` included: for the
  /// owning-pointer checks, which track no borrowed results.
  bool ReportReleasedTwice = false;
  /// Kinds whose objects the generic rows of kind `*` (unique_ptr::release())
  /// do not create for this analysis, because another check reports their
  /// C++ leaks (c-api-dispose leaves TargetMachine to target-machine-leak).
  std::vector<const ResourceKind *> GenericRowsSkip;
  /// For project summaries: each pointer parameter of a tracked kind starts
  /// as an object the function owns, so that what becomes of it is seen
  /// (FunctionFacts::Params). Never set by a check that reports leaks.
  bool SummarizeParameters = false;
  /// For checks: each pointer parameter of a tracked kind is followed as
  /// the caller's object. Its exits are no leaks; releasing it on some
  /// paths only gives a PartialReleaseFact.
  bool FollowParameters = false;
};

/// The kind of object a parameter of type \p T passes in, for summaries:
/// the kind its pointer type names, or for a `char *`, a message string
/// (what the C API hands out as `char *` goes back through
/// LLVMDisposeMessage). Null if none.
const ResourceKind *parameterKind(const ApiModel &Model, QualType T);

/// One leak per allocation site: the earliest place in the source where
/// it is lost (checks report each site once).
std::vector<const LeakFact *> firstLeakPerObject(const FunctionFacts &F,
                                                 const SourceManager &SM);

class OwnershipAnalysis {
public:
  OwnershipAnalysis(const ApiModel &Model, ASTContext &Ctx,
                    AnalysisOptions Opts = {},
                    const DerivedFactories *Derived = nullptr);

  /// Analyses one function (or lambda call operator, or block) with body
  /// \p Body. \p D is its declaration.
  FunctionFacts analyze(const Decl *D, const Stmt *Body) const;

  /// True if \p FD creates an owned object of a tracked kind (built-in,
  /// user or derived factory), so that a caller needs analysing.
  const ResourceKind *createdKind(const FunctionDecl *FD,
                                  std::string *CreatorName = nullptr) const;
  /// The tracked kind `new T(...)` makes, if the code must delete it
  /// (`new llvm::Module(Name, Ctx)`); null otherwise.
  const ResourceKind *newKind(const CXXNewExpr *NE) const;

  /// A cheap pre-filter: can analysing \p Body (and, for a constructor, its
  /// member initializers) find anything? It calls a creator of a tracked
  /// kind, or, tracking disposes, any API the model knows.
  bool needsAnalysis(const Decl *D, const Stmt *Body) const;

private:
  const ApiModel &Model;
  ASTContext &Ctx;
  AnalysisOptions Opts;
  const DerivedFactories *Derived;
  ThrowOracle Throws;
  friend class OwnershipFlow;
};

/// Analyses every function of \p Functions that needs it (same order). A
/// function that hands a new object to its caller becomes a factory: it is
/// added to \p Derived (which \p OA was built with) and the others are
/// analysed again, so that wrappers of wrappers are found (four rounds).
std::vector<FunctionFacts>
analyzeWithFactories(const OwnershipAnalysis &OA, DerivedFactories &Derived,
                     llvm::ArrayRef<FunctionBody> Functions);

/// A unit's functions analysed with the factories they derive: the set-up
/// the leak checks and the summaries share. Facts[I] is of Functions[I].
struct UnitOwnership {
  UnitOwnership(const ApiModel &Model, ASTContext &Ctx, AnalysisOptions Opts,
                llvm::ArrayRef<FunctionBody> Functions)
      : OA(Model, Ctx, std::move(Opts), &Derived),
        Facts(analyzeWithFactories(OA, Derived, Functions)) {}
  UnitOwnership(const UnitOwnership &) = delete; // OA points to Derived
  UnitOwnership &operator=(const UnitOwnership &) = delete;
  DerivedFactories Derived;
  OwnershipAnalysis OA;
  std::vector<FunctionFacts> Facts;
};

} // namespace clang::tidy::llvmown

#endif
