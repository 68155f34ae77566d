//===- llvmown.cpp - the standalone llvmown command-line tool -------------===//
//
// Runs the llvmown-* checks without clang-tidy: the checks' object files are
// linked in, together with clang-tidy's library. The driver below
//  1. picks the translation units (named, every file of the compilation
//     database, or the files a diff changes; then this run's --shard),
//  2. runs them in parallel (Runner.h) and takes the results back in order,
//  3. gives each finding its place and fingerprint, filters it (--diff,
//     --baseline) and prints it as soon as its unit's turn comes,
//  4. then applies fixes, writes the requested files (JSON, SARIF, fixes,
//     baseline) and the summary, and turns it all into the exit status
//     (0 clean, 1 findings, 2 usage or input error; 2 wins over 1).
//
//===----------------------------------------------------------------------===//

#include "Baseline.h"
#include "CheckInfo.h"
#include "CiFormats.h"
#include "Compilations.h"
#include "Configuration.h"
#include "DiffFilter.h"
#include "Discovery.h"
#include "Fixes.h"
#include "HtmlReport.h"
#include "Lsp.h"
#include "Options.h"
#include "Outputs.h"
#include "ProjectSummaries.h"
#include "Report.h"
#include "Runner.h"
#include "SharedHeaders.h"
#include "engine/model/ApiModel.h"

#include "ClangTidy.h"
#include "engine/framework/CompatADT.h"
#include "engine/framework/Solver.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/PrettyStackTrace.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/WithColor.h"
#include <chrono>
#include <cstdlib>
#include <deque>
#include <map>
#include <thread>

namespace clang::tidy {
// Defined in checks/LLVMOwnTidyModule.cpp next to the module's registration;
// referencing it keeps that object in the link whatever the linker does.
extern volatile int LLVMOwnModuleAnchorSource;
} // namespace clang::tidy

static int LLVMOwnModuleAnchorDestination [[maybe_unused]] =
    clang::tidy::LLVMOwnModuleAnchorSource;

using namespace clang::tidy::llvmown::tool;
using clang::tooling::CompilationDatabase;
using llvm::StringRef;

namespace {

enum ExitCode { ExitClean = 0, ExitFindings = 1, ExitError = 2 };

llvm::raw_ostream &error() {
  return llvm::WithColor::error(llvm::errs(), "llvmown");
}
llvm::raw_ostream &warning() {
  return llvm::WithColor::warning(llvm::errs(), "llvmown");
}
llvm::raw_ostream &note() {
  return llvm::WithColor::note(llvm::errs(), "llvmown");
}
llvm::raw_ostream &verbose() { return llvm::errs() << "llvmown: "; }

int usageError(const llvm::Twine &Message) {
  error() << Message << "\n";
  printUsage(llvm::errs());
  llvm::errs() << "Run 'llvmown --help' for all options.\n";
  return ExitError;
}

std::string plural(size_t N, StringRef One, StringRef Many) {
  return std::to_string(N) + " " + (N == 1 ? One : Many).str();
}

bool isHeader(StringRef Path) {
  StringRef Ext = llvm::sys::path::extension(Path);
  return llvm::is_contained(
      std::initializer_list<StringRef>{".h", ".hh", ".hpp", ".hxx", ".inl"},
      Ext);
}

int listChecks(const LayeredOptions &Layers, StringRef FileForOptions,
               bool Verbose) {
  std::vector<std::string> Names = enabledChecks(Layers, FileForOptions);
  if (Names.empty()) {
    error() << "no checks enabled by '" << checksText(Layers, FileForOptions)
            << "'\n";
    return ExitError;
  }
  llvm::outs() << "Enabled checks:\n";
  for (const std::string &Name : Names) {
    llvm::outs() << "    " << Name;
    if (Verbose) {
      if (const CheckInfo *Info = findCheckInfo(Name))
        llvm::outs() << "\n        " << Info->ShortDescription << " ("
                     << Info->DocPath << ")";
      else
        llvm::outs() << "\n        (no description: add one to "
                        "tool/CheckInfo.cpp)";
    }
    llvm::outs() << "\n";
  }
  llvm::outs() << "\n";
  return ExitClean;
}

/// Opens -o (or standard output / error); null with the error printed.
std::unique_ptr<llvm::raw_fd_ostream> openOutput(StringRef Path) {
  std::error_code EC;
  auto OS =
      std::make_unique<llvm::raw_fd_ostream>(Path, EC, llvm::sys::fs::OF_Text);
  if (EC) {
    error() << "cannot write '" << Path << "': " << EC.message() << "\n";
    return nullptr;
  }
  return OS;
}

int runMerge(const ToolOptions &Opts) {
  if (Opts.BuildPath || Opts.CompilerArgs || Opts.diffMode() || Opts.Fix ||
      Opts.Baseline || Opts.WriteBaseline || Opts.ExportFixes ||
      Opts.ShardCount != 1)
    return usageError("--merge takes only -o and the files to merge");
  if (Opts.Format == OutputFormat::Html)
    return usageError("--merge writes JSON, SARIF, baselines, github or "
                      "codeclimate, not html");
  std::unique_ptr<llvm::raw_fd_ostream> Out =
      openOutput(Opts.OutputFile.value_or("-"));
  if (!Out)
    return ExitError;
  std::string Error;
  int Status =
      Opts.Format == OutputFormat::Github ||
              Opts.Format == OutputFormat::CodeClimate
          ? convertOutputs(Opts.Sources, Opts.Format == OutputFormat::Github,
                           *Out, Error)
          : mergeOutputs(Opts.Sources, *Out, Error);
  if (!Error.empty())
    error() << Error << "\n";
  return Status;
}

/// One run of the checks, from choosing the units to the exit status.
class Driver {
public:
  Driver(const ToolOptions &Opts, const LayeredOptions &Layers)
      : Opts(Opts), Layers(Layers) {}
  int run();

private:
  // Step 1: what to check.
  bool validateSources();
  /// Reports each .clang-tidy the units would read that does not parse
  /// (clang-tidy ignores it, with a message of its own): a configuration
  /// error, so the run exits with 2; the units are still checked.
  void checkConfigFiles();
  bool loadDiff();
  bool selectUnits();
  bool selectWithCompilerArgs();
  bool selectWithDatabase(const CompilationDatabase &DB, StringRef DBFile);
  bool selectDiscovered();
  void addUnit(const std::string &Abs, std::string Shown,
               const CompilationDatabase &DB);
  std::vector<std::string> changedSources(std::vector<std::string> Files);
  void applyShard();
  // Step 1b: the project's summaries, for the checks' SummaryFile option.
  bool prepareSummaries(unsigned Threads);
  bool prepareSharedHeaders(BodyParsing Parsing, unsigned Threads);

