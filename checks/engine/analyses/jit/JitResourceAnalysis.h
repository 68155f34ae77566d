//===- JitResourceAnalysis.h - JIT'd code that can never be freed ---------===//
//
// ORC frees JIT'd code only when its resource tracker is removed, its
// JITDylib is cleared or removed, or the session ends (api-facts §3); an MCJIT
// or interpreter ExecutionEngine keeps every module added to it until
// removeModule or its own end (api-facts §4). This analysis finds the ways code
// and IR become unfreeable in a long-running process:
//
//  - adds without a tracker (the JITDylib's default one), or modules added
//    to an ExecutionEngine, in a long-lived JIT owner's per-request member
//    functions, or in a request loop, when nothing in the class (or
//    function) can free them;
//  - modules stored in a long-lived container (a member of a JIT owner, a
//    static) by a function that also generates their code, when nothing
//    ever takes them out or bounds the container;
//  - optionally, modules created per request in a long-lived LLVMContext
//    member, which keeps every request's types and constants;
//  - a tracker used for an add and then dropped without remove() on a path
//    where the add succeeded (a forward dataflow over clang's CFG, in
//    TrackerFlow.h);
//  - ResourceTrackerSPs with static storage duration, destroyed after the
//    session they lock.
//
// Per function it collects calls and runs the tracker dataflow; the verdicts
// that need the whole translation unit (does anything in the class free
// code? is that method only called during setup?) are made in finish().
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_ENGINE_JITRESOURCEANALYSIS_H
#define LLVMOWN_ENGINE_JITRESOURCEANALYSIS_H

#include "engine/framework/AstFwd.h"
#include "engine/model/ApiModel.h"
#include "engine/model/UnitIndex.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <optional>
#include <string>
#include <vector>

namespace clang::tidy::llvmown {

/// JIT'd code added to a JITDylib's default tracker where nothing frees it.
struct UntrackedAdd {
  const CallExpr *Call;
  std::string Api; ///< the adding function's name ("addIRModule")
  /// The member function of a JIT owner that runs per request, or null for
  /// the loop form.
  const CXXMethodDecl *Method = nullptr;
  const Stmt *Loop = nullptr;             ///< the request loop (loop form)
  const FunctionDecl *Function = nullptr; ///< where the loop is
  /// A module added to an ExecutionEngine, not code added to an ORC
  /// JITDylib.
  bool Engine = false;
  /// An engine's module that the class (or function) takes back with
  /// removeModule: that frees its IR, but MCJIT cannot unload the object
  /// code it loaded for it, so memory still grows (docs/runtime-validation.md,
  /// mcjit-engine-partial).
  bool OnlyRemoved = false;
};

/// A module stored in a container that outlives requests, by a function
/// that also generates its code.
struct KeptModule {
  const Expr *Store;          ///< the push_back, insert or `[Key] =`
  const NamedDecl *Container; ///< the member or static
  const FunctionDecl *Function;
  const CallExpr *Codegen = nullptr; ///< the code generation in Function
};

/// A module created per request in an LLVMContext member of a JIT owner.
struct SharedContextModule {
  const Expr *Create; ///< the call or construction that makes the module
  std::string Api;
  const FieldDecl *Context; ///< the member the context is reached through
  const CXXMethodDecl *Method;
};

/// How a tracker holding code lost its last reference.
enum class TrackerDrop { ScopeEnd, Overwritten, Reset, Released };

struct DroppedTracker {
  const CallExpr *Create; ///< createResourceTracker / C create call
  std::string CreateApi;
  const VarDecl *Holder;
  TrackerDrop How;
  SourceLocation Where;
  bool CApi; ///< an LLVMOrcResourceTrackerRef (remove is a C function)
};

struct JitResult {
  std::vector<UntrackedAdd> Adds;
  std::vector<DroppedTracker> Dropped;
  /// Variables with static storage duration holding ResourceTrackerSPs.
  std::vector<const VarDecl *> StaticTrackers;
  std::vector<KeptModule> Kept;
  std::vector<SharedContextModule> SharedContext;
  /// Functions whose tracker flow stopped at the solver's budget.
  std::vector<const Decl *> Incomplete;
};

class JitResourceAnalysis {
public:
  /// \p SetupFunctions: names of member functions that run once, while the
  /// JIT is set up (constructors and static functions always count).
  /// \p SharedContextRequests: also report modules created per request in
  /// a long-lived LLVMContext member.
  JitResourceAnalysis(const ApiModel &Model, ASTContext &Ctx,
                      std::vector<std::string> SetupFunctions,
                      bool SharedContextRequests = false);
  ~JitResourceAnalysis();

  void addFunction(const Decl *D, const Stmt *Body) {
    Index.addFunction(D, Body);
  }
  JitResult finish();

