//===- BorrowedFields.h - struct fields that hold another file's handle ---===//
//
// A driver copies a handle that another file owns, a global of that file,
// into its own struct (`Screen->Engine = SharedEngine;`), then its cleanup
// disposes of the field: the other file's handle is gone under it, and
// disposed again when that file tears down. This scan finds, over the
// unit's functions, fields whose every store is a copy of an extern global
// that the unit never assigns, and the releases of those fields.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_ENGINE_BORROWEDFIELDS_H
#define LLVMOWN_ENGINE_BORROWEDFIELDS_H

#include "engine/framework/AstHelpers.h"
#include "engine/model/ApiModel.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/ArrayRef.h"
#include <vector>

namespace clang::tidy::llvmown {

struct BorrowedFieldRelease {
  const FieldDecl *Field;
  const VarDecl *Global;   ///< the other file's handle
  const Expr *Store;       ///< the first copy into the field
  const CallExpr *Release; ///< a release of the field
  const ResourceKind *Kind;
};

/// The releases of fields that only ever hold a copy of an extern global.
std::vector<BorrowedFieldRelease>
findBorrowedFieldReleases(const ApiModel &Model,
                          llvm::ArrayRef<FunctionBody> Functions);

} // namespace clang::tidy::llvmown

#endif
