//===- JitResourceAnalysis.h - JIT'd code that can never be freed ---------===//
//
// ORC frees JIT'd code only when its resource tracker is removed, its
// JITDylib is cleared or removed, or the session ends (facts §3). This
// analysis finds three ways code becomes unfreeable in a long-running
// process:
//
//  - adds without a tracker (the JITDylib's default one) in a long-lived JIT
//    owner's per-request member functions, or in a request loop, when
//    nothing in the class (or function) can free code;
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

#include "ApiModel.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class CallExpr;
class CXXMethodDecl;
class CXXRecordDecl;
class Decl;
class FunctionDecl;
class Stmt;
class VarDecl;
} // namespace clang

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
};

class JitResourceAnalysis {
public:
  /// \p SetupFunctions: names of member functions that run once, while the
  /// JIT is set up (constructors and static functions always count).
  JitResourceAnalysis(const ApiModel &Model, ASTContext &Ctx,
                      std::vector<std::string> SetupFunctions);
  ~JitResourceAnalysis();

  void addFunction(const Decl *D, const Stmt *Body) {
    Functions.emplace_back(D, Body);
  }
  JitResult finish();

  /// Whether \p Name names a setup step: equal to a listed name (ignoring
  /// case), or a listed name followed by more words (`initRuntime`,
  /// `setup_jit`).
  static bool isSetupName(llvm::StringRef Name,
                          llvm::ArrayRef<std::string> Setup);

private:
  /// Writes what it finds in one function into the members below.
  friend class JitCallScanner;

  struct Candidate {
    const CallExpr *Call;
    const CXXMethodDecl *Method; // the enclosing member function, if any
    const FunctionDecl *Function;
    const Stmt *Loop;   // the enclosing request loop, if any
    bool ThroughMember; // the JIT is reached through `this`
  };

  void findWrappers();
  void scanCalls(const FunctionDecl *Outer, const Stmt *Body);
  bool isSetupMethod(const CXXMethodDecl *MD);
  /// The finding for an add without a tracker, if it is one.
  std::optional<UntrackedAdd> verdict(const Candidate &C);
  std::vector<const VarDecl *> staticTrackers() const;

  const ApiModel &Model;
  ASTContext &Ctx;
  std::vector<std::string> Setup;
  std::vector<Candidate> Candidates;
  llvm::SmallPtrSet<const CallExpr *, 16> SeenCalls;
  /// Classes and functions in which some call can free JIT'd code.
  llvm::SmallPtrSet<const Decl *, 8> FreesCode;
  /// Member function -> the member functions of its class that call it.
  llvm::DenseMap<const CXXMethodDecl *,
                 llvm::SmallVector<const FunctionDecl *, 2>>
      Callers;
  llvm::DenseMap<const CXXMethodDecl *, bool> SetupMemo;
  /// Member functions main calls inside a request loop (a REPL).
  llvm::SmallPtrSet<const CXXMethodDecl *, 4> CalledInMainLoop;
  llvm::SmallPtrSet<const CXXMethodDecl *, 4> CacheMethods;
  std::vector<const VarDecl *> StaticLocals;
  std::vector<const VarDecl *> StaticLocalJits;
  /// Statics that some function resets or empties (assumed to happen
  /// before the session ends).
  llvm::DenseSet<const VarDecl *> ResetStatics;
  std::vector<std::pair<const Decl *, const Stmt *>> Functions;
  /// The project's own functions that add code with a tracker parameter
  /// (the ORC tutorial's `addModule(TSM, RT)`): function -> that parameter.
  llvm::DenseMap<const FunctionDecl *, unsigned> Wrappers;
};

} // namespace clang::tidy::llvmown

#endif
