//===- NameMatcher.h - match declarations against qualified names ---------===//
//
// A small, allocation-free replacement for hasAnyName() that works on a
// single declaration: "llvm::Target::createTargetMachine" matches the
// method whatever inline namespaces or template arguments surround it, and a
// leading "::" is optional. Names are indexed by their last component, so a
// lookup costs one hash of the identifier.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_ENGINE_NAMEMATCHER_H
#define LLVMOWN_ENGINE_NAMEMATCHER_H

#include "engine/framework/AstFwd.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace clang::tidy::llvmown {

/// Returns true if \p D's qualified name ends with the components of
/// \p QualifiedName ("a::b::c"), ignoring inline and anonymous namespaces and
/// template arguments. A name with a leading "::" must match up to the
/// translation unit.
bool declHasQualifiedName(const NamedDecl *D, llvm::StringRef QualifiedName);

/// The last identifier-like component of the declaration's name, or the
/// class name for a constructor ("unique_ptr" for std::unique_ptr's ctor).
llvm::StringRef declSimpleName(const NamedDecl *D);

/// Splits a clang-tidy style list ("a;b; c") into trimmed, non-empty items.
std::vector<std::string> splitNameList(llvm::StringRef List);

} // namespace clang::tidy::llvmown

#endif
