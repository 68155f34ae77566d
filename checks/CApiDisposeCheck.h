//===- CApiDisposeCheck.h - llvmown-c-api-dispose -------------------------===//
//
// The LLVM C API's handles and strings: created, then released by the
// matching function exactly once, unless a call consumed them. Finds leaks
// (on every path or some), double and late releases, releases of borrowed
// handles, and mismatched deallocators. All knowledge is in the API model's
// C API table; users add their own create/dispose pairs with ExtraPairs.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_CAPIDISPOSECHECK_H
#define LLVMOWN_CAPIDISPOSECHECK_H

#include "FunctionBodyCheck.h"
#include "engine/analyses/ownership/FieldCreations.h"

namespace clang::tidy::llvmown {

class CApiDisposeCheck : public FunctionBodyCheck {
public:
  CApiDisposeCheck(StringRef Name, ClangTidyContext *Context);

protected:
  void analyzeFunctions(ASTContext &Ctx,
                        llvm::ArrayRef<FunctionBody> Functions) override;

private:
  void reportDispose(const DisposeFact &F, const OwnedObject &O);
  void reportLeak(const LeakFact &L, const OwnedObject &O);
  /// A handle stored in a struct field that what frees the struct never
  /// releases. \p Stores: every such store of the unit.
  void reportStructStores(
      llvm::ArrayRef<std::pair<OwnedObject, StructStoreFact>> Stores,
      llvm::ArrayRef<FunctionBody> Functions);

  void reportFieldReleaseTwice(const FieldReleaseTwice &F);
  void reportFieldReleaseUncreated(const FieldReleaseUncreated &F,
                                   const SourceManager &SM);

  const std::string ExtraPairs;
  std::vector<std::string> BadPairs;
  bool BadPairsReported = false;
};

} // namespace clang::tidy::llvmown

#endif
