//===- AstHelpers.h - AST questions every analysis asks -------------------===//
//
// Written once, used by all analyses and checks: which expressions are only
// wrappers around a value, who consumes a value (climbing the parent map),
// null tests, where a variable's scope ends, and source order.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_ENGINE_ASTHELPERS_H
#define LLVMOWN_ENGINE_ASTHELPERS_H

#include "engine/framework/AstFwd.h"
#include "engine/framework/FlagSet.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include <algorithm>
#include <utility>
#include <vector>

namespace clang::tidy::llvmown {

/// A function (or a lambda's call operator) and its body: what the checks
/// hand the analyses.
using FunctionBody = std::pair<const Decl *, const Stmt *>;

/// The body the checks analyse for a definition the main file matched, or
/// {nullptr, nullptr}: templates (their instantiations are analysed),
/// invalid declarations (a return type that did not compile has lost
/// statements) and lambda call operators (analysed through their
/// LambdaExpr) have none.
FunctionBody analyzedBody(const FunctionDecl *FD);
FunctionBody analyzedBody(const LambdaExpr *LE);
/// The body of \p FD if it is a template pattern that the unit never
/// instantiates with a body (a member of a class template, or a function
/// template): otherwise nothing of it would be analysed. Its dependent
/// expressions are unknown code.
FunctionBody uninstantiatedPattern(const FunctionDecl *FD);

/// Hands every function to an analysis of the whole translation unit (one
/// with addFunction() and finish()) and returns its verdicts.
template <typename Analysis>
auto analyzeAll(Analysis &A, llvm::ArrayRef<FunctionBody> Functions) {
  for (const FunctionBody &F : Functions)
    A.addFunction(F.first, F.second);
  return A.finish();
}

/// Looks through what does not change which object an expression designates:
/// parentheses, casts (but not constructor conversions), full-expression and
/// temporary wrappers, the right side of a comma, and std::move/std::forward.
const Expr *skipTransparent(const Expr *E);

/// The member of `this` that \p E reads (`TM`, `this->TM`), if any.
const FieldDecl *thisField(const Expr *E);

/// `nullptr`, `NULL`, `0`.
bool isNullConstant(const Expr *E, ASTContext &Ctx);

/// \p RE is `Obj->Name` or `Obj.Name` where the class of Obj has no member
/// Name, or is only declared (Clang's recovery keeps only Obj): code
/// written for another version of a library, calling a member function
/// removed since, or missing the header that defines the class.
bool isUnresolvedMemberOf(const RecoveryExpr *RE, const ASTContext &Ctx);

/// std::move or std::forward (the language's, not an LLVM API): hands its
/// argument on whole.
bool isStdMoveFunction(const FunctionDecl *FD);
/// A call to std::move or std::forward of one value.
bool isStdMove(const Expr *E);

/// What climbParents() passes through on its way up.
enum class Climb : unsigned char {
  Parens,
  ImplicitCasts,
  /// Implicit casts except the pointer-to-bool conversion of a null test.
  ImplicitCastsButToBool,
  /// Only lvalue-to-rvalue and no-op implicit casts (reads).
  ReadCasts,
  ExplicitCasts,
  FullExprs,
  /// MaterializeTemporaryExpr and CXXBindTemporaryExpr.
  Temporaries,
  /// A one-argument construction: a copy into a by-value parameter.
  Copies,
};
void isFlagEnum(Climb); // sets of them: FlagSet<Climb>

/// A node and the child through which a value reached it.
struct Consumer {
  const Stmt *Child = nullptr;
  const Stmt *Parent = nullptr; ///< null at the top of the tree
};

/// Climbs from \p S through the wrappers \p Through to
/// the first node that does something with the value.
Consumer climbParents(const ParentMap &PM, const Stmt *S,
                      FlagSet<Climb> Through);

/// The function whose body a lambda's body is part of (\p D itself if it
/// is not a lambda's call operator).
const FunctionDecl *outerFunction(const Decl *D);

/// Calls \p Fn on each statement and expression of \p Body, in the order a
/// RecursiveASTVisitor visits them (implicit code and template
/// instantiations left out), lambda bodies included unless \p IntoLambdas
/// is false, until \p Fn returns false. Returns false if it stopped. The
/// one walk behind the quick "does this body contain ..." questions.
bool forEachStmt(const Stmt *Body, llvm::function_ref<bool(const Stmt *)> Fn,
                 bool IntoLambdas = true);

/// Whether the function \p FD, whose body is visible, keeps the pointer it
/// receives as parameter \p I beyond the call: returns it (or a struct or
/// call result built from it), stores it anywhere, puts it in an aggregate,
/// or passes it to a visible function that keeps it (up to \p Depth calls
/// deep). A function without a visible body, or one that only reads the
/// pointer (passes it to functions without bodies, tests it), keeps nothing.
bool keepsPointerParam(const FunctionDecl *FD, unsigned I, unsigned Depth = 3);

/// True if \p E is only tested against null where it appears: `if (P)`,
/// `!P`, `P == nullptr`, `P != nullptr`, a unique_ptr's operator bool.
bool isNullTest(const Expr *E, const ParentMap &Parents);

/// Looks through `!E`, `E == 0` and `E != nullptr` (toggling \p Negated
/// for each negation and each `==`) to the expression tested for null or
/// zero; null for a comparison with something other than null.
const Expr *peelNullTests(const Expr *E, bool &Negated, ASTContext &Ctx);

/// What a function runs: \p Body, the body of \p D, and for a constructor
/// each member initializer's expression first (pre-passes traverse these).
llvm::SmallVector<Stmt *, 4> bodyAndInitializers(const Decl *D,
                                                 const Stmt *Body);

/// The expression that is null on successor \p SuccIndex of \p From (the
/// `if (P)`, `if (!P)`, `P == nullptr`, unique_ptr `if (M)` tests; for
/// `if ((P = f()))`, P), or null if that edge says nothing about nullness.
const Expr *nullTestedOnEdge(const CFGBlock *From, unsigned SuccIndex,
                             ASTContext &Ctx);

/// Where the scope of the variable of \p LE ends: the closing brace of its
/// block, the statement that leaves it (return, break, goto), or the end of
/// \p Body.
SourceLocation scopeEndLoc(const CFGLifetimeEnds &LE, const Stmt *Body);

/// True if the variable of \p LE dies because the function returns (at a
/// return or at the end of \p Body), not at the end of an inner scope.
bool diesAtFunctionExit(const CFGLifetimeEnds &LE, const Stmt *Body);

/// The closing brace of \p Body, or its end.
SourceLocation bodyEndLoc(const Stmt *Body);

/// Whether \p Name is a source file's name (.c, .cc, .cpp, .cxx, .c++, .C,
/// .m, .mm, .cu) rather than a header's.
bool isSourceFileName(llvm::StringRef Name);

/// The local pointer variable that \p DS declares, alone, from a value:
/// an alias the parameter scans follow. Null for anything else (a static,
/// an object, several declarations), which keeps the value.
const VarDecl *localPointerAlias(const DeclStmt *DS);

/// What the node around a read of a pointer does with it: the one reading
/// of the parameter scans (keepsPointerParam, the ownership analysis'
/// lendsOnly), which differ only in what each use means to them.
struct PointerUse {
  enum Kind {
    Other,        ///< read (a test, a member access, a comparison, ...)
    Returned,     ///< `return P;`
    InInitList,   ///< put in an aggregate
    Captured,     ///< captured by a lambda
    Built,        ///< an argument of a construction (Construct)
    Aliased,      ///< copied into a local pointer (Alias)
    Declared,     ///< anything else declared from it (a static, an object)
    StoredFrom,   ///< the right side of an assignment
    AddressTaken, ///< `&P`
    Passed,       ///< an argument of a call (Call; Child is the argument)
  } K = Other;
  const Stmt *Child = nullptr;
  const VarDecl *Alias = nullptr;
  const CallExpr *Call = nullptr;
  const CXXConstructExpr *Construct = nullptr;
};
PointerUse pointerUseAt(const ParentMap &PM, const Expr *Ref);

/// Whether \p Loc (its expansion) is in the unit's own code: the main file,
/// or a source file that it includes, as a unity build does (a `.cpp` file
/// is never a header: its functions belong to the unit that includes it).
bool isInUnitSource(const SourceManager &SM, SourceLocation Loc);

/// Source order in the translation unit; an invalid location comes after
/// every valid one.
bool isEarlier(const SourceManager &SM, SourceLocation A, SourceLocation B);

/// Keeps, for each key, the item at the earliest location, and returns
/// them in source order. \p Key(const T &) and \p Loc(const T &) pick the
/// key and the location.
template <typename T, typename KeyFn, typename LocFn>
std::vector<const T *> earliestPerKey(llvm::ArrayRef<T> Items, KeyFn Key,
                                      LocFn Loc, const SourceManager &SM) {
  llvm::DenseMap<decltype(Key(Items.front())), const T *> First;
  std::vector<const T *> Order;
  for (const T &I : Items) {
    auto [It, New] = First.try_emplace(Key(I), &I);
    if (New)
      Order.push_back(&I);
    else if (isEarlier(SM, Loc(I), Loc(*It->second)))
      It->second = &I;
  }
  std::vector<const T *> Out;
  for (const T *I : Order)
    Out.push_back(First[Key(*I)]);
  std::stable_sort(Out.begin(), Out.end(), [&](const T *A, const T *B) {
    return isEarlier(SM, Loc(*A), Loc(*B));
  });
  return Out;
}

/// The item of \p Items at the latest location still before \p Before, or
/// null (the release nearest before a second release).
template <typename T, typename LocFn>
const T *latestBefore(llvm::ArrayRef<T> Items, SourceLocation Before, LocFn Loc,
                      const SourceManager &SM) {
  const T *Best = nullptr;
  for (const T &I : Items)
    if (isEarlier(SM, Loc(I), Before) &&
        (!Best || isEarlier(SM, Loc(*Best), Loc(I))))
      Best = &I;
  return Best;
}

} // namespace clang::tidy::llvmown

#endif
