//===- Options.cpp - command line of the llvmown tool ---------------------===//

#include "Options.h"
#include "Compilations.h"

#include "engine/framework/CompatADT.h"
#include "clang/Basic/Version.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#ifndef LLVMOWN_VERSION
#define LLVMOWN_VERSION "unknown"
#endif
#ifndef LLVMOWN_LLVM_CONFIG
#define LLVMOWN_LLVM_CONFIG "llvm-config"
#endif

using llvm::StringRef;

namespace clang::tidy::llvmown::tool {

namespace {

enum class Kind {
  Flag,         ///< takes no value
  Value,        ///< takes a value, after '=' or as the next argument
  OptionalValue ///< a value only after '=' (`--diff`, `--diff=REV`)
};

struct OptionSpec {
  StringRef Name;
  Kind K;
};

// Every option the tool knows. Each may be spelled with one dash or two.
// test/tool/options-documented.test reads this table: an option added here
// must also appear in --help and in docs/tool.md.
const OptionSpec Specs[] = {
    {"p", Kind::Value},
    {"checks", Kind::Value},
    {"config", Kind::Value},
    {"config-file", Kind::Value},
    {"header-filter", Kind::Value},
    {"llvm-config", Kind::Value},
    {"extra-arg", Kind::Value},
    {"extra-arg-before", Kind::Value},
    {"j", Kind::Value},
    {"jobs", Kind::Value},
    {"format", Kind::Value},
    {"o", Kind::Value},
    {"output", Kind::Value},
    {"export-fixes", Kind::Value},
    {"fix", Kind::Flag},
    {"diff", Kind::OptionalValue},
    {"diff-file", Kind::Value},
    {"baseline", Kind::Value},
    {"write-baseline", Kind::Value},
    {"project-root", Kind::Value},
    {"shard", Kind::Value},
    {"debug-visit-order", Kind::Value},
    {"debug-visit-cap", Kind::Value},
    {"merge", Kind::Flag},
    {"summaries", Kind::Value},
    {"no-summaries", Kind::Flag},
    {"summarize-only", Kind::Flag},
    {"full-parse", Kind::Flag},
    {"compare-parse", Kind::Flag},
    {"pch", Kind::Flag},
    {"list-checks", Kind::Flag},
    {"dump-c-api-table", Kind::Flag},
    {"quiet", Kind::Flag},
    {"verbose", Kind::Flag},
    {"v", Kind::Flag},
    {"version", Kind::Flag},
    {"help", Kind::Flag},
    {"h", Kind::Flag},
};

const OptionSpec *findSpec(StringRef Name) {
  for (const OptionSpec &S : Specs)
    if (S.Name == Name)
      return &S;
  return nullptr;
}

bool parseUnsigned(StringRef Text, unsigned &Out) {
  return !Text.empty() && !Text.getAsInteger(10, Out);
}

/// Stores a value option; returns false with Error set if the value is bad.
bool setValue(ToolOptions &Opts, StringRef Name, const std::string &Dashed,
              const std::string &Value, std::string &Error) {
  auto NeedsNonEmpty = [&](StringRef What) {
    if (!Value.empty())
      return true;
    Error = "option '" + Dashed + "' needs " + What.str();
    return false;
  };

  if (Name == "p") {
    if (!NeedsNonEmpty("a build directory"))
      return false;
    Opts.BuildPath = Value;
  } else if (Name == "checks") {
    Opts.Checks = Value;
  } else if (Name == "config") {
    Opts.Config = Value;
  } else if (Name == "config-file") {
    if (!NeedsNonEmpty("a file"))
      return false;
    Opts.ConfigFile = Value;
  } else if (Name == "llvm-config") {
    if (!NeedsNonEmpty("an llvm-config (a path, a name or a version number)"))
      return false;
    Opts.LLVMConfig = Value;
  } else if (Name == "header-filter") {
    Opts.HeaderFilter = Value;
  } else if (Name == "extra-arg") {
    Opts.ExtraArgs.push_back(Value);
  } else if (Name == "extra-arg-before") {
    Opts.ExtraArgsBefore.push_back(Value);
  } else if (Name == "j" || Name == "jobs") {
    if (!parseUnsigned(Value, Opts.Jobs)) {
      Error =
          "option '" + Dashed + "' needs a number of jobs, not '" + Value + "'";
      return false;
    }
  } else if (Name == "format") {
    if (Value == "text")
      Opts.Format = OutputFormat::Text;
    else if (Value == "json")
      Opts.Format = OutputFormat::Json;
    else if (Value == "sarif")
      Opts.Format = OutputFormat::Sarif;
    else if (Value == "github")
      Opts.Format = OutputFormat::Github;
    else if (Value == "codeclimate")
      Opts.Format = OutputFormat::CodeClimate;
    else if (Value == "html")
      Opts.Format = OutputFormat::Html;
    else {
      Error = "unknown output format '" + Value +
              "' (choose text, json, sarif, github, codeclimate or html)";
      return false;
    }
  } else if (Name == "o" || Name == "output") {
    if (!NeedsNonEmpty("a file"))
      return false;
    Opts.OutputFile = Value;
  } else if (Name == "export-fixes") {
    if (!NeedsNonEmpty("a file"))
      return false;
    Opts.ExportFixes = Value;
  } else if (Name == "diff") {
    // `--diff=` would silently mean the staged changes; say so instead.
    if (Value.empty() || compat::startsWith(StringRef(Value), "-")) {
      Error = "option '" + Dashed +
              "=' needs a revision (write '--diff' "
              "alone for the staged changes)";
      return false;
    }
    Opts.DiffRevision = Value;
  } else if (Name == "diff-file") {
    if (!NeedsNonEmpty("a file (or '-' for standard input)"))
      return false;
    Opts.DiffFile = Value;
  } else if (Name == "baseline") {
    if (!NeedsNonEmpty("a file"))
      return false;
    Opts.Baseline = Value;
  } else if (Name == "write-baseline") {
    if (!NeedsNonEmpty("a file"))
      return false;
    Opts.WriteBaseline = Value;
  } else if (Name == "project-root") {
    if (!NeedsNonEmpty("a directory"))
      return false;
    Opts.ProjectRoot = Value;
  } else if (Name == "summaries") {
    if (!NeedsNonEmpty("a file"))
      return false;
    Opts.Summaries = Value;
  } else if (Name == "shard") {
    auto [I, N] = StringRef(Value).split('/');
    unsigned Index = 0, Count = 0;
    if (!parseUnsigned(I, Index) || !parseUnsigned(N, Count) || Count == 0 ||
        Index == 0 || Index > Count) {
      Error = "invalid --shard '" + Value +
              "': write I/N with 1 <= I <= N (e.g. --shard=2/4)";
      return false;
    }
    Opts.ShardIndex = Index;
    Opts.ShardCount = Count;
  } else if (Name == "debug-visit-order") {
    // rpo (the solver's own), post-order, or shuffle:SEED.
    auto [Order, Seed] = StringRef(Value).split(':');
    Opts.VisitOrderSeed = 0;
    if ((Order == "rpo" || Order == "post-order") && Seed.empty())
      Opts.VisitOrder = Order.str();
    else if (Order == "shuffle" && parseUnsigned(Seed, Opts.VisitOrderSeed))
      Opts.VisitOrder = Order.str();
    else {
      Error = "invalid --debug-visit-order '" + Value +
              "': write rpo, post-order or shuffle:SEED";
      return false;
    }
  } else if (Name == "debug-visit-cap") {
    if (!parseUnsigned(Value, Opts.VisitCap) || Opts.VisitCap == 0) {
      Error = "option '" + Dashed +
              "' needs a number of visits above 0, not '" + Value + "'";
      return false;
    }
  }
  return true;
}

} // namespace

const char *toolVersion() { return LLVMOWN_VERSION; }

bool parseCommandLine(int Argc, const char *const *Argv, ToolOptions &Opts,
                      std::string &Error) {
  // Everything after the first `--` is the compile command for every source.
  int End = Argc;
  for (int I = 1; I < Argc; ++I) {
    if (StringRef(Argv[I]) == "--") {
      End = I;
      Opts.CompilerArgs.emplace(Argv + I + 1, Argv + Argc);
      break;
    }
  }

  for (int I = 1; I < End; ++I) {
    StringRef Arg = Argv[I];
    if (Arg.empty()) {
      Error = "empty argument where a source file or option was expected";
      return false;
    }
    if (Arg == "-") {
      Error = "reading a source from standard input is not supported";
      return false;
    }
    if (!compat::startsWith(Arg, "-")) {
      Opts.Sources.push_back(Arg.str());
      continue;
    }

    StringRef Body = Arg.drop_front(compat::startsWith(Arg, "--") ? 2 : 1);
    auto [Name, InlineValue] = Body.split('=');
    bool HasInlineValue = Body.contains('=');
    // -j4, as make and ninja spell it.
    if (!HasInlineValue && Name.size() > 1 && compat::startsWith(Name, "j") &&
        llvm::all_of(Name.drop_front(), llvm::isDigit)) {
      InlineValue = Name.drop_front();
      Name = "j";
      HasInlineValue = true;
    }
    const OptionSpec *Spec = findSpec(Name);
    if (!Spec) {
      Error = "unknown option '" + Arg.str() + "'";
      return false;
    }

    std::string Dashed =
        (compat::startsWith(Arg, "--") ? "--" : "-") + Name.str();
    if (Spec->K == Kind::Flag) {
      if (HasInlineValue) {
        Error = "option '" + Dashed + "' takes no value";
        return false;
      }
      if (Name == "list-checks")
        Opts.ListChecks = true;
      else if (Name == "dump-c-api-table")
        Opts.DumpCApiTable = true;
      else if (Name == "quiet")
        Opts.Quiet = true;
      else if (Name == "verbose" || Name == "v")
        Opts.Verbose = true;
      else if (Name == "fix")
        Opts.Fix = true;
      else if (Name == "merge")
        Opts.Merge = true;
      else if (Name == "no-summaries")
        Opts.NoSummaries = true;
      else if (Name == "summarize-only")
        Opts.SummarizeOnly = true;
      else if (Name == "full-parse")
        Opts.FullParse = true;
      else if (Name == "compare-parse")
        Opts.CompareParse = true;
      else if (Name == "pch")
        Opts.PCH = true;
      else if (Name == "version")
        Opts.ShowVersion = true;
      else
        Opts.ShowHelp = true;
      continue;
    }

    if (Spec->K == Kind::OptionalValue && !HasInlineValue) {
      Opts.DiffRevision = ""; // --diff: the staged changes
      continue;
    }

    std::string Value;
    if (HasInlineValue) {
      Value = InlineValue.str();
    } else {
      if (I + 1 >= End) {
        Error = "option '" + Dashed + "' needs a value";
        return false;
      }
      Value = Argv[++I];
    }
    if (!setValue(Opts, Name, Dashed, Value, Error))
      return false;
  }

  if (Opts.DiffRevision && Opts.DiffFile) {
    Error = "give either --diff or --diff-file, not both";
    return false;
  }
  if (Opts.Config && Opts.ConfigFile) {
    Error = "give either --config or --config-file, not both";
    return false;
  }
  return true;
}

void printUsage(llvm::raw_ostream &OS) {
  OS << "usage: llvmown [options] [<source>...] [-- <compiler arguments>]\n"
        "       llvmown [options] -p <build dir> [<source>...]\n"
        "       llvmown --merge [-o <file>] <output>...\n"
        "       llvmown lsp [options]   (a language server on stdin/stdout)\n"
        "       llvmown --list-checks | --version | --help\n";
}

void printHelp(llvm::raw_ostream &OS) {
  OS << "OVERVIEW: llvmown - find misuse of LLVM object ownership\n"
        "\n"
        "Runs the llvmown-* checks (the same checks the clang-tidy plugin\n"
        "llvmown-tidy.so provides) on each source file. Findings are printed\n"
        "to standard error in the format of clang's diagnostics, or written\n"
        "as JSON or SARIF. With no sources named, every file of the\n"
        "compilation database is checked.\n"
        "\n";
  printUsage(OS);
  OS << R"(
COMPILE COMMANDS:
  -p <build dir>      Read <build dir>/compile_commands.json (or the JSON file
                      itself, if given); every source must be in it. Cannot
                      be combined with '--'.
  -- <args>           Everything after '--' is the compiler command line used
                      for every source (as in clang-tidy).
  (neither)           Look for compile_commands.json in each source's
                      directory and its parents (with no sources: the current
                      directory and its parents), directly or in a build/,
                      out/, _build/ or cmake-build-* subdirectory. Sources that
                      are not in the database found, or when none is found,
                      are compiled with the flags `llvm-config --cxxflags`
                      prints (`--cflags` for .c files), using the newest
                      LLVM's installed (/usr/lib/llvm-N/bin/llvm-config,
                      N from 22 down to 14; else
                      )" LLVMOWN_LLVM_CONFIG R"(),
                      unless --llvm-config or the environment variable
                      LLVMOWN_LLVM_CONFIG names another.
                      LLVMOWN_CEILING_DIRECTORIES (a
                      colon-separated list) stops the search above those
                      directories.
  --llvm-config=<x>   The llvm-config for those flags: a path, a program
                      name, or a version number N (LLVM N's, e.g.
                      --llvm-config=16 for code written for LLVM 16).
  Every compile command gets -resource-dir=<Clang's resource directory>
  unless it already has a -resource-dir.

CHECKS AND CONFIGURATION:
  --checks=<globs>    Comma-separated globs of checks to enable ('name' or
                      'prefix-*') or disable ('-name'), appended to the
                      default ')"
     << DefaultChecks << R"(' and to the Checks of the
                      configuration, as with clang-tidy's --checks.
  --config=<text>     Configuration in YAML or JSON, the syntax of .clang-tidy
                      files, e.g.
                        --config="{CheckOptions: {
                          llvmown-target-machine-leak.ReleaseFunctions: 'myFree'}}"
                      Without --config and --config-file, .clang-tidy files
                      are read as clang-tidy reads them (--config='{}' ignores
                      them). Checks, CheckOptions, HeaderFilterRegex,
                      ExtraArgs, ExtraArgsBefore, WarningsAsErrors and
                      FormatStyle are honoured.
  --config-file=<file>
                      Read that configuration from a file.
  --header-filter=<regex>
                      Also analyse the functions of the project headers
                      whose path matches <regex>, and report findings in
                      them (default: only the sources themselves).
  --extra-arg=<arg>   Append <arg> to every compile command (repeatable).
  --extra-arg-before=<arg>
                      Insert <arg> before the other compiler arguments
                      (repeatable).
  --list-checks       List the checks that would run, then exit.
  --dump-c-api-table  Print the LLVM C API handles llvmown-c-api-dispose
                      knows (Markdown), then exit.