  // Steps 2 and 3: the run, unit by unit.
  void takeResult(size_t Index, TranslationUnitResult &R);
  void filter(Finding &F);

  // Step 4: after the run.
  bool writeFiles();
  void printSummary(double Seconds);
  int exitStatus() const;

  const std::string &root() {
    if (ProjectRoot.empty())
      ProjectRoot = findProjectRoot(Opts.ProjectRoot);
    return ProjectRoot;
  }
  const std::string &canonical(StringRef Path) {
    auto It = CanonicalPaths.find(Path);
    if (It == CanonicalPaths.end())
      It = CanonicalPaths.try_emplace(Path, canonicalPath(Path)).first;
    return It->second;
  }

  const ToolOptions &Opts;
  // A copy: the summaries phase adds the SummaryFile option.
  LayeredOptions Layers;
  std::string ProjectRoot;
  llvm::StringMap<std::string> CanonicalPaths;

  std::optional<ChangedLines> Diff;
  llvm::StringSet<> Baseline;

  // The databases loaded while choosing the units, by file (each is read
  // once however many sources it serves).
  std::map<std::string, LoadedCompilations> Databases;
  LoadedCompilations Fallback; ///< llvm-config's flags, when needed
  std::vector<TranslationUnitJob> Jobs;
  llvm::StringSet<> Selected;
  /// Every unit of the database, when no sources were named (whatever the
  /// diff and shard select): what the summaries are made of.
  std::vector<TranslationUnitJob> ProjectUnits;
  /// With --pch and sources named: the database's units, whose flag sets
  /// decide the shared headers.
  std::vector<TranslationUnitJob> PCHUniverse;
  /// The folder of the compilation database in use, if any.
  std::string DatabaseDir;

  std::unique_ptr<llvm::raw_fd_ostream> OutputFile;
  llvm::raw_ostream *TextOut = nullptr;
  bool TextColor = false;

