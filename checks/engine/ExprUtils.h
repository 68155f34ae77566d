//===- ExprUtils.h - expression helpers shared by the analyses ------------===//

#ifndef LLVMOWN_ENGINE_EXPRUTILS_H
#define LLVMOWN_ENGINE_EXPRUTILS_H

namespace clang {
class ASTContext;
class Expr;
class FieldDecl;
class ParentMap;
class CFGBlock;
class Stmt;
class VarDecl;
} // namespace clang

namespace clang::tidy::llvmown {

/// Looks through what does not change which object an expression designates:
/// parentheses, casts (but not constructor conversions), full-expression and
/// temporary wrappers, the right side of a comma, and std::move/std::forward.
const Expr *skipTransparent(const Expr *E);

/// The member of `this` that \p E reads (`TM`, `this->TM`), if any.
const FieldDecl *thisField(const Expr *E);

/// `nullptr`, `NULL`, `0`.
bool isNullConstant(const Expr *E, ASTContext &Ctx);

/// A call to std::move or std::forward.
bool isStdMove(const Expr *E);

/// True if \p E is only tested against null where it appears: `if (P)`,
/// `!P`, `P == nullptr`, `P != nullptr`, a unique_ptr's operator bool.
/// \p Parents is the function's ParentMap.
bool isNullTest(const Expr *E, const ParentMap &Parents);

/// The expression that is null on successor \p SuccIndex of \p From (the
/// `if (P)`, `if (!P)`, `P == nullptr`, unique_ptr `if (M)` tests), or null
/// if that edge says nothing about nullness.
const Expr *nullTestedOnEdge(const CFGBlock *From, unsigned SuccIndex,
                             ASTContext &Ctx);

} // namespace clang::tidy::llvmown

#endif