WHAT TO CHECK AND REPORT:
  -j <n>, --jobs=<n>  Check <n> translation units at a time (default, and
                      with 0: one per hardware thread). Output stays in the
                      order of the sources whatever <n> is.
  --shard=<i>/<n>     Check only shard <i> of <n> (1 <= i <= n): the sources,
                      sorted by absolute path, are dealt out in turn, so <n>
                      jobs with i = 1..n check every source exactly once.
  --diff              Report only findings on lines the staged changes
                      (`git diff --cached`) add or change.
  --diff=<rev>        The same for the changes between <rev> and the working
                      tree (`git diff <rev>`); note the '='.
  --diff-file=<patch> The same for a unified diff read from <patch> ('-' for
                      standard input); its paths are relative to the project
                      root.
                      With a diff and no sources named, the sources are the
                      changed files that are in the compilation database.
  --baseline=<file>   Report only findings that are not in <file> (written
                      by --write-baseline).
  --write-baseline=<file>
                      Record the findings in <file>, by fingerprints that do
                      not depend on line numbers. Exits 0 unless there are
                      errors.
  --project-root=<dir>
                      The directory paths in fingerprints, baselines, SARIF
                      and diffs are relative to (default: the top of the git
                      work tree of the current directory, else the current
                      directory).

PROJECT SUMMARIES (functions defined in other files):
                      With -p and no sources named, every unit of the
                      database is first summarised: which of the project's
                      functions return a new TargetMachine or C API object
                      (factories), lend one they keep, or release what they
                      are passed. Calls to them are then judged in every
                      file. Summaries are cached in <build>/.llvmown/, so a
                      re-run only summarises what changed; the merged file is
                      <build>/.llvmown/summaries.json. Runs that name
                      sources use that file when it exists.
  --summaries=<file>  Also write the merged summaries to <file>; in a
                      --shard run, or one that names sources, read them
                      from <file> instead (e.g. made by an earlier CI job).
  --summarize-only    Summarise (and write <file>), check nothing.
  --no-summaries      Analyse each file alone.

