//===- llvmown.cpp - the standalone llvmown command-line tool -------------===//
//
// Runs the llvmown-* checks without clang-tidy: the checks' object files are
// linked in, together with clang-tidy's library, and run through
// clang::tidy::runClangTidy, one translation unit at a time. What clang-tidy
// returns is collected as Findings, printed to stderr in clang's format and
// turned into the exit status (0 clean, 1 findings, 2 usage/input error).
//
//===----------------------------------------------------------------------===//

#include "Compilations.h"
#include "Options.h"
#include "engine/ApiModel.h"
#include "Report.h"

#include "ClangTidy.h"
#include "ClangTidyModuleRegistry.h"
#include "ClangTidyOptions.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/WithColor.h"

namespace clang::tidy {
// Defined in checks/LLVMOwnTidyModule.cpp next to the module's registration;
// referencing it keeps that object in the link whatever the linker does.
extern volatile int LLVMOwnModuleAnchorSource;
} // namespace clang::tidy

static int LLVMOwnModuleAnchorDestination [[maybe_unused]] =
    clang::tidy::LLVMOwnModuleAnchorSource;

using namespace clang::tidy;
using namespace ::llvmown;
using llvm::StringRef;

namespace {

enum ExitCode { ExitClean = 0, ExitFindings = 1, ExitError = 2 };

llvm::raw_ostream &error() { return llvm::WithColor::error(llvm::errs(), "llvmown"); }
llvm::raw_ostream &warning() {
  return llvm::WithColor::warning(llvm::errs(), "llvmown");
}
llvm::raw_ostream &note() { return llvm::WithColor::note(llvm::errs(), "llvmown"); }

int usageError(const llvm::Twine &Message) {
  error() << Message << "\n";
  printUsage(llvm::errs());
  llvm::errs() << "Run 'llvmown --help' for all options.\n";
  return ExitError;
}

std::string absolutePath(StringRef Path) {
  llvm::SmallString<256> Abs(Path);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return std::string(Abs);
}

std::string plural(size_t N, StringRef One, StringRef Many) {
  return std::to_string(N) + " " + (N == 1 ? One : Many).str();
}

/// The options clang-tidy's context is built from: our defaults, then the
/// --config text, then the command-line overrides (as clang-tidy layers its
/// defaults, --config and --checks).
struct LayeredOptions {
  ClangTidyGlobalOptions Global;
  ClangTidyOptions Defaults;
  ClangTidyOptions Config;
  ClangTidyOptions Overrides;

