//===- Options.h - command line of the llvmown tool -----------------------===//
//
// The tool's command line is parsed by hand rather than with llvm::cl: the
// tool needs its own exit codes (2 for any usage error), a help text that
// lists only its own options, and clang-tidy's `-- <compiler args>` split.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_TOOL_OPTIONS_H
#define LLVMOWN_TOOL_OPTIONS_H

#include "llvm/Support/raw_ostream.h"
#include <optional>
#include <string>
#include <vector>

namespace clang::tidy::llvmown::tool {

/// The check glob list used when neither --checks nor --config says
/// otherwise; --config and --checks are appended to it, as in clang-tidy.
inline constexpr const char *DefaultChecks = "-*,llvmown-*";

enum class OutputFormat { Text, Json, Sarif, Github, CodeClimate, Html };

struct ToolOptions {
  /// Source files, as given (or, with --merge, the files to merge).
  std::vector<std::string> Sources;

  /// -p: a build directory holding compile_commands.json (or that file).
  std::optional<std::string> BuildPath;

  /// --llvm-config: the llvm-config (a path, a program name, or a version
  /// number N for LLVM N's) whose flags compile sources no database covers.
  std::optional<std::string> LLVMConfig;

  /// Everything after `--`, when `--` was given (possibly empty).
  std::optional<std::vector<std::string>> CompilerArgs;

  std::optional<std::string> Checks;        ///< --checks
  std::optional<std::string> Config;        ///< --config
  std::optional<std::string> ConfigFile;    ///< --config-file
  std::optional<std::string> HeaderFilter;  ///< --header-filter
  std::vector<std::string> ExtraArgs;       ///< --extra-arg
  std::vector<std::string> ExtraArgsBefore; ///< --extra-arg-before

  /// -j: worker threads; 0 means one per hardware thread.
  unsigned Jobs = 0;
  OutputFormat Format = OutputFormat::Text;
  std::optional<std::string> OutputFile;  ///< -o
  std::optional<std::string> ExportFixes; ///< --export-fixes
  bool Fix = false;                       ///< --fix

  /// --diff (staged changes: an empty string) or --diff=REV.
  std::optional<std::string> DiffRevision;
  std::optional<std::string> DiffFile; ///< --diff-file (`-` is stdin)

  std::optional<std::string> Baseline;      ///< --baseline
  std::optional<std::string> WriteBaseline; ///< --write-baseline
  std::optional<std::string> ProjectRoot;   ///< --project-root

  /// --shard I/N: this run checks shard ShardIndex (1-based) of ShardCount.
  unsigned ShardIndex = 1;
  unsigned ShardCount = 1;

  bool Merge = false; ///< --merge: Sources are outputs to merge
  std::optional<std::string> Summaries; ///< --summaries
  bool NoSummaries = false;             ///< --no-summaries
  bool SummarizeOnly = false;           ///< --summarize-only
  bool FullParse = false;               ///< --full-parse
  bool CompareParse = false;            ///< --compare-parse
  bool PCH = false;                     ///< --pch
  /// --debug-visit-order: the solver's block order (results must not
  /// depend on it; tests compare them).
  std::string VisitOrder = "rpo";
  unsigned VisitOrderSeed = 0;
  unsigned VisitCap = 0; ///< --debug-visit-cap: every block's cap (0: own)
  bool ListChecks = false;
  bool DumpCApiTable = false;
  bool ShowVersion = false;
  bool ShowHelp = false;
  bool Quiet = false;
  bool Verbose = false;

  bool diffMode() const { return DiffRevision || DiffFile; }
};

/// Parses argv. On a usage error returns false and sets Error to a one-line
/// message (without the "error:" prefix).
bool parseCommandLine(int Argc, const char *const *Argv, ToolOptions &Opts,
                      std::string &Error);

/// The full --help text.
void printHelp(llvm::raw_ostream &OS);

/// The short usage reminder printed with usage errors.
void printUsage(llvm::raw_ostream &OS);

/// The --version text.
void printVersion(llvm::raw_ostream &OS);

/// The tool's version ("0.1.0").
const char *toolVersion();

} // namespace clang::tidy::llvmown::tool

#endif
