//===- Configuration.h - clang-tidy options the checks run with -----------===//
//
// The checks' configuration is layered as clang-tidy layers it: the tool's
// defaults (checks -*,llvmown-*), then .clang-tidy files or the --config /
// --config-file text, then the command-line overrides (--checks,
// --header-filter, --extra-arg...).
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_TOOL_CONFIGURATION_H
#define LLVMOWN_TOOL_CONFIGURATION_H

#include "Options.h"

#include "ClangTidyOptions.h"
#include <memory>
#include <optional>

namespace clang::tidy::llvmown::tool {

struct LayeredOptions {
  clang::tidy::ClangTidyGlobalOptions Global;
  clang::tidy::ClangTidyOptions Defaults;
  /// The --config or --config-file text, parsed; without either, .clang-tidy
  /// files are read (FileOptionsProvider), as clang-tidy does.
  std::optional<clang::tidy::ClangTidyOptions> Config;
  clang::tidy::ClangTidyOptions Overrides;

  /// A fresh provider; each translation unit gets its own, so that parallel
  /// runs share nothing. .clang-tidy files are looked up through FS (the
  /// unit's file system, whose working directory is the command's, so that
  /// relative file names resolve as in clang-tidy); null means the real one.
  std::unique_ptr<clang::tidy::ClangTidyOptionsProvider> makeProvider(
      llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS = nullptr) const;
};

/// The header filter's part that matches the source files a unit includes
/// (a unity build): LayeredOptions' providers add it to the filter given.
llvm::StringRef unitSourcesRegex();

/// Fills Layers from Opts; prints the problem and returns false on an
/// invalid --config / --config-file or --header-filter.
bool buildOptions(const ToolOptions &Opts, LayeredOptions &Layers);

/// The Checks text that applies to File, as the user wrote it: without the
/// filter the tool appends to keep clang's own checks out.
std::string checksText(const LayeredOptions &Layers, llvm::StringRef File);

/// The checks enabled for File, sorted.
std::vector<std::string> enabledChecks(const LayeredOptions &Layers,
                                       llvm::StringRef File);

} // namespace clang::tidy::llvmown::tool

#endif