  std::unique_ptr<ClangTidyOptionsProvider> makeProvider() const {
    return std::make_unique<ConfigOptionsProvider>(Global, Defaults, Config,
                                                   Overrides);
  }
};

/// Fills Layers from Opts; prints the problem and returns false on an
/// invalid --config or --header-filter.
bool buildOptions(const ToolOptions &Opts, LayeredOptions &Layers) {
  Layers.Defaults = ClangTidyOptions::getDefaults();
  Layers.Defaults.Checks = DefaultChecks;

  if (Opts.Config) {
    std::unique_ptr<llvm::MemoryBuffer> Text =
        llvm::MemoryBuffer::getMemBufferCopy(*Opts.Config, "--config");
    bool Printed = false;
    llvm::ErrorOr<ClangTidyOptions> Parsed = parseConfigurationWithDiags(
        Text->getMemBufferRef(), [&](const llvm::SMDiagnostic &D) {
          D.print("llvmown", llvm::errs());
          Printed = true;
        });
    if (!Parsed) {
      error() << "invalid --config: " << Parsed.getError().message()
              << (Printed ? " (see above)" : "") << "\n";
      return false;
    }
    Layers.Config = std::move(*Parsed);
  }

  if (Opts.Checks)
    Layers.Overrides.Checks = *Opts.Checks;
  if (Opts.HeaderFilter)
    Layers.Overrides.HeaderFilterRegex = *Opts.HeaderFilter;
  if (!Opts.ExtraArgs.empty())
    Layers.Overrides.ExtraArgs = Opts.ExtraArgs;
  if (!Opts.ExtraArgsBefore.empty())
    Layers.Overrides.ExtraArgsBefore = Opts.ExtraArgsBefore;

  for (const std::optional<std::string> *Regex :
       {&Layers.Config.HeaderFilterRegex, &Layers.Overrides.HeaderFilterRegex}) {
    std::string RegexError;
    if (*Regex && !llvm::Regex(**Regex).isValid(RegexError)) {
      error() << "invalid header filter regex '" << **Regex
              << "': " << RegexError << "\n";
      return false;
    }
  }

  // A misspelt option name would otherwise be ignored without a word.
  if (!Layers.Config.CheckOptions.empty()) {
    NamesAndOptions Known = getAllChecksAndOptions();
    for (const auto &Option : Layers.Config.CheckOptions)
      if (!Known.Options.contains(Option.getKey()))
        warning() << "unknown check option '" << Option.getKey()
                  << "' in --config; it has no effect\n";
  }
  return true;
}

int listChecks(const LayeredOptions &Layers, StringRef FileForOptions) {
  ClangTidyOptions Effective =
      Layers.makeProvider()->getOptions(FileForOptions);
  std::vector<std::string> Names =
      getCheckNames(Effective, /*AllowEnablingAnalyzerAlphaCheckers=*/false);
  if (Names.empty()) {
    error() << "no checks enabled by '" << Effective.Checks.value_or("")
            << "'\n";
    return ExitError;
  }
  llvm::outs() << "Enabled checks:\n";
  for (const std::string &Name : Names)
    llvm::outs() << "    " << Name << "\n";
  llvm::outs() << "\n";
  return ExitClean;
}

/// Checks that every source exists and is a file; prints and returns false
/// otherwise.
bool validateSources(const std::vector<std::string> &Sources) {
  bool OK = true;
  for (const std::string &S : Sources) {
    llvm::sys::fs::file_status Status;
    if (llvm::sys::fs::status(S, Status) ||
        !llvm::sys::fs::exists(Status)) {
      error() << "no such file: " << S << "\n";
      OK = false;
    } else if (llvm::sys::fs::is_directory(Status)) {
      error() << "not a file but a directory: " << S << "\n";
      OK = false;
    }
  }
  return OK;
}

/// The result of a run over all sources.
struct RunResult {
  std::vector<Finding> Findings;
  /// Sources whose translation unit had compiler errors, in order.
  std::vector<std::string> FailedSources;
  size_t Warnings = 0;
  size_t ConfigErrors = 0;
};

/// Runs the enabled checks on one translation unit and returns everything
/// clang-tidy reported for it, classified. Independent of other units but
/// for the shared Context (its statistics); a parallel run would give each
/// worker a Context of its own.
std::vector<Finding> checkTranslationUnit(
    ClangTidyContext &Context,
    const clang::tooling::CompilationDatabase &Compilations,
    const std::string &AbsSource,
    llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> BaseFS) {
  std::vector<ClangTidyError> Errors =
      runClangTidy(Context, Compilations, {AbsSource}, BaseFS,
                   /*ApplyAnyFix=*/false);
  std::vector<Finding> Findings;
  Findings.reserve(Errors.size());
  for (ClangTidyError &E : Errors) {
    FindingKind Kind = classify(E);
    Findings.push_back(Finding{std::move(E), AbsSource, Kind});
  }
  return Findings;
}

} // namespace