  std::deque<Finding> Findings; // stable addresses for the outputs
  std::vector<RunError> Errors;
  llvm::StringSet<> FailedUnits;
  Deduplicator Dedup;
  Fingerprinter Fingerprints;
  SourceCache Sources;
  clang::tidy::ClangTidyStats Stats;
  FixSummary Fixes;
  size_t ConfigErrors = 0;
};

bool Driver::validateSources() {
  bool OK = true;
  for (const std::string &S : Opts.Sources) {
    llvm::sys::fs::file_status Status;
    if (llvm::sys::fs::status(S, Status) || !llvm::sys::fs::exists(Status)) {
      error() << "no such file: " << S;
      // `--diff HEAD~1` makes HEAD~1 a source; the revision needs '='.
      if (Opts.DiffRevision && Opts.DiffRevision->empty())
        llvm::errs() << " (to name a revision, write --diff=" << S << ")";
      llvm::errs() << "\n";
      OK = false;
    } else if (llvm::sys::fs::is_directory(Status)) {
      error() << "not a file but a directory: " << S << "\n";
      OK = false;
    } else if (!llvm::sys::fs::is_regular_file(Status)) {
      // A FIFO or a device: reading it would wait forever.
      error() << "not a regular file: " << S << "\n";
      OK = false;
    }
  }
  return OK;
}

void Driver::checkConfigFiles() {
  if (Layers.Config)
    return; // --config or --config-file: no .clang-tidy is read
  llvm::StringSet<> SeenDirs;
  for (const TranslationUnitJob &Job : Jobs) {
    llvm::SmallString<256> Dir(llvm::sys::path::parent_path(Job.File));
    // The parent is a prefix of Dir: shorten it in place (assigning a
    // SmallString from its own buffer is undefined).
    for (; !Dir.empty(); Dir.resize(llvm::sys::path::parent_path(Dir).size())) {
      if (!SeenDirs.insert(Dir).second)
        break; // this directory and its parents were looked at already
      llvm::SmallString<256> Config(Dir);
      llvm::sys::path::append(Config, ".clang-tidy");
      if (!llvm::sys::fs::is_regular_file(Config))
        continue;
      auto Text = llvm::MemoryBuffer::getFile(Config, /*IsText=*/true);
      std::string Why;
      if (!Text)
        Why = Text.getError().message();
      else if (llvm::ErrorOr<clang::tidy::ClangTidyOptions> Parsed =
                   clang::tidy::parseConfiguration((*Text)->getMemBufferRef());
               !Parsed)
        Why = Parsed.getError().message();
      if (!Why.empty()) {
        error() << "invalid configuration file '" << Config << "' (" << Why
                << "): clang-tidy ignores it, so the files under it are "
                   "checked without it\n";
        ++ConfigErrors;
      }
      break; // the nearest one is the one read
    }
  }
}

bool Driver::loadDiff() {
  if (!Opts.diffMode())
    return true;
  std::string GitDir =
      Opts.Sources.empty()
          ? currentDirectory()
          : llvm::sys::path::parent_path(absolutePath(Opts.Sources.front()))
                .str();
  Diff.emplace();
  std::string Describe, Error;
  if (!loadChangedLines(Opts, GitDir, root(), *Diff, Describe, Error)) {
    error() << Error << "\n";
    return false;
  }
  if (Opts.Verbose)
    verbose() << "reporting findings on the lines added or changed by "
              << Describe << " ("
              << plural(Diff->changedFiles().size(), "file", "files")
              << " with added lines)\n";
  return true;
}

void Driver::addUnit(const std::string &Abs, std::string Shown,
                     const CompilationDatabase &DB) {
  if (!Selected.insert(Abs).second)
    return; // the same source twice
  TranslationUnitJob Job;
  Job.File = Abs;
  Job.Shown = std::move(Shown);
  Job.Commands = DB.getCompileCommands(Abs);
  Jobs.push_back(std::move(Job));
}

/// With a diff and no sources named: of Files (a database's), those with
/// added lines, in the database's order.
std::vector<std::string>
Driver::changedSources(std::vector<std::string> Files) {
  if (!Diff || !Opts.Sources.empty())
    return Files;
  llvm::StringSet<> Changed;
  for (const std::string &F : Diff->changedFiles())
    Changed.insert(F);
  std::vector<std::string> Kept;
  for (std::string &F : Files)
    if (Changed.contains(canonical(F)))
      Kept.push_back(std::move(F));
  return Kept;
}

bool Driver::selectWithCompilerArgs() {
  LoadedCompilations &L = Databases["--"];
  L = loadFromCompilerArgs(*Opts.CompilerArgs);
  if (!L.Database) {
    error() << L.Error << "\n";
    return false;
  }
  std::vector<std::string> Named;
  for (const std::string &S : Opts.Sources)
    Named.push_back(S);
  if (Named.empty() && Diff) {
    // Every changed C or C++ source; headers are checked through them.
    for (const std::string &F : Diff->changedFiles())
      if (isCOrCxxFile(F) && !isHeader(F))
        Named.push_back(F);
  } else if (Named.empty()) {
    error() << "no source files given (with '--', name the sources to "
               "check)\n";
    return false;
  }
  std::string Cwd = currentDirectory();
  for (const std::string &S : Named) {
    std::string Abs = absolutePath(S);
    addUnit(Abs, Opts.Sources.empty() ? relativeToRoot(Abs, Cwd) : S,
            *L.Database);
  }
  return true;
}

/// The units of a database that must hold every named source (-p, or the
/// one found for the current directory when no source is named).
bool Driver::selectWithDatabase(const CompilationDatabase &DB,
                                StringRef DBFile) {
  std::string Cwd = currentDirectory();
  DatabaseDir = llvm::sys::path::parent_path(DBFile).str();
  if (Opts.Sources.empty()) {
    std::vector<std::string> All = databaseFiles(DB);
    if (All.empty())
      warning() << "the compilation database '" << DBFile
                << "' has no entries\n";
    for (const std::string &F : All) {
      TranslationUnitJob Job;
      Job.File = F;
      Job.Shown = relativeToRoot(F, Cwd);
      Job.Commands = DB.getCompileCommands(F);
      // A FIFO or device is refused when its unit is checked; summarising
      // it first would wait forever on the read.
      if (!llvm::sys::fs::exists(F) || llvm::sys::fs::is_regular_file(F))
        ProjectUnits.push_back(std::move(Job));
    }
    for (const std::string &F : changedSources(std::move(All)))
      addUnit(F, relativeToRoot(F, Cwd), DB);
    return true;
  }
  if (Opts.PCH)
    for (const std::string &F : databaseFiles(DB)) {
      TranslationUnitJob Job;
      Job.File = F;
      Job.Commands = DB.getCompileCommands(F);
      PCHUniverse.push_back(std::move(Job));
    }
  bool AllKnown = true;
  for (const std::string &S : Opts.Sources) {
    std::string Abs = absolutePath(S);
    if (DB.getCompileCommands(Abs).empty()) {
      error() << "'" << S << "' is not in the compilation database '" << DBFile
              << "'\n";
      AllKnown = false;
      continue;
    }
    addUnit(Abs, S, DB);
  }
  return AllKnown;
}

bool Driver::selectDiscovered() {
  DatabaseFinder Finder;
  auto Load = [&](const std::string &File) -> LoadedCompilations * {
    LoadedCompilations &L = Databases[File];
    if (!L.Database && L.Error.empty()) {
      L = loadDatabaseFile(File);
      if (L.Database && Opts.Verbose)
        verbose() << "using compilation database " << File << "\n";
    }
    if (!L.Database) {
      error() << L.Error << "\n";
      return nullptr;
    }
    return &L;
  };

  if (Opts.Sources.empty()) {
    std::optional<std::string> Found = Finder.find(currentDirectory());
    if (!Found) {
      error() << "no source files given, and no compile_commands.json found "
                 "in the current directory or above it (directly or in "
                 "build/, out/, _build/, cmake-build-*/); name the sources "
                 "or the build directory with -p\n";
      return false;
    }
    LoadedCompilations *L = Load(*Found);
    return L && selectWithDatabase(*L->Database, L->File);
  }

  // Each source with the database found from its own directory; sources
  // in none get llvm-config's flags.
  std::vector<std::pair<std::string, const CompilationDatabase *>> Order;
  for (const std::string &S : Opts.Sources) {
    std::string Abs = absolutePath(S);
    const CompilationDatabase *DB = nullptr;
    if (std::optional<std::string> Found =
            Finder.find(llvm::sys::path::parent_path(Abs))) {
      LoadedCompilations *L = Load(*Found);
      if (!L)
        return false;
      if (!L->Database->getCompileCommands(Abs).empty())
        DB = L->Database.get();
      else if (Opts.Verbose)
        verbose() << S << " is not in " << *Found
                  << "; compiling it with llvm-config's flags\n";
    } else if (Opts.Verbose) {
      verbose() << "no compile_commands.json found for " << S
                << "; compiling it with llvm-config's flags\n";
    }
    Order.emplace_back(S, DB);
  }
  bool NeedC = false, NeedCxx = false;
  for (const auto &[S, DB] : Order)
    if (!DB)
      (isCSource(S) ? NeedC : NeedCxx) = true;
  if (NeedC || NeedCxx) {
    Fallback = loadFromLLVMConfig(NeedC, NeedCxx);
    for (const std::string &W : Fallback.Warnings)
      warning() << W << "\n";
  }
  for (const auto &[S, DB] : Order)
    addUnit(absolutePath(S), S, DB ? *DB : *Fallback.Database);
  return true;
}

bool Driver::selectUnits() {
  if (Opts.BuildPath && Opts.CompilerArgs) {
    error() << "give either -p <build dir> or '-- <compiler arguments>', "
               "not both\n";
    return false;
  }
  bool OK;
  if (Opts.CompilerArgs) {
    OK = selectWithCompilerArgs();
  } else if (Opts.BuildPath) {
    LoadedCompilations &L = Databases["-p"];
    L = loadFromBuildPath(*Opts.BuildPath);
    if (!L.Database) {
      error() << L.Error << "\n";
      return false;
    }
    if (Opts.Verbose)
      verbose() << "using compilation database " << L.File << "\n";
    OK = selectWithDatabase(*L.Database, L.File);
  } else {
    OK = selectDiscovered();
  }
  if (OK && Opts.Verbose && Diff && Opts.Sources.empty())
    verbose() << plural(Jobs.size(), "changed source", "changed sources")
              << " to check\n";
  return OK;
}

void Driver::applyShard() {
  if (Opts.ShardCount == 1)
    return;
  // Deal the units out in the order of their absolute paths, so that every
  // job of a CI matrix computes the same split from the same database.
  std::vector<size_t> ByPath(Jobs.size());
  for (size_t I = 0; I < Jobs.size(); ++I)
    ByPath[I] = I;
  llvm::sort(ByPath,
             [&](size_t A, size_t B) { return Jobs[A].File < Jobs[B].File; });
  std::vector<bool> Keep(Jobs.size());
  for (size_t K = 0; K < ByPath.size(); ++K)
    Keep[ByPath[K]] = K % Opts.ShardCount == Opts.ShardIndex - 1;
  std::vector<TranslationUnitJob> Kept;
  for (size_t I = 0; I < Jobs.size(); ++I)
    if (Keep[I])
      Kept.push_back(std::move(Jobs[I]));
  if (Opts.Verbose)
    verbose() << "shard " << Opts.ShardIndex << "/" << Opts.ShardCount << ": "
              << Kept.size() << " of " << plural(Jobs.size(), "file", "files")
              << "\n";
  Jobs = std::move(Kept);
}

bool Driver::prepareSharedHeaders(BodyParsing Parsing, unsigned Threads) {
  if (Parsing == BodyParsing::Full) {
    error() << "--pch and --full-parse cannot be combined: the precompiled "
               "headers skip library function bodies\n";
    return false;
  }
  if (DatabaseDir.empty()) {
    warning() << "--pch needs a compilation database (-p): its build folder "
                 "keeps the precompiled headers; parsing each file alone\n";
    return true;
  }
  SharedHeaderStats Stats;
  std::string CacheDir = DatabaseDir + "/.llvmown";
  if (!ProjectUnits.empty() && !Opts.NoSummaries) {
    // The summaries' first phase parses every unit of the database: it
    // uses the headers too, and the checks take theirs from it.
    clang::tidy::llvmown::tool::prepareSharedHeaders(
        Layers, ProjectUnits, ProjectUnits, CacheDir, Threads, Stats);
    llvm::StringMap<std::string> Header;
    for (const TranslationUnitJob &J : ProjectUnits)
      Header[J.File] = J.PCH;
    for (TranslationUnitJob &J : Jobs)
      J.PCH = Header.lookup(J.File);
  } else {
    clang::tidy::llvmown::tool::prepareSharedHeaders(
        Layers, Jobs, ProjectUnits.empty() ? PCHUniverse : ProjectUnits,
        CacheDir, Threads, Stats);
  }
  if (Opts.Verbose)
    verbose() << "shared headers: " << plural(Stats.Units, "file", "files")
              << " of " << Jobs.size() << " use one of "
              << plural(Stats.Groups, "precompiled header",
                        "precompiled headers")
              << " (" << Stats.Built << " built, " << Stats.Reused
              << " reused, " << Stats.Failed << " failed)\n";
  return true;
}

bool Driver::prepareSummaries(unsigned Threads) {
  if (Opts.NoSummaries) {
    // The checks would read it when their option is unset.
    ::unsetenv("LLVMOWN_SUMMARY_FILE");
    return true;
  }
  bool WholeProject = !ProjectUnits.empty();
  if (Opts.SummarizeOnly && !WholeProject) {
    error() << "--summarize-only needs a compilation database (-p, or one "
               "found) and no sources named\n";
    return false;
  }
  std::string Use;
  if (WholeProject &&
      (Opts.ShardCount == 1 || !Opts.Summaries || Opts.SummarizeOnly)) {
    std::string CacheDir = DatabaseDir + "/.llvmown";
    std::string Merged = CacheDir + "/summaries.json";
    ProgressLine Progress(!Opts.Quiet &&
                              llvm::sys::Process::StandardErrIsDisplayed(),
                          ProjectUnits.size());
    SummaryStats Stats;
    std::string Error;
    if (!summarizeProject(Layers, ProjectUnits, CacheDir, Merged, Threads,
                          Progress, Stats, Error)) {
      // A build folder that cannot be written costs the cross-file
      // findings, not the run.
      warning() << Error << "; analysing each file alone\n";
      return !Opts.SummarizeOnly;
    }
    if (Opts.Verbose)
      verbose() << "summaries: "
                << plural(Stats.Functions, "project function",
                          "project functions")
                << " with a claim, from "
                << plural(Stats.Units, "unit", "units") << " ("
                << Stats.FromCache << " cached, " << Stats.Parsed
                << " summarised, "
                << plural(Stats.Rounds, "more round", "more rounds") << ", "
                << Stats.Failed << " failed)\n";
    if (!Stats.Converged)
      warning() << "the summaries did not settle in " << Stats.Rounds
                << " rounds; some cross-file findings may be missing\n";
    if (Opts.Summaries) {
      if (std::error_code EC =
              llvm::sys::fs::copy_file(Merged, *Opts.Summaries)) {
        error() << "cannot write '" << *Opts.Summaries << "': " << EC.message()
                << "\n";
        return false;
      }
    }
    Use = Merged;
  } else if (Opts.Summaries) {
    std::string Error;
    if (!clang::tidy::llvmown::SummarySet::loadFile(*Opts.Summaries, Error)) {
      error() << Error << "\n";
      return false;
    }
    Use = *Opts.Summaries;
  } else if (!DatabaseDir.empty() &&
             llvm::sys::fs::exists(DatabaseDir + "/.llvmown/summaries.json")) {
    Use = DatabaseDir + "/.llvmown/summaries.json";
  }
  if (Use.empty())
    return true;
  if (Opts.Verbose)
    verbose() << "using summaries " << Use << "\n";
  Layers.Overrides.CheckOptions["SummaryFile"] =
      clang::tidy::ClangTidyOptions::ClangTidyValue(absolutePath(Use));
  return true;
}

void Driver::filter(Finding &F) {
  F.Fingerprint = Fingerprints.fingerprint(
      F.checkName(), F.DisplayPath, F.Diag.Message.Message,
      Sources.lineText(F.File, F.Pos.Line));
  if (Diff)
    F.OutsideDiff =
        F.File.empty() || !Diff->contains(canonical(F.File), F.Pos.Line);
  if (Opts.Baseline)
    F.InBaseline = Baseline.contains(F.Fingerprint);
}

void Driver::takeResult(size_t Index, TranslationUnitResult &R) {
  const TranslationUnitJob &Job = Jobs[Index];
  Stats.ErrorsDisplayed += R.Stats.ErrorsDisplayed;
  Stats.ErrorsIgnoredCheckFilter += R.Stats.ErrorsIgnoredCheckFilter;
  Stats.ErrorsIgnoredNOLINT += R.Stats.ErrorsIgnoredNOLINT;
  Stats.ErrorsIgnoredNonUserCode += R.Stats.ErrorsIgnoredNonUserCode;
  Stats.ErrorsIgnoredLineFilter += R.Stats.ErrorsIgnoredLineFilter;

  size_t Before = Findings.size();
  for (Finding &F : R.Findings) {
    if (!Dedup.firstTime(F.Diag))
      continue; // e.g. in a header that an earlier unit included too
    Finding &Kept = Findings.emplace_back(std::move(F));
    resolve(Kept, Sources, root());
    if (Kept.Kind == FindingKind::Warning)
      filter(Kept);
    else if (Kept.Kind == FindingKind::ConfigError)
      ++ConfigErrors;
    if (Kept.Kind == FindingKind::CompileError ||
        Kept.Kind == FindingKind::ConfigError)
      Errors.push_back(
          RunError{Kept.Kind == FindingKind::CompileError ? "compile-error"
                                                          : "config-error",
                   Job.File, Kept.File, Kept.Pos, Kept.Diag.Message.Message});
  }

  // Print this unit's part now, whole: text findings where the report
  // goes; with JSON or SARIF, errors still go to stderr for people to see.
  std::vector<Finding> Shown;
  for (size_t I = Before; I < Findings.size(); ++I) {
    const Finding &F = Findings[I];
    bool IsText = Opts.Format == OutputFormat::Text;
    if (F.reported() && (IsText || F.Kind != FindingKind::Warning))
      Shown.push_back(F);
  }
  if (Opts.Format == OutputFormat::Text) {
    printText(Shown, *TextOut, TextColor);
  } else {
    printText(Shown, llvm::errs(), llvm::errs().has_colors());
  }

  if (R.Failed) {
    FailedUnits.insert(Job.File);
    if (!R.SetupError.empty()) {
      error() << Job.Shown << ": cannot be checked: " << R.SetupError << "\n";
      Errors.push_back(RunError{R.Crashed ? "crash" : "input-error", Job.File,
                                "", Position(), R.SetupError});
    } else {
      error() << Job.Shown
              << ": failed to compile; its findings may be incomplete\n";
    }
  }
}

bool Driver::writeFiles() {
  std::vector<Finding *> Reported;
  for (Finding &F : Findings)
    if (F.Kind == FindingKind::Warning && F.reported())
      Reported.push_back(&F);

  bool OK = true;
  if (Opts.Fix) {
    // As clang-tidy without --fix-errors: no fixes in code that does not
    // compile.
    std::vector<Finding *> Fixable;
    for (Finding *F : Reported)
      if (!FailedUnits.contains(F->TranslationUnit))
        Fixable.push_back(F);
    Fixes = applyFixes(Fixable, Layers);
    for (const std::string &P : Fixes.Problems)
      warning() << P << "\n";
    // The findings were printed before their fixes were tried; say which
    // ones are gone now (JSON and SARIF mark them instead).
    if (Opts.Format == OutputFormat::Text)
      for (const Finding *F : Fixable)
        if (F->Fixed)
          *TextOut << "llvmown: fixed: " << F->File << ":" << F->Pos.Line << ":"
                   << F->Pos.Column << ": " << F->Diag.Message.Message << " ["
                   << F->checkName() << "]\n";
  }

  if (Opts.ExportFixes) {
    if (auto OS = openOutput(*Opts.ExportFixes))
      exportFixes(*OS, Jobs.size() == 1 ? StringRef(Jobs.front().File) : "",
                  Reported);
    else
      OK = false;
  }

  if (Opts.WriteBaseline) {
    std::vector<BaselineEntry> Entries;
    for (const Finding *F : Reported)
      Entries.push_back(baselineEntry(*F));
    if (auto OS = openOutput(*Opts.WriteBaseline)) {
      printBaseline(*OS, std::move(Entries));
      if (Opts.Verbose)
        verbose() << "wrote " << plural(Reported.size(), "finding", "findings")
                  << " to the baseline " << *Opts.WriteBaseline << "\n";
    } else {
      OK = false;
    }
  }

  if (Opts.Format != OutputFormat::Text) {
    ReportData Data;
    Data.ProjectRoot = root();
    Data.Findings.assign(Reported.begin(), Reported.end());
    Data.Errors = Errors;
    for (const TranslationUnitJob &J : Jobs)
      Data.Files.push_back(J.File);
    Data.Checks = enabledChecks(
        Layers, Jobs.empty() ? currentDirectory() + "/dummy" : Jobs[0].File);
    llvm::raw_ostream &OS = OutputFile ? *OutputFile : llvm::outs();
    if (Opts.Format == OutputFormat::Json)
      writeJson(OS, Data);
    else if (Opts.Format == OutputFormat::Sarif)
      writeSarif(OS, Data);
    else if (Opts.Format == OutputFormat::Github)
      writeGithub(OS, ciItems(Data));
    else if (Opts.Format == OutputFormat::CodeClimate)
      writeCodeClimate(OS, ciItems(Data));
    else if (std::string Error;
             !writeHtmlReport(*Opts.OutputFile, Data, Sources, Error)) {
      error() << Error << "\n";
      OK = false;
    }
    OS.flush();
  }
  return OK;
}

void Driver::printSummary(double Seconds) {
  if (Opts.Quiet)
    return;
  unsigned Suppressed = Stats.ErrorsIgnoredNonUserCode +
                        Stats.ErrorsIgnoredNOLINT +
                        Stats.ErrorsIgnoredLineFilter;
  if (Suppressed) {
    note() << "suppressed " << plural(Suppressed, "warning", "warnings") << " ("
           << Stats.ErrorsIgnoredNonUserCode << " in non-user code, "
           << Stats.ErrorsIgnoredNOLINT << " NOLINT)";
    if (Stats.ErrorsIgnoredNonUserCode)
      llvm::errs() << "; use --header-filter=.* to see those in headers";
    llvm::errs() << "\n";
  }

  std::map<std::string, size_t> PerCheck;
  size_t Reported = 0, InBaseline = 0, OutsideDiff = 0;
  for (const Finding &F : Findings) {
    if (F.Kind != FindingKind::Warning)
      continue;
    if (F.reported()) {
      ++Reported;
      ++PerCheck[F.checkName().str()];
    } else if (F.OutsideDiff) {
      ++OutsideDiff;
    } else {
      ++InBaseline;
    }
  }
  std::vector<std::pair<std::string, size_t>> Counts(PerCheck.begin(),
                                                     PerCheck.end());
  llvm::stable_sort(
      Counts, [](const auto &A, const auto &B) { return A.second > B.second; });

  llvm::raw_ostream &OS = llvm::errs();
  OS << "llvmown: " << plural(Jobs.size(), "file", "files") << ", "
     << plural(Reported, "finding", "findings");
  if (!Counts.empty()) {
    OS << " (";
    for (size_t I = 0; I < Counts.size(); ++I)
      OS << (I ? ", " : "") << Counts[I].first << ": " << Counts[I].second;
    OS << ")";
  }
  if (Opts.Fix)
    OS << ", " << Fixes.FindingsFixed << " fixed";
  if (Diff)
    OS << ", " << OutsideDiff << " not on changed lines";
  if (Opts.Baseline)
    OS << ", " << InBaseline << " in the baseline";
  if (!FailedUnits.empty())
    OS << ", " << plural(FailedUnits.size(), "file", "files") << " with errors";
  if (ConfigErrors)
    OS << ", "
       << plural(ConfigErrors, "configuration error", "configuration errors");
  OS << ", " << llvm::format("%.1f", Seconds) << " s\n";
}

int Driver::exitStatus() const {
  if (!FailedUnits.empty() || ConfigErrors)
    return ExitError;
  if (Opts.WriteBaseline)
    return ExitClean; // every finding is in the baseline now
  for (const Finding &F : Findings)
    if (F.Kind == FindingKind::Warning && F.reported() && !F.Fixed)
      return ExitFindings;
  return ExitClean;
}

int Driver::run() {
  auto Start = std::chrono::steady_clock::now();
  if (!validateSources() || !loadDiff() || !selectUnits())
    return ExitError;
  applyShard();
  checkConfigFiles();
  unsigned Threads =
      Opts.Jobs ? Opts.Jobs : std::thread::hardware_concurrency();
  if (Threads == 0)
    Threads = 1;

  {
    std::string File =
        Jobs.empty() ? currentDirectory() + "/dummy" : Jobs.front().File;
    if (enabledChecks(Layers, File).empty()) {
      std::unique_ptr<clang::tidy::ClangTidyOptionsProvider> Provider =
          Layers.makeProvider();
      error() << "no checks enabled by '" << checksText(Layers, File) << "'";
      // A project's .clang-tidy listing only other checks is the usual
      // cause; say which file and what to do.
      for (const auto &[Options, Source] : Provider->getRawOptions(File))
        if (Options.Checks && clang::tidy::llvmown::compat::endsWith(
                                  StringRef(Source), ".clang-tidy"))
          llvm::errs() << " (Checks of " << Source
                       << ": add llvmown-* there, or pass --checks=llvmown-* "
                          "or --config='{}')";
      llvm::errs() << "; see 'llvmown --list-checks'\n";
      return ExitError;
    }
  }

  if (Opts.Baseline) {
    std::string Error;
    if (!readBaseline(*Opts.Baseline, Baseline, Error)) {
      error() << Error << "\n";
      return ExitError;
    }
  }
  if (Opts.Verbose && (Opts.Baseline || Opts.WriteBaseline || Opts.diffMode() ||
                       Opts.Format != OutputFormat::Text))
    verbose() << "project root: " << root() << "\n";

  if (Opts.Format == OutputFormat::Html && !Opts.OutputFile)
    return usageError("--format=html needs -o <folder> for the report");
  // Open -o before the run: a typo should not cost a long run. (The HTML
  // report's folder is made at the end.)
  if (Opts.OutputFile && Opts.Format != OutputFormat::Html) {
    OutputFile = openOutput(*Opts.OutputFile);
    if (!OutputFile)
      return ExitError;
  }
  TextOut = OutputFile ? static_cast<llvm::raw_ostream *>(OutputFile.get())
                       : &llvm::errs();
  TextColor = !OutputFile && llvm::errs().has_colors();

  BodyParsing Parsing = Opts.CompareParse ? BodyParsing::Compare
                        : Opts.FullParse  ? BodyParsing::Full
                                          : BodyParsing::SkipLibrary;
  for (TranslationUnitJob &J : Jobs)
    J.Parsing = Parsing;
  for (TranslationUnitJob &J : ProjectUnits)
    J.Parsing = Parsing;
  if (Opts.PCH && !prepareSharedHeaders(Parsing, Threads))
    return ExitError;

  if (!prepareSummaries(Threads))
    return ExitError;
  if (Opts.SummarizeOnly)
    return ExitClean;
  ProgressLine Progress(
      !Opts.Quiet && llvm::sys::Process::StandardErrIsDisplayed(), Jobs.size());
  runAll(Layers, Jobs, Threads, Progress,
         [&](size_t I, TranslationUnitResult &R) { takeResult(I, R); });

  bool Written = writeFiles();
  std::chrono::duration<double> Elapsed =
      std::chrono::steady_clock::now() - Start;
  printSummary(Elapsed.count());
  return Written ? exitStatus() : ExitError;
}

} // namespace