PARSING:
  The bodies of functions in system headers and in LLVM's, Clang's and
  MLIR's headers are skipped: no check reads them, and they are most of a
  parse. The main file's and the project headers' bodies are parsed.
  --full-parse        Parse every function body, as the compiler does (e.g.
                      to see compiler errors inside library templates).
  --pch               Parse the LLVM and C++ headers that files compiled with
                      the same flags include first once, as a precompiled
                      header under <build>/.llvmown/pch/, and reuse it (needs
                      a compilation database). Faster on a project; each file
                      then also sees the headers the others include first.
  --compare-parse     Check each file both ways (full, and skipped with
                      --pch if given) and report a file whose findings
                      differ as an error (exit 2); for testing.

DEBUGGING THE ANALYSIS (for tests; findings must not change):
  --debug-visit-order=<order>
                      The order in which the solver visits blocks: rpo
                      (its own, reverse post-order), post-order, or
                      shuffle:<seed>. Turns the ReportIncomplete option on.
  --debug-visit-cap=<n>
                      Visit every block at most <n> times, in place of the
                      cap that grows with the function, to put a function
                      over its budget. Turns the ReportIncomplete option
                      on.

OUTPUT:
  --format=<fmt>      text (default; diagnostics in clang's format, on
                      standard error unless -o), json, sarif (SARIF 2.1.0),
                      github (GitHub Actions workflow commands: annotations),
                      codeclimate (GitLab's Code Quality report; all these
                      on standard output unless -o) or html (a report for
                      people: -o names its folder).
  -o <file>, --output=<file>
                      Write the report to <file>.
  --export-fixes=<file>
                      Write the fixes of the reported findings as YAML that
                      clang-apply-replacements reads.
  --fix               Apply the fixes of the reported findings to the files.
                      Fixed findings are reported as fixed and do not count
                      for the exit status.
  --merge             Merge the JSON or SARIF outputs (or baselines) named as
                      arguments, e.g. of --shard runs, into one; with -o.
                      With --format=github or codeclimate, JSON or SARIF
                      outputs are written in that format instead.
  --quiet             No summary and no progress line.
  -v, --verbose       Say which compilation database, project root and diff
                      are used.
  --version           Print the version of llvmown, of the LLVM it uses, and
                      the clang-tidy plugins beside it.
  --help, -h          Print this help.
  Options may be written with one dash or two, and a value may follow after
  '=' or as the next argument.