int main(int Argc, const char **Argv) {
  llvm::InitLLVM X(Argc, Argv);

  ToolOptions Opts;
  std::string UsageProblem;
  if (!parseCommandLine(Argc, Argv, Opts, UsageProblem))
    return usageError(UsageProblem);
  if (Opts.ShowHelp) {
    printHelp(llvm::outs());
    return ExitClean;
  }
  if (Opts.ShowVersion) {
    printVersion(llvm::outs());
    return ExitClean;
  }

  if (Opts.DumpCApiTable) {
    clang::tidy::llvmown::ApiModel().printCApiTable(llvm::outs());
    return 0;
  }

  LayeredOptions Layers;
  if (!buildOptions(Opts, Layers))
    return ExitError;

  // Options may differ per file (InheritParentConfig); list and validate
  // with those of the first source, as clang-tidy does.
  std::string FileForOptions = Opts.Sources.empty()
                                   ? absolutePath("dummy")
                                   : absolutePath(Opts.Sources.front());
  if (Opts.ListChecks)
    return listChecks(Layers, FileForOptions);

  if (Opts.Sources.empty())
    return usageError("no source files given");
  if (!validateSources(Opts.Sources))
    return ExitError;

  {
    ClangTidyOptions Effective =
        Layers.makeProvider()->getOptions(FileForOptions);
    if (getCheckNames(Effective, false).empty()) {
      error() << "no checks enabled by '" << Effective.Checks.value_or("")
              << "'; see 'llvmown --list-checks'\n";
      return ExitError;
    }
  }

  LoadedCompilations Compilations = loadCompilations(Opts);
  for (const std::string &W : Compilations.Warnings)
    warning() << W << "\n";
  if (!Compilations.Database) {
    error() << Compilations.Error << "\n";
    return ExitError;
  }

  std::vector<std::string> AbsSources;
  bool AllKnown = true;
  for (const std::string &S : Opts.Sources) {
    std::string Abs = absolutePath(S);
    if (Compilations.Database->getCompileCommands(Abs).empty()) {
      error() << "'" << S << "' is not in the " << Compilations.Description
              << "\n";
      AllKnown = false;
    }
    AbsSources.push_back(std::move(Abs));
  }
  if (!AllKnown)
    return ExitError;

  ClangTidyContext Context(Layers.makeProvider());
  llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> BaseFS(
      new llvm::vfs::OverlayFileSystem(llvm::vfs::getRealFileSystem()));

  RunResult Result;
  llvm::StringSet<> Checked;
  Deduplicator Dedup;
  bool UseColor = llvm::errs().has_colors();
  for (size_t I = 0; I < AbsSources.size(); ++I) {
    const std::string &Abs = AbsSources[I];
    if (!Checked.insert(Abs).second)
      continue; // The same source given twice.

    // Collect first, then print what is new: a later output format or
    // filter works on Result.Findings as a whole. A source failed if its
    // run had any compiler error, even one already shown for another.
    bool Failed = false;
    size_t Before = Result.Findings.size();
    for (Finding &F : checkTranslationUnit(Context, *Compilations.Database,
                                           Abs, BaseFS)) {
      Failed |= F.Kind == FindingKind::CompileError;
      if (Dedup.firstTime(F.Diag))
        Result.Findings.push_back(std::move(F));
    }
    llvm::ArrayRef<Finding> Fresh =
        llvm::ArrayRef(Result.Findings).drop_front(Before);
    for (const Finding &F : Fresh) {
      if (F.Kind == FindingKind::Warning)
        ++Result.Warnings;
      else if (F.Kind == FindingKind::ConfigError)
        ++Result.ConfigErrors;
    }

    printText(Fresh, llvm::errs(), UseColor);
    if (Failed) {
      Result.FailedSources.push_back(Opts.Sources[I]);
      error() << Opts.Sources[I]
              << ": failed to compile; its findings may be incomplete\n";
    }
  }

  if (!Opts.Quiet) {
    const ClangTidyStats &Stats = Context.getStats();
    unsigned Suppressed = Stats.ErrorsIgnoredNonUserCode +
                          Stats.ErrorsIgnoredNOLINT +
                          Stats.ErrorsIgnoredLineFilter;
    if (Suppressed) {
      note() << "suppressed " << plural(Suppressed, "warning", "warnings")
             << " (" << Stats.ErrorsIgnoredNonUserCode << " in non-user code, "
             << Stats.ErrorsIgnoredNOLINT << " NOLINT)";
      if (Stats.ErrorsIgnoredNonUserCode)
        llvm::errs() << "; use --header-filter=.* to see those in headers";
      llvm::errs() << "\n";
    }
    llvm::errs() << "llvmown: checked "
                 << plural(Checked.size(), "file", "files") << ": "
                 << (Result.Warnings
                         ? plural(Result.Warnings, "warning", "warnings")
                         : std::string("no warnings"));
    if (!Result.FailedSources.empty())
      llvm::errs() << "; "
                   << plural(Result.FailedSources.size(), "file", "files")
                   << " failed to compile";
    if (Result.ConfigErrors)
      llvm::errs() << "; "
                   << plural(Result.ConfigErrors, "configuration error",
                             "configuration errors");
    llvm::errs() << "\n";
  }

  if (!Result.FailedSources.empty() || Result.ConfigErrors)
    return ExitError;
  return Result.Warnings ? ExitFindings : ExitClean;
}
