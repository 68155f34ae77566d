//===- RetentionFacts.h - what RetentionAnalysis keeps of each function ---===//
//
// RetentionAnalysis reads each function's nodes in the unit index once and
// keeps what they show; its verdicts need the whole translation unit, so
// finish() draws them from the facts of all functions. This is the
// engine-internal half: what is recorded, and the collection.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_ENGINE_RETENTIONFACTS_H
#define LLVMOWN_ENGINE_RETENTIONFACTS_H

#include "engine/analyses/retention/RetentionAnalysis.h"
#include "engine/model/UnitIndex.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace clang::tidy::llvmown {

/// The type questions the collection and the verdicts share.
class RetentionTypes {
public:
  RetentionTypes(const ApiModel &Model, std::vector<std::string> LongLived)
      : Model(Model), LongLived(std::move(LongLived)) {}

  const ApiModel &model() const { return Model; }
  /// The kind if \p T holds a ThreadSafeModule or ThreadSafeContext by
  /// value (not a pointer or reference to one).
  const ResourceKind *retainedKind(QualType T) const;
  /// One of the LongLivedTypes option's handles.
  bool isLongLivedType(const CXXRecordDecl *RD) const;

private:
  const ApiModel &Model;
  std::vector<std::string> LongLived;
};

/// What the functions of a translation unit show.
struct RetentionFacts {
  using FunctionVar = std::pair<const Decl *, const VarDecl *>;

  /// A store whose verdict waits for the escapes and deletes of the unit.
  struct PendingStore {
    LongLivedStore Fact;
    const VarDecl *Object; ///< the heap local, null for a long-lived type
    const Decl *Function;
  };
  /// A module taken out of a ThreadSafeModule (consumingModuleDo).
  struct Consume {
    const Stmt *Call;
    const Expr *Place;
    const void *Key = nullptr; ///< the member or global, as in ResetPlaces
    const CXXRecordDecl *Base = nullptr; ///< the class of the member
    bool Global = false;
    bool ResetAfter = false; ///< reset later in the same function
    const Decl *Function = nullptr;
  };

  std::vector<PendingStore> Stores;
  /// Where a heap local of a function first escapes.
  llvm::DenseMap<FunctionVar, const Stmt *> Escapes;
  /// Heap locals a function deletes or hands to a release function.
  llvm::DenseSet<FunctionVar> Deleted;
  llvm::DenseSet<const CXXRecordDecl *> EscapingTypes;
  std::vector<LongLivedAppend> Appends;
  std::vector<Consume> Consumes;
  /// Members and globals reset to an empty ThreadSafeModule, and where.
  llvm::DenseMap<const void *, llvm::SmallPtrSet<const Decl *, 2>> ResetPlaces;
  llvm::DenseMap<const CXXRecordDecl *, TypeDelete> Deletes;
};

/// Adds what \p Body, the body of \p D, shows to \p Facts, reading its
/// nodes in \p Index.
void collectRetention(const Decl *D, const Stmt *Body, const UnitIndex &Index,
                      const RetentionTypes &Types, RetentionFacts &Facts);

} // namespace clang::tidy::llvmown

#endif
