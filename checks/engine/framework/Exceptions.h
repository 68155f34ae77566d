//===- Exceptions.h - which calls of the unit may throw
//---------------------===//
//
// An object a function owns leaks when a call it makes throws past it. Any
// C++ call may throw in principle; this knows the calls that visibly do: a
// function of the project (not a system header) whose body throws outside
// a try block, or calls such a function, and is not noexcept. Clover's
// `fail()` that throws a compile error, and the helpers that call it, are
// the shape.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_ENGINE_EXCEPTIONS_H
#define LLVMOWN_ENGINE_EXCEPTIONS_H

#include "engine/framework/AstFwd.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace clang::tidy::llvmown {

/// Whether a call of a function may visibly throw (see above). Judged from
/// the AST alone, the same whatever order the questions come in; answers
/// are kept for the life of the object (one translation unit).
class ThrowOracle {
public:
  bool mayThrow(const FunctionDecl *FD) const;

private:
  bool search(const FunctionDecl *Def, bool &HitCycle) const;
  mutable llvm::DenseMap<const FunctionDecl *, bool> Known;
  mutable llvm::DenseSet<const FunctionDecl *> InProgress;
};

/// Whether \p S is inside the try block of a try statement of its function
/// (what it throws is caught there, or at least handled).
bool inTryBlock(const ParentMap &PM, const Stmt *S);

} // namespace clang::tidy::llvmown

#endif
