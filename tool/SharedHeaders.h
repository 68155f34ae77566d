//===- SharedHeaders.h - one parse of the LLVM headers for many units -----===//
//
// `--pch`: units compiled with the same flags mostly include the same LLVM
// and standard headers. Those a unit includes at its top (before any other
// line: a #define, an #if, code; in C also before a project header) are
// collected per flag set;
// their union is parsed once into a precompiled header under
// <build>/.llvmown/pch/, with library function bodies skipped as in a check
// run, and each unit of the set is parsed with `-include-pch`. The unit's
// own includes of those headers are then no-ops (include guards).
//
// Not exact, hence an option. A unit sees the declarations of every header
// in the union, not only of those it includes, so code that would not
// compile for want of an include does compile. And in C++ the library
// headers are parsed before the project headers a unit includes ahead of
// them: a project header that defines a macro changing how LLVM's or the
// C++ library's headers parse (none of the surveyed projects does) is not
// seen by them. Nothing a file defines itself comes before them.
// A precompiled header whose inputs changed (size or time) is rebuilt; a
// unit that fails with it is checked again without.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_TOOL_SHAREDHEADERS_H
#define LLVMOWN_TOOL_SHAREDHEADERS_H

#include "Runner.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace clang::tidy::llvmown::tool {

struct SharedHeaderStats {
  size_t Groups = 0; ///< flag sets with a precompiled header
  size_t Built = 0;  ///< built in this run
  size_t Reused = 0; ///< valid from an earlier run
  size_t Failed = 0; ///< could not be built (their units parse alone)
  size_t Units = 0;  ///< units given one
};

/// The include lines a file begins with that can go into a shared
/// precompiled header: `#include` of llvm/, llvm-c/, clang/, clang-c/ or
/// mlir/ headers, and of standard C++ headers (`<memory>`), up to the first
/// line that is not an include (comments and blank lines aside). An include
/// of another header ends the list too, unless \p PastOtherIncludes (C++):
/// then it is passed over. Returned as written
/// (`#include "llvm/IR/Module.h"`).
std::vector<std::string> leadingLibraryIncludes(llvm::StringRef Source,
                                                bool PastOtherIncludes);

/// Builds or reuses the precompiled headers under \p CacheDir and sets
/// TranslationUnitJob::PCH of the jobs of \p ToCheck that can use one.
/// The flag sets are those of \p ToCheck and \p Project (the whole
/// database); only sets of at least two units get one.
void prepareSharedHeaders(const LayeredOptions &Layers,
                          std::vector<TranslationUnitJob> &ToCheck,
                          llvm::ArrayRef<TranslationUnitJob> Project,
                          const std::string &CacheDir, unsigned Threads,
                          SharedHeaderStats &Stats);

} // namespace clang::tidy::llvmown::tool

#endif
