//===- Preamble.h - one file's include prefix, parsed once for many runs --===//
//
// The language server checks the same file again on every save and, after
// a pause, on every edit. Nearly all of each parse is the file's include
// prefix (its preamble: the #include lines and comments before its first
// declaration), which an edit below it does not change. As clangd does, the
// prefix is parsed once into a precompiled preamble (Clang's
// PrecompiledPreamble), and later runs parse only the rest of the file.
//
// Exact, unlike --pch (SharedHeaders.h): the preamble is this file's own
// prefix, with this file's compile command, and it is rebuilt when the
// prefix's text, a header it read, or the command changes. A preamble whose
// parse had a compiler error is not used: those errors are the run's to
// report. Library function bodies are skipped in it as in the run itself,
// and the project's own declarations in it are still checked (see
// SkippingConsumer).
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_TOOL_PREAMBLE_H
#define LLVMOWN_TOOL_PREAMBLE_H

#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include <memory>
#include <string>

namespace llvm {
class MemoryBuffer;
namespace vfs {
class FileSystem;
} // namespace vfs
} // namespace llvm

namespace clang {
class CompilerInvocation;
class PCHContainerOperations;
class PrecompiledPreamble;
} // namespace clang

namespace clang::tidy::llvmown::tool {

/// The preamble of one file, kept between runs of the same file (one run
/// at a time).
///
/// A run that finds no preamble that fits parses the whole file, as the
/// tool would, and leaves a build of one to start when it is over
/// (startBuild): the build, on a thread of its own, does not slow down the
/// run whose findings the user waits for. The next run waits for the build
/// to finish, which is sooner than a whole parse would be.
class PreambleCache {
public:
  PreambleCache();
  /// Waits for a build in progress.
  ~PreambleCache();

  /// Makes \p Invocation (already prepared for the run) parse its main
  /// file, read through \p FS, with the kept preamble if it fits. If none
  /// fits, leaves \p Invocation as it was and prepares a build of one. Returns
  /// the main file's buffer, which must outlive the run; null if no
  /// preamble is used (the run parses all).
  std::unique_ptr<llvm::MemoryBuffer>
  apply(CompilerInvocation &Invocation,
        llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS,
        std::shared_ptr<PCHContainerOperations> PCHOps);

  /// Starts the build that the last run prepared, if any, in the
  /// background. (The next apply() starts it too, and waits for it.)
  void startBuild();

  struct Counts {
    unsigned Built = 0;    ///< preambles built
    unsigned Reused = 0;   ///< runs that used one
    unsigned Unusable = 0; ///< builds that gave none, or one with errors
  };
  Counts counts() const { return Stats; }

  /// What the last apply() did, for the server's log.
  enum class Use {
    None,     ///< no preamble: the file has no include prefix, ...
    Reused,   ///< the run used the kept preamble
    Building, ///< the run parsed all; a preamble is being built
    Failed,   ///< the run parsed all; its preamble has a compiler error
  };
  Use lastUse() const { return Last; }

  struct Build;

private:
  /// Takes the result of the build in progress, after waiting for it.
  void finishBuild();

  /// What the kept preamble was built for: the compile command as Clang
  /// sees it (CanReuse compares only the text and the headers).
  std::string Key;
  std::unique_ptr<PrecompiledPreamble> Kept;
  /// The kept preamble's parse had a compiler error: it is not used.
  bool KeptHasErrors = false;
  std::unique_ptr<Build> Building;
  Counts Stats;
  Use Last = Use::None;
};

} // namespace clang::tidy::llvmown::tool

#endif
