//===- Configuration.cpp - clang-tidy options the checks run with ---------===//

#include "Configuration.h"

#include "ClangTidy.h"
#include "engine/framework/Compat.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/WithColor.h"

using namespace clang::tidy;

namespace clang::tidy::llvmown::tool {

static constexpr llvm::StringLiteral OnlyOwnChecks =
    "-clang-analyzer-*,-clang-diagnostic-*";

namespace {

/// Source files that a unit includes (a unity build's `.cpp` files) are the
/// unit's own code, not headers: their findings are shown whatever the
/// header filter says, as the main file's are. The checks analyse their
/// functions (isInUnitSource); this lets clang-tidy's filter show what they
/// find, by adding them to the header filter the layers give.
class UnitSourcesProvider : public ClangTidyOptionsProvider {
public:
  explicit UnitSourcesProvider(std::unique_ptr<ClangTidyOptionsProvider> Inner)
      : Inner(std::move(Inner)) {}

  const ClangTidyGlobalOptions &getGlobalOptions() override {
    return Inner->getGlobalOptions();
  }

  std::vector<OptionsSource> getRawOptions(llvm::StringRef FileName) override {
    std::vector<OptionsSource> Raw = Inner->getRawOptions(FileName);
    std::string Given =
        compat::toStd(Inner->getOptions(FileName).HeaderFilterRegex)
            .value_or("");
    ClangTidyOptions Sources;
    Sources.HeaderFilterRegex =
        Given.empty() ? unitSourcesRegex().str()
                      : "(" + Given + ")|(" + unitSourcesRegex().str() + ")";
    Raw.emplace_back(std::move(Sources), "llvmown: the unit's own sources");
    return Raw;
  }

private:
  std::unique_ptr<ClangTidyOptionsProvider> Inner;
};

} // namespace

llvm::StringRef unitSourcesRegex() {
  // The extensions of isSourceFileName (checks/engine/framework/AstHelpers).
  return "\\.(c|cc|cpp|cxx|c\\+\\+|C|m|mm|cu)$";
}

std::unique_ptr<ClangTidyOptionsProvider> LayeredOptions::makeProvider(
    llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS) const {
  if (!FS)
    FS = llvm::vfs::getRealFileSystem();
  std::unique_ptr<ClangTidyOptionsProvider> Layered;
  if (Config)
    Layered = std::make_unique<ConfigOptionsProvider>(Global, Defaults, *Config,
                                                      Overrides, FS);
  else
    Layered =
        std::make_unique<FileOptionsProvider>(Global, Defaults, Overrides, FS);
  return std::make_unique<UnitSourcesProvider>(std::move(Layered));
}

bool buildOptions(const ToolOptions &Opts, LayeredOptions &Layers) {
  auto Error = []() -> llvm::raw_ostream & {
    return llvm::WithColor::error(llvm::errs(), "llvmown");
  };
  Layers.Defaults = ClangTidyOptions::getDefaults();
  Layers.Defaults.Checks = DefaultChecks;
  // Findings in the sources only unless a header filter is given, with
  // every LLVM: clang-tidy 22's own default ('.*') would also make the
  // checks analyse every project header's functions in every unit.
  Layers.Defaults.HeaderFilterRegex = "";

  std::unique_ptr<llvm::MemoryBuffer> Text;
  std::string Source;
  if (Opts.Config) {
    Text = llvm::MemoryBuffer::getMemBufferCopy(*Opts.Config, "--config");
    Source = "--config";
  } else if (Opts.ConfigFile) {
    auto File = llvm::MemoryBuffer::getFile(*Opts.ConfigFile, /*IsText=*/true);
    if (!File) {
      Error() << "cannot read --config-file '" << *Opts.ConfigFile
              << "': " << File.getError().message() << "\n";
      return false;
    }
    Text = std::move(*File);
    Source = "--config-file '" + *Opts.ConfigFile + "'";
  }
  if (Text) {
    bool Printed = false;
    llvm::ErrorOr<ClangTidyOptions> Parsed = parseConfigurationWithDiags(
        Text->getMemBufferRef(), [&](const llvm::SMDiagnostic &D) {
          D.print("llvmown", llvm::errs());
          Printed = true;
        });
    if (!Parsed) {
      Error() << "invalid " << Source << ": " << Parsed.getError().message()
              << (Printed ? " (see above)" : "") << "\n";
      return false;
    }
    Layers.Config = std::move(*Parsed);
  }

  if (Opts.Checks)
    Layers.Overrides.Checks = *Opts.Checks;
  // Only the llvmown checks run: a project's configuration that enables
  // clang's analyzer or compiler warnings (`Checks: '*'`, for clang-tidy)
  // must not make findings of them here. Errors are reported regardless.
  Layers.Overrides.Checks =
      (Layers.Overrides.Checks ? *Layers.Overrides.Checks + "," : "") +
      OnlyOwnChecks.str();
  if (Opts.HeaderFilter)
    Layers.Overrides.HeaderFilterRegex = *Opts.HeaderFilter;
  // Another visit order or cap may stop a function that the solver's own
  // finishes: such a run says so, so that what it misses is not taken for
  // a result that depends on the order.
  if (Opts.VisitOrder != "rpo" || Opts.VisitCap)
    Layers.Overrides.CheckOptions["ReportIncomplete"] =
        ClangTidyOptions::ClangTidyValue("true");
  if (!Opts.ExtraArgs.empty())
    Layers.Overrides.ExtraArgs = Opts.ExtraArgs;
  if (!Opts.ExtraArgsBefore.empty())
    Layers.Overrides.ExtraArgsBefore = Opts.ExtraArgsBefore;

  std::vector<const decltype(ClangTidyOptions::HeaderFilterRegex) *> Regexes = {
      &Layers.Overrides.HeaderFilterRegex};
  if (Layers.Config)
    Regexes.push_back(&Layers.Config->HeaderFilterRegex);
  for (const auto *Regex : Regexes) {
    std::string RegexError;
    if (*Regex && !llvm::Regex(**Regex).isValid(RegexError)) {
      Error() << "invalid header filter regex '" << **Regex
              << "': " << RegexError << "\n";
      return false;
    }
  }

  // A misspelt option name would otherwise be ignored without a word.
  if (Layers.Config && !Layers.Config->CheckOptions.empty()) {
    llvm::StringSet<> Known = compat::allCheckOptions();
    for (const auto &Option : Layers.Config->CheckOptions)
      if (!Known.contains(Option.getKey()))
        llvm::WithColor::warning(llvm::errs(), "llvmown")
            << "unknown check option '" << Option.getKey() << "' in " << Source
            << "; it has no effect\n";
  }
  return true;
}

std::vector<std::string> enabledChecks(const LayeredOptions &Layers,
                                       llvm::StringRef File) {
  ClangTidyOptions Effective = Layers.makeProvider()->getOptions(File);
  return compat::checkNames(Effective);
}

std::string checksText(const LayeredOptions &Layers, llvm::StringRef File) {
  std::string Text =
      compat::toStd(Layers.makeProvider()->getOptions(File).Checks)
          .value_or("");
  llvm::StringRef Shown(Text);
  Shown.consume_back(OnlyOwnChecks);
  Shown.consume_back(",");
  return Shown.str();
}

} // namespace clang::tidy::llvmown::tool