  /// Whether \p Name names a setup step: equal to a listed name (ignoring
  /// case), or a listed name followed by more words (`initRuntime`,
  /// `setup_jit`).
  static bool isSetupName(llvm::StringRef Name,
                          llvm::ArrayRef<std::string> Setup);

private:
  /// Writes what it finds in one function into the members below.
  friend class JitCallFacts;

  struct Candidate {
    const CallExpr *Call;
    const CXXMethodDecl *Method; // the enclosing member function, if any
    const FunctionDecl *Function;
    const Stmt *Loop;   // the enclosing request loop, if any
    bool ThroughMember; // the JIT is reached through `this`
    bool Engine;        // an ExecutionEngine add (AddsModuleToEngine)
    /// The member the JIT is reached through is replaced or reset in the
    /// same function: the JIT is made (or ended) per call.
    bool Recreated;
    const FieldDecl *Member; // the member the JIT is reached through
    /// A member of `this` that the added code is moved out of
    /// (`addIRModule(ThreadSafeModule(std::move(Mod), ...))`), if any.
    const FieldDecl *MovedFrom = nullptr;
  };

  void findWrappers();
  void scanCalls(const FunctionDecl *Outer, const Stmt *Body);
  /// Runs once while the program or JIT is set up: a constructor, a static
  /// member, a setup name, or only called by such functions (or by main
  /// outside a request loop).
  bool isSetupFunction(const FunctionDecl *FD);
  /// Some member function that is not a constructor, destructor or setup
  /// function replaces or resets \p F: the JIT it holds is made per batch.
  bool replacedPerBatch(const FieldDecl *F);
  /// The finding for an add without a tracker, if it is one.
  std::optional<UntrackedAdd> verdict(const Candidate &C);
  std::vector<const VarDecl *> staticTrackers() const;
  /// The stores of modules into containers that nothing drains.
  std::vector<KeptModule> keptModules();

  const ApiModel &Model;
  ASTContext &Ctx;
  /// The unit's functions, their callers, and what each does to each
  /// member: one walk per body.
  UnitIndex Index;
  std::vector<std::string> Setup;
  bool SharedContextRequests;
  std::vector<Candidate> Candidates;
  llvm::SmallPtrSet<const CallExpr *, 16> SeenCalls;
  /// Classes and functions in which some call can free JIT'd code.
  llvm::SmallPtrSet<const Decl *, 8> FreesCode;
  /// Classes and functions that take modules back out of an engine.
  llvm::SmallPtrSet<const Decl *, 8> RemovesModules;
  llvm::DenseMap<const FunctionDecl *, bool> SetupMemo;
  llvm::DenseMap<const FieldDecl *, bool> ReplacedMemo;
  /// Functions main calls inside a request loop (a REPL).
  llvm::SmallPtrSet<const FunctionDecl *, 4> CalledInMainLoop;
  /// Function -> its first call that generates code from a module.
  llvm::DenseMap<const FunctionDecl *, const CallExpr *> Codegen;
  /// Module stores into long-lived containers, before the verdict.
  std::vector<KeptModule> Stores;
  /// Long-lived containers that some function (not a destructor) empties,
  /// takes elements out of, or checks the size of.
  llvm::DenseSet<const Decl *> Drained;
  std::vector<SharedContextModule> SharedContextCandidates;
  llvm::SmallPtrSet<const CXXMethodDecl *, 4> CacheMethods;
  std::vector<const VarDecl *> StaticLocals;
  std::vector<const VarDecl *> StaticLocalJits;
  /// Statics that some function resets or empties (assumed to happen
  /// before the session ends).
  llvm::DenseSet<const VarDecl *> ResetStatics;
  /// The project's own functions that add code with a tracker parameter
  /// (the ORC tutorial's `addModule(TSM, RT)`): function -> that parameter.
  llvm::DenseMap<const FunctionDecl *, unsigned> Wrappers;
};

// Internal to the analysis, shared by its two files: JitCallFacts.cpp (one
// function's part of the facts) and JitResourceAnalysis.cpp (the verdicts).

/// Adds what one function of the unit does to \p A.
void collectJitCalls(JitResourceAnalysis &A, const FunctionDecl *Outer,
                     const Stmt *Body);
/// \p Body (outside its lambdas) replaces, resets or takes the address of
/// (a C create's out-parameter) the member \p F of `this`: what it holds is
/// made or ended there.
bool fieldRecreatedIn(const FieldDecl *F, const Stmt *Body,
                      const UnitIndex &Index);
/// A class that holds a JIT, itself or through a base.
bool isJitOwnerClass(const CXXRecordDecl *RD, const ApiModel &M);

} // namespace clang::tidy::llvmown

#endif
