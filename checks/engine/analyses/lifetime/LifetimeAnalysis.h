//===- LifetimeAnalysis.h - what outlives the owner it belongs to ---------===//
//
// A forward dataflow analysis over one function's CFG (the model is
// LifetimeFlow, solved by Solver.h) that tracks owners whose end invalidates
// what belongs to them, and the values bound to each owner:
//  - owners: local LLVMContexts (objects, std::unique_ptr, `new`,
//    LLVMContextCreate), orc::ThreadSafeContexts, orc::ThreadSafeModules, and
//    context members of `this`;
//  - bound values: modules and IR created in a context, or derived from a
//    bound value, and module pointers borrowed from a ThreadSafeModule.
// It reports bound values used after their owner ended, bound values that
// escape a function whose local owner dies at its end, module holders
// destroyed after their context, and which members are bound to which.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_ENGINE_LIFETIMEANALYSIS_H
#define LLVMOWN_ENGINE_LIFETIMEANALYSIS_H

#include "engine/framework/Solver.h"
#include "engine/model/ApiModel.h"
#include "engine/model/IRHolders.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"
#include <string>
#include <vector>

namespace clang::tidy::llvmown {

struct Owner {
  const VarDecl *Var = nullptr;     ///< the local that holds it, or
  const FieldDecl *Field = nullptr; ///< the member of `this`
  const ResourceKind *Kind =
      nullptr; ///< LLVMContext, ThreadSafeContext, ThreadSafeModule
  /// Or a temporary std::unique_ptr (the expression that makes it, a call
  /// such as `parseIRFile(...)`) whose get() gave the value: it deletes
  /// what it holds at the end of its full expression.
  const Expr *Temporary = nullptr;
  /// Or the local std::unique_ptr Var, which this function never hands
  /// over: it deletes its module when it goes out of scope.
  bool UniqueHolder = false;
  const NamedDecl *holder() const;
};

enum class EndHow {
  ScopeEnd,      ///< the local went out of scope
  Deleted,       ///< `delete Ctx`
  Reset,         ///< unique_ptr reset() or reassignment
  Disposed,      ///< LLVMContextDispose
  MovedIntoCall, ///< passed by value (std::move) to a function
  TemporaryEnd,  ///< a temporary owner destroyed at its full expression's end
};

struct OwnerEnd {
  EndHow How = EndHow::ScopeEnd;
  SourceLocation Where;
  std::string Callee; ///< for MovedIntoCall
};

/// A value bound to an owner used after the owner ended.
struct UseAfterEndFact {
  SourceLocation Use;
  const NamedDecl *Value = nullptr; ///< the variable used
  unsigned Owner;
  OwnerEnd End;
  const Stmt *BindSite = nullptr;
  /// The "use" is the implicit destruction of a module holder at the end of
  /// its scope.
  bool ImplicitDestruction = false;
};

/// A bound value returned, or stored where it outlives the function, while
/// its owner is a local that dies when the function returns.
struct EscapeFact {
  const Stmt *At;
  bool IsReturn;
  unsigned Owner;
  const Stmt *BindSite = nullptr;
  const NamedDecl *Value = nullptr; ///< the variable returned or stored
};

/// A module holder local declared before the context local it is bound to,
/// in a way that destroys the context first.
struct DeclOrderFact {
  const VarDecl *Holder;
  unsigned Owner;
  const Stmt *BindSite = nullptr;
  /// For a project object that owns IR: the member that owns it.
  const FieldDecl *IRMember = nullptr;
};

/// A member of `this` that receives a module created in a context member.
struct FieldBindFact {
  const FieldDecl *Holder;
  const FieldDecl *Context;
  const Stmt *Site;
};

/// Objects: the owners (contexts, modules, their holders) followed.
struct LifetimeFacts : ObjectFacts<Owner> {
  std::vector<UseAfterEndFact> Uses;
  std::vector<EscapeFact> Escapes;
  std::vector<DeclOrderFact> Orders;
  std::vector<FieldBindFact> FieldBinds;
};

/// The class-level rule: of the members that receive a module created in a
/// context member (\p Binds, from every member function), those declared
/// before that context in the same class, so destroyed after it, unless the
/// destructor releases them itself. One fact per pair, in \p Binds' order;
/// only pairs declared or bound in the main file.
std::vector<FieldBindFact>
outOfOrderMembers(llvm::ArrayRef<FieldBindFact> Binds, const SourceManager &SM);

/// A member that owns IR, declared before a member that owns a context, in
/// one class, where at least one of the two owns it through a project
/// object (a map of structs that hold modules, a std::unique_ptr to an
/// executor that holds the context): the creating code is then in those
/// objects' classes, usually in other files, so the class layout is the
/// evidence.
struct NestedOrderFact {
  const FieldDecl *Holder;       ///< destroyed after Context
  const FieldDecl *IRField;      ///< the field through which it owns IR
  const FieldDecl *Context;      ///< declared after Holder
  const FieldDecl *ContextField; ///< the field that owns the context
};

/// The nested member orders of class \p RD: one per holder, with the first
/// context member after it; none when the destructor releases the holder
/// first, or when both members own directly (outOfOrderMembers decides
/// those from the class's own code).
std::vector<NestedOrderFact> nestedMemberOrders(const CXXRecordDecl *RD,
                                                NestedOwners &Owners);

class LifetimeAnalysis {
public:
  LifetimeAnalysis(const ApiModel &Model, ASTContext &Ctx)
      : Model(Model), Ctx(Ctx) {}

  LifetimeFacts analyze(const Decl *D, const Stmt *Body) const;

  /// True if \p Body may involve contexts at all (a cheap pre-filter).
  bool mentionsContexts(const Decl *D, const Stmt *Body) const;

private:
  const ApiModel &Model;
  ASTContext &Ctx;
};

} // namespace clang::tidy::llvmown

#endif
