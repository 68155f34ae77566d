//===- StructFields.h - handles owned by the fields of C structs ----------===//
//
// The struct-level half of a C handle stored in a field (`S->Ctx =
// LLVMContextCreate()`): the function that stored it hands it to the struct,
// so the functions that free the struct must release it first. This scan
// answers, for one field, whether any function of the translation unit
// releases it or lets it go elsewhere, and which function frees the struct
// without doing so.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_ENGINE_STRUCTFIELDS_H
#define LLVMOWN_ENGINE_STRUCTFIELDS_H

#include "engine/framework/AstFwd.h"
#include "engine/framework/AstHelpers.h"
#include "engine/model/ApiModel.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"

namespace clang::tidy::llvmown {

struct StructFieldUse {
  /// Passed to a release or consuming API somewhere (the field itself, or
  /// its address to one that writes and releases through it).
  bool Released = false;
  /// Copied out (into a variable, a return, another struct) or its address
  /// taken: released elsewhere, maybe.
  bool Escapes = false;
  /// A free (`free(S)`, `delete S`) of a struct of the field's type, or
  /// the release of another of its handle fields (a cleanup function), in
  /// a function that passes that struct to nothing unseen that could
  /// release its fields (a function defined elsewhere). The first found.
  const Expr *Free = nullptr;
  const FunctionDecl *Freer = nullptr;
  bool FreesStruct = false; ///< Free frees the struct (not a cleanup)
  /// Some function frees a struct of the field's type, even one that
  /// passed it to a function defined elsewhere first.
  bool StructFreed = false;
};

/// Scans \p Functions (the unit's bodies) for what they do to field \p F.
StructFieldUse scanStructField(const FieldDecl *F, const ApiModel &Model,
                               llvm::ArrayRef<FunctionBody> Functions);

/// scanStructField once per field: the stores of a unit into one field
/// share its scan.
class StructFieldScans {
public:
  StructFieldScans(const ApiModel &Model,
                   llvm::ArrayRef<FunctionBody> Functions)
      : Model(Model), Functions(Functions) {}
  const StructFieldUse &of(const FieldDecl *F) {
    auto It = Known.find(F);
    if (It == Known.end())
      It = Known.try_emplace(F, scanStructField(F, Model, Functions)).first;
    return It->second;
  }

private:
  const ApiModel &Model;
  llvm::ArrayRef<FunctionBody> Functions;
  llvm::DenseMap<const FieldDecl *, StructFieldUse> Known;
};

} // namespace clang::tidy::llvmown

#endif
