//===- RetentionAnalysis.h - objects that pin an LLVMContext for long -----===//
//
// Finds orc::ThreadSafeModules and ThreadSafeContexts (each a shared
// reference to an LLVMContext) kept in places that live much longer than a
// compilation: fields of heap objects handed out as raw pointers (the AOT
// "native code descriptor"), global containers, member containers nothing
// drains, emptied ThreadSafeModules left in such places, and pointers to a
// caller's ThreadSafeModule stored in them.
//
// Unlike the dataflow analyses this one reads facts, not paths: per
// function it collects, from the unit index's nodes of the body, heap
// objects, their escapes and deletes, and the stores into them; the
// verdicts need the whole translation unit (where is that type deleted? is
// that container drained anywhere in the class?), so they are computed in
// finish().
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_ENGINE_RETENTIONANALYSIS_H
#define LLVMOWN_ENGINE_RETENTIONANALYSIS_H

#include "engine/framework/AstFwd.h"
#include "engine/model/ApiModel.h"
#include "llvm/ADT/DenseMap.h"
#include <memory>
#include <string>
#include <vector>

namespace clang::tidy::llvmown {

/// Rule 1 and 5: stored into a field of an object that outlives the
/// function (a heap object that escapes, or a LongLivedTypes handle).
struct LongLivedStore {
  const Stmt *Store;
  const ResourceKind *Kind;         ///< ThreadSafeModule / ThreadSafeContext
  const CXXRecordDecl *Type;        ///< the object's class
  const FieldDecl *Field = nullptr; ///< null when a constructor takes it
  /// Where the object escapes (null: a long-lived type).
  const Stmt *Escape = nullptr;
  /// Rule 5: a pointer to the caller's ThreadSafeModule, not the object.
  const NamedDecl *CallerModule = nullptr;
};

/// Rule 2 and 3: appended to a container that lives on.
struct LongLivedAppend {
  const Stmt *Call;
  const ResourceKind *Kind;
  const NamedDecl *Container; ///< the global, or the member
  bool Member;                ///< a member container nothing drains
};

/// Rule 4: a module taken out of a ThreadSafeModule in a long-lived place,
/// which is not reset afterwards.
struct EmptiedShell {
  const Stmt *Call;
  const Expr *Place; ///< the ThreadSafeModule expression
};

struct TypeDelete {
  const Stmt *Where = nullptr;
  const FunctionDecl *In = nullptr;
  /// Deleted on every path of that function (a dedicated release
  /// function), not only under a condition.
  bool Unconditional = false;
};

struct RetentionResult {
  std::vector<LongLivedStore> Stores;
  std::vector<LongLivedAppend> Appends;
  std::vector<EmptiedShell> Shells;
  /// Where each heap object type is deleted in the translation unit (first
  /// place); types that appear in Stores and are never deleted are absent.
  llvm::DenseMap<const CXXRecordDecl *, TypeDelete> Deletes;
};

class RetentionAnalysis {
public:
  RetentionAnalysis(const ApiModel &Model, ASTContext &Ctx,
                    std::vector<std::string> LongLivedTypes);
  ~RetentionAnalysis();

  /// Scans one function body (call for every function of the main file).
  void addFunction(const Decl *D, const Stmt *Body);

  /// The verdicts, once every function was added.
  RetentionResult finish();

  /// The kind if \p T holds a ThreadSafeModule or ThreadSafeContext by
  /// value (not a pointer or reference to one).
  const ResourceKind *retainedKind(QualType T) const;

private:
  struct Impl;
  /// Owned by a unique_ptr: a copy, which would free the facts twice, does
  /// not compile.
  std::unique_ptr<Impl> P;
};

} // namespace clang::tidy::llvmown

#endif
