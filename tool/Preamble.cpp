//===- Preamble.cpp - one file's include prefix, parsed once for many runs ===//

#include "Preamble.h"

#include "BodySkipping.h"
#include "Runner.h"

#include "engine/framework/Compat.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendOptions.h"
#include "clang/Frontend/PrecompiledPreamble.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <atomic>
#include <functional>
#include <optional>
#include <thread>
#include <tuple>
#include <type_traits>

namespace clang::tidy::llvmown::tool {

namespace {

/// Skips in the preamble the bodies the run skips (BodySkipping.h).
class SkipLibraryBodies : public PreambleCallbacks {
public:
  void BeforeExecute(CompilerInstance &CI) override { Bodies.emplace(CI); }
  bool shouldSkipFunctionBody(Decl *D) override {
    return Bodies && Bodies->shouldSkip(D);
  }

private:
  std::optional<LibraryBodies> Bodies;
};

/// Notes whether the preamble's parse had a compiler error, shows nothing.
/// (Its own flag: the counts of DiagnosticConsumer are reset on the way.)
class ErrorSeen : public DiagnosticConsumer {
public:
  bool Seen = false;
  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    Seen |= Level >= DiagnosticsEngine::Error;
  }
};

// The parameters of a function pointer's type, to tell PrecompiledPreamble::
// Build's signatures apart.
template <typename R, typename... A> std::tuple<A...> params(R (*)(A...));
template <typename F> using Params = decltype(params(std::declval<F>()));

// PrecompiledPreamble::Build: a storage folder since LLVM 17 (9 parameters),
// the diagnostics engine by reference-counted pointer since LLVM 21.
template <typename P = PrecompiledPreamble>
auto build(const CompilerInvocation &CI, const llvm::MemoryBuffer &Main,
           PreambleBounds Bounds,
           llvm::IntrusiveRefCntPtr<DiagnosticsEngine> DE,
           llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS,
           std::shared_ptr<PCHContainerOperations> Ops,
           PreambleCallbacks &Callbacks) {
  using Ps = Params<decltype(&P::Build)>;
  auto Engine = [&]() -> std::tuple_element_t<3, Ps> {
    if constexpr (std::is_same_v<std::tuple_element_t<3, Ps>,
                                 DiagnosticsEngine &>)
      return *DE;
    else
      return DE;
  };
  if constexpr (std::tuple_size_v<Ps> == 9)
    return P::Build(CI, &Main, Bounds, Engine(), FS, Ops, false, "", Callbacks);
  else
    return P::Build(CI, &Main, Bounds, Engine(), FS, Ops, false, Callbacks);
}

std::string keyOf(const CompilerInvocation &CI) {
  llvm::BumpPtrAllocator Alloc;
  llvm::StringSaver Saver(Alloc);
  llvm::SmallVector<const char *, 64> Args;
  CI.generateCC1CommandLine(
      Args, [&](const llvm::Twine &A) { return Saver.save(A).data(); });
  std::string Key;
  for (const char *A : Args)
    Key.append(A).push_back('\0');
  return Key;
}

/// A preamble of \p Main's first \p Bounds, or null if none can be built;
/// \p HasErrors is set if its parse had a compiler error.
std::unique_ptr<PrecompiledPreamble>
buildPreamble(CompilerInvocation CI, const llvm::MemoryBuffer &Main,
              PreambleBounds Bounds,
              llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS,
              std::shared_ptr<PCHContainerOperations> PCHOps, bool &HasErrors) {
  // Templates the prefix uses are instantiated in it, not in every run.
  compat::langOpts(CI).PCHInstantiateTemplates = true;
  ErrorSeen Errors;
  compat::DiagOptionsHolder DiagOpts(new DiagnosticOptions());
  llvm::IntrusiveRefCntPtr<DiagnosticsEngine> DE(new DiagnosticsEngine(
      new DiagnosticIDs(), compat::diagOptionsArg(DiagOpts), &Errors,
      /*ShouldOwnClient=*/false));
  SkipLibraryBodies Callbacks;
  auto Built = build(CI, Main, Bounds, DE, FS, PCHOps, Callbacks);
  HasErrors = Errors.Seen;
  if (!Built)
    return nullptr;
  return std::make_unique<PrecompiledPreamble>(std::move(*Built));
}

} // namespace