A progress line is shown on standard error when it is a terminal, and a
summary (files, findings per check, time) at the end, unless --quiet.

EXIT STATUS:
  0  no findings (with --baseline: no new ones; after --write-baseline)
  1  at least one finding
  2  usage or input error: an unknown option, a missing source file, an
     unreadable or invalid compile_commands.json, a source not in the one
     given with -p, an invalid --config or baseline, git failing for --diff,
     or a translation unit that failed to compile (reported; the others are
     still checked). 2 wins over 1.
)";
}

void printVersion(llvm::raw_ostream &OS) {
  OS << "llvmown version " LLVMOWN_VERSION "\n"
     << "  built with LLVM " LLVM_VERSION_STRING " ("
     << clang::getClangFullVersion() << ")\n"
     << "  Clang's builtin headers: " << clangResourceDir() << "\n";
  // The clang-tidy plugins beside the tool, where llvmown-clang-tidy looks:
  // ../lib/llvmown installed, ../lib in a build tree.
  std::string Exe = llvm::sys::fs::getMainExecutable(nullptr, nullptr);
  llvm::SmallString<256> Lib(llvm::sys::path::parent_path(Exe));
  llvm::sys::path::append(Lib, "..", "lib");
  llvm::sys::path::remove_dots(Lib, /*remove_dot_dot=*/true);
  llvm::SmallString<256> Installed(Lib);
  llvm::sys::path::append(Installed, "llvmown");
  StringRef Dir = llvm::sys::fs::is_directory(Installed) ? Installed : Lib;
  std::vector<std::pair<unsigned, std::string>> Plugins;
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC)) {
    StringRef Name = llvm::sys::path::filename(It->path());
    unsigned Major = 0;
    if (Name.consume_front("llvmown-tidy-") && Name.consume_back(".so") &&
        !Name.getAsInteger(10, Major))
      Plugins.emplace_back(Major, It->path());
  }
  llvm::sort(Plugins, [](const auto &A, const auto &B) { return A > B; });
  if (Plugins.empty())
    OS << "  clang-tidy plugins: none in " << Dir << "\n";
  for (const auto &[Major, Path] : Plugins)
    OS << "  clang-tidy plugin for clang-tidy " << Major << ": " << Path
       << "\n";
}

} // namespace clang::tidy::llvmown::tool