int main(int Argc, const char **Argv) {
  llvm::InitLLVM X(Argc, Argv);
  // Over LLVM's "submit a bug report to llvm-project": a crash here is
  // llvmown's to fix, whichever library it happened in.
  llvm::setBugReportMsg("PLEASE report this crash to llvmown's maintainers, "
                        "with the file being checked, its compile command and "
                        "this stack dump.\n");

  // `llvmown lsp [options]`: the language server (Lsp.h); the options are
  // the tool's (--checks, --config, -p, ...).
  bool Lsp = Argc >= 2 && StringRef(Argv[1]) == "lsp";
  std::vector<const char *> Args(Argv, Argv + Argc);
  if (Lsp)
    Args.erase(Args.begin() + 1);

  ToolOptions Opts;
  std::string UsageProblem;
  if (!parseCommandLine(int(Args.size()), Args.data(), Opts, UsageProblem))
    return usageError(UsageProblem);
  if (Opts.LLVMConfig)
    setLLVMConfig(*Opts.LLVMConfig);
  using clang::tidy::llvmown::VisitOrder;
  clang::tidy::llvmown::setSolverVisitOrder(
      Opts.VisitOrder == "post-order" ? VisitOrder::PostOrder
      : Opts.VisitOrder == "shuffle"  ? VisitOrder::Shuffled
                                      : VisitOrder::ReversePostOrder,
      Opts.VisitOrderSeed);
  clang::tidy::llvmown::solverVisitCapOverride() = Opts.VisitCap;
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
    return ExitClean;
  }
  if (Opts.Merge)
    return runMerge(Opts);

  LayeredOptions Layers;
  if (!buildOptions(Opts, Layers))
    return ExitError;

  if (Lsp) {
    if (!Opts.Sources.empty() || Opts.Format != OutputFormat::Text ||
        Opts.OutputFile)
      return usageError("'llvmown lsp' takes no sources, --format or -o: the "
                        "editor names the files, and the protocol is on "
                        "standard output");
    int Status = runLanguageServer(Opts, std::move(Layers));
    // As below: after a recovered crash, no global tear-down.
    if (crashWasRecovered()) {
      llvm::errs().flush();
      std::_Exit(Status);
    }
    return Status;
  }

  if (Opts.ListChecks) {
    // Options may differ per file (.clang-tidy files); list those of the
    // first source, as clang-tidy does.
    std::string File = Opts.Sources.empty()
                           ? currentDirectory() + "/dummy"
                           : absolutePath(Opts.Sources.front());
    return listChecks(Layers, File, Opts.Verbose);
  }

  int Status;
  {
    Driver D(Opts, Layers); // its report streams are flushed as it goes
    Status = D.run();
  }
  // A recovered crash leaves what it was doing half done: objects on the
  // crashed stack are still registered with LLVM's globals (timers, for
  // one), and tearing those down would crash again. Leave without it.
  if (crashWasRecovered()) {
    llvm::outs().flush();
    llvm::errs().flush();
    std::_Exit(Status);
  }
  return Status;
}