struct PreambleCache::Build {
  std::string Key;
  std::string Prefix; ///< the text it is built from
  std::atomic<bool> Done{false};
  std::unique_ptr<PrecompiledPreamble> Result;
  bool HasErrors = false;
  /// The build, until it is started.
  std::function<void()> Work;
  std::thread Thread;

  void start() {
    if (Work)
      Thread = std::thread(std::move(Work));
    Work = nullptr;
  }
};

PreambleCache::PreambleCache() = default;

PreambleCache::~PreambleCache() {
  if (Building && Building->Thread.joinable())
    Building->Thread.join();
}

void PreambleCache::startBuild() {
  if (Building)
    Building->start();
}

void PreambleCache::finishBuild() {
  Building->start();
  Building->Thread.join();
  Kept = std::move(Building->Result);
  Key = std::move(Building->Key);
  KeptHasErrors = Building->HasErrors;
  ++(Kept && !KeptHasErrors ? Stats.Built : Stats.Unusable);
  Building.reset();
}

std::unique_ptr<llvm::MemoryBuffer>
PreambleCache::apply(CompilerInvocation &Invocation,
                     llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS,
                     std::shared_ptr<PCHContainerOperations> PCHOps) {
  Last = Use::None;
  FrontendOptions &Front = Invocation.getFrontendOpts();
  if (Front.Inputs.size() != 1 || !Front.Inputs[0].isFile() ||
      !Invocation.getPreprocessorOpts().ImplicitPCHInclude.empty())
    return nullptr; // --pch's shared header, or nothing to parse
  auto Read = FS->getBufferForFile(Front.Inputs[0].getFile());
  if (!Read)
    return nullptr;
  // A copy: an unsaved buffer's text belongs to the run's file system,
  // which is gone before the build is over.
  std::unique_ptr<llvm::MemoryBuffer> Main =
      llvm::MemoryBuffer::getMemBufferCopy((*Read)->getBuffer(),
                                           (*Read)->getBufferIdentifier());
  PreambleBounds Bounds =
      ComputePreambleBounds(compat::langOpts(Invocation), *Main, 0);
  if (Bounds.Size == 0)
    return nullptr;
  std::string NewKey = keyOf(Invocation);
  llvm::StringRef Prefix = Main->getBuffer().take_front(Bounds.Size);
  // Waiting for the build of this very preamble beats parsing everything.
  bool Same = Building && Building->Key == NewKey && Building->Prefix == Prefix;
  if (Building && !Same && Building->Work)
    Building.reset(); // not started, and of no use any more
  if (Building && (Same || Building->Done))
    finishBuild();
  if (Kept && Key == NewKey &&
      Kept->CanReuse(Invocation, Main->getMemBufferRef(), Bounds, *FS)) {
    // Its compiler errors are the run's to report: it parses all again,
    // until the prefix or a header changes.
    if (KeptHasErrors) {
      Last = Use::Failed;
      return nullptr;
    }
    ++Stats.Reused;
    Last = Use::Reused;
    Kept->AddImplicitPreamble(Invocation, FS, Main.get());
    // The buffer stays the caller's, not the compiler's.
    Invocation.getPreprocessorOpts().RetainRemappedFileBuffers = true;
    return Main;
  }
  Last = Use::Building;
  if (!Building) {
    Kept.reset();
    Building = std::make_unique<Build>();
    Building->Key = std::move(NewKey);
    Building->Prefix = Prefix.str();
    // A file system of its own: the run's goes back to its first working
    // directory when the run ends, under the build's feet.
    llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Own =
        llvm::vfs::createPhysicalFileSystem();
    if (auto Dir = FS->getCurrentWorkingDirectory())
      Own->setCurrentWorkingDirectory(*Dir);
    Build &B = *Building;
    B.Work = [&B, CI = CompilerInvocation(Invocation),
              Main = std::shared_ptr<llvm::MemoryBuffer>(std::move(Main)),
              Bounds, FS = std::move(Own), PCHOps] {
      // A crash while building leaves the file without a preamble.
      runIsolated([&] {
        B.Result = buildPreamble(CI, *Main, Bounds, FS, PCHOps, B.HasErrors);
      });
      B.Done = true;
    };
  }
  return nullptr;
}

} // namespace clang::tidy::llvmown::tool
