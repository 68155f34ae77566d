//===- Compilations.cpp - where the tool's compile commands come from -----===//

#include "Compilations.h"
#include "Discovery.h"
#include "Subprocess.h"

#include "engine/framework/CompatADT.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <cstdlib>

#ifndef LLVMOWN_LLVM_CONFIG
#define LLVMOWN_LLVM_CONFIG "llvm-config"
#endif
#ifndef LLVMOWN_CLANG_RESOURCE_DIR
#error "LLVMOWN_CLANG_RESOURCE_DIR must be defined by the build"
#endif

using namespace clang::tooling;
using llvm::StringRef;

namespace clang::tidy::llvmown::tool {

namespace {
std::string &chosenLLVMConfig() {
  static std::string Chosen;
  return Chosen;
}

/// LLVM N's llvm-config: Debian's /usr/lib/llvm-N/bin/llvm-config, else
/// llvm-config-N from PATH; empty if neither exists.
std::string llvmConfigOf(unsigned N) {
  std::string Path = "/usr/lib/llvm-" + std::to_string(N) + "/bin/llvm-config";
  if (llvm::sys::fs::can_execute(Path))
    return Path;
  if (llvm::ErrorOr<std::string> P =
          llvm::sys::findProgramByName("llvm-config-" + std::to_string(N)))
    return *P;
  return "";
}
} // namespace

void setLLVMConfig(StringRef Choice) {
  unsigned N = 0;
  if (!Choice.getAsInteger(10, N)) {
    std::string Found = llvmConfigOf(N);
    // Not installed: say so through the usual "cannot run" warning.
    chosenLLVMConfig() =
        Found.empty() ? "llvm-config-" + std::to_string(N) : Found;
    return;
  }
  chosenLLVMConfig() = Choice.str();
}

const std::string &clangResourceDir() {
  static const std::string Dir = [] {
    // A self-contained release keeps the headers at <prefix>/lib/clang/N
    // beside <prefix>/bin/llvmown (as Clang's own installs do); a build or
    // a distribution package uses those of the LLVM it was built against.
    std::string Exe = llvm::sys::fs::getMainExecutable(nullptr, nullptr);
    if (!Exe.empty()) {
      llvm::SmallString<256> Beside(
          llvm::sys::path::parent_path(llvm::sys::path::parent_path(Exe)));
      llvm::sys::path::append(Beside, "lib", "clang",
                              std::to_string(LLVM_VERSION_MAJOR));
      llvm::SmallString<256> Probe(Beside);
      llvm::sys::path::append(Probe, "include", "stddef.h");
      if (llvm::sys::fs::exists(Probe))
        return std::string(Beside);
    }
    return std::string(LLVMOWN_CLANG_RESOURCE_DIR);
  }();
  return Dir;
}

std::string llvmConfigPath() {
  if (!chosenLLVMConfig().empty())
    return chosenLLVMConfig();
  if (const char *Env = std::getenv("LLVMOWN_LLVM_CONFIG"); Env && *Env)
    return Env;
  // Code is written against the LLVM installed, most often the newest; the
  // tool's Clang parses the headers of every supported version.
  for (unsigned N = 22; N >= 14; --N)
    if (std::string Found = llvmConfigOf(N); !Found.empty())
      return Found;
  // Distributions that install one LLVM unversioned (Fedora, Arch), for a
  // tool that runs away from the LLVM it was built against (the release).
  if (!llvm::sys::fs::can_execute(LLVMOWN_LLVM_CONFIG))
    if (llvm::ErrorOr<std::string> P =
            llvm::sys::findProgramByName("llvm-config"))
      return *P;
  return LLVMOWN_LLVM_CONFIG;
}

bool isCSource(StringRef Path) {
  return llvm::sys::path::extension(Path) == ".c";
}

namespace {

/// Runs `<llvm-config> <Flag>` and splits what it prints into arguments.
/// Returns false, with Error set, if it cannot be run or fails.
bool runLLVMConfig(StringRef Flag, std::vector<std::string> &Args,
                   std::string &Error) {
  std::string Exe = llvmConfigPath();
  std::string Shown = "'" + Exe + " " + Flag.str() + "'";
  SubprocessResult R = runProgram(Exe, {Flag.str()}, /*TimeoutSeconds=*/60);
  if (!R.Started) {
    Error = "cannot run " + Shown + ": " + R.Error;
    return false;
  }
  if (R.ExitStatus != 0) {
    Error = Shown + " failed with exit status " + std::to_string(R.ExitStatus);
    return false;
  }
  llvm::BumpPtrAllocator Alloc;
  llvm::StringSaver Saver(Alloc);
  llvm::SmallVector<const char *, 16> Tokens;
  llvm::cl::TokenizeGNUCommandLine(R.Stdout, Saver, Tokens);
  for (const char *T : Tokens)
    if (T) // TokenizeGNUCommandLine may mark line ends with null.
      Args.push_back(T);
  return true;
}

/// The database for sources that no compile_commands.json covers (and
/// neither -p nor `--` was given): every file is compiled with
/// llvm-config's flags, C++ flags for C++ and C flags for C.
class LLVMConfigCompilationDatabase : public CompilationDatabase {
public:
  LLVMConfigCompilationDatabase(std::string Directory,
                                std::vector<std::string> CxxFlags,
                                std::vector<std::string> CFlags)
      : Directory(std::move(Directory)), CxxFlags(std::move(CxxFlags)),
        CFlags(std::move(CFlags)) {}

  std::vector<CompileCommand>
  getCompileCommands(StringRef FilePath) const override {
    bool IsC = isCSource(FilePath);
    std::vector<std::string> Args;
    Args.push_back(IsC ? "clang" : "clang++");
    const std::vector<std::string> &Flags = IsC ? CFlags : CxxFlags;
    Args.insert(Args.end(), Flags.begin(), Flags.end());
    Args.push_back(FilePath.str());
    return {CompileCommand(Directory, FilePath, std::move(Args), "")};
  }

  std::vector<std::string> getAllFiles() const override { return {}; }

private:
  std::string Directory;
  std::vector<std::string> CxxFlags;
  std::vector<std::string> CFlags;
};

/// Wraps a database so that every command it returns is adjusted for the
/// tool (see getToolAdjuster).
std::unique_ptr<CompilationDatabase>
adjustedForTool(std::unique_ptr<CompilationDatabase> DB);

} // namespace

LoadedCompilations loadDatabaseFile(StringRef File) {
  LoadedCompilations Result;
  Result.File = absolutePath(File);
  auto Buffer = llvm::MemoryBuffer::getFile(File, /*IsText=*/true);
  if (!Buffer) {
    Result.Error = "cannot read compilation database '" + File.str() +
                   "': " + Buffer.getError().message();
    return Result;
  }

  // JSONCompilationDatabase's own parse errors say little about where the
  // file is broken; llvm::json's say line and column.
  if (llvm::Expected<llvm::json::Value> Parsed =
          llvm::json::parse((*Buffer)->getBuffer());
      !Parsed) {
    Result.Error = "invalid compilation database '" + File.str() +
                   "': JSON error: " + llvm::toString(Parsed.takeError());
    return Result;
  }

  std::string ErrorMessage;
  std::unique_ptr<CompilationDatabase> DB =
      JSONCompilationDatabase::loadFromFile(File, ErrorMessage,
                                            JSONCommandLineSyntax::AutoDetect);
  if (!DB) {
    Result.Error = "invalid compilation database '" + File.str() + "': " +
                   (ErrorMessage.empty() ? "cannot be loaded" : ErrorMessage);
    return Result;
  }
  // As clang's own loader does, minus inferring commands for files that are
  // not in the database: the tool decides what happens to those.
  DB = expandResponseFiles(std::move(DB), llvm::vfs::getRealFileSystem());
  DB = inferTargetAndDriverMode(std::move(DB));

  Result.Database = adjustedForTool(std::move(DB));
  Result.Description = "compilation database '" + File.str() + "'";
  return Result;
}

LoadedCompilations loadFromBuildPath(StringRef BuildPath) {
  LoadedCompilations Result;
  if (llvm::sys::fs::is_directory(BuildPath)) {
    llvm::SmallString<256> P(BuildPath);
    llvm::sys::path::append(P, "compile_commands.json");
    return loadDatabaseFile(P);
  }
  if (llvm::sys::fs::exists(BuildPath) &&
      llvm::sys::path::extension(BuildPath) == ".json")
    return loadDatabaseFile(BuildPath);
  if (!llvm::sys::fs::exists(BuildPath))
    Result.Error = "build directory '" + BuildPath.str() +
                   "' (given with -p) does not exist";
  else
    Result.Error = "'" + BuildPath.str() +
                   "' (given with -p) is neither a build directory nor a "
                   "compile_commands.json file";
  return Result;
}

LoadedCompilations loadFromCompilerArgs(const std::vector<std::string> &Args) {
  LoadedCompilations Result;
  // Let clang's loader strip input files and such from the command line,
  // exactly as clang-tidy does with what follows `--`.
  // `@flags.rsp` is read first, as clang does (relative to the current
  // directory): the loader would take it for an input file and drop it.
  llvm::BumpPtrAllocator Alloc;
  llvm::StringSaver Saver(Alloc);
  llvm::SmallVector<const char *, 32> Argv;
  Argv.push_back("llvmown");
  Argv.push_back("--");
  for (const std::string &A : Args)
    Argv.push_back(A.c_str());
  if (!llvm::cl::ExpandResponseFiles(Saver, llvm::cl::TokenizeGNUCommandLine,
                                     Argv)) {
    Result.Error = "invalid compiler arguments after '--': a response file "
                   "cannot be read";
    return Result;
  }
  // A response file that does not exist is left in place; clang would take
  // it for an input file and say only "no such file".
  for (size_t I = 2; I < Argv.size(); ++I) {
    llvm::StringRef A = Argv[I];
    if (A.size() > 1 && A.front() == '@') {
      Result.Error = "the response file '" + A.drop_front().str() +
                     "' after '--' does not exist or cannot be read";
      return Result;
    }
  }
  int Argc = static_cast<int>(Argv.size());
  std::string ErrorMessage;
  std::unique_ptr<FixedCompilationDatabase> DB =
      FixedCompilationDatabase::loadFromCommandLine(Argc, Argv.data(),
                                                    ErrorMessage);
  if (!DB) {
    Result.Error = "invalid compiler arguments after '--'" +
                   (ErrorMessage.empty() ? std::string() : ": " + ErrorMessage);
    return Result;
  }
  // A non-empty ErrorMessage with a database means the driver complained
  // about an argument; compiling reports the same error, with its source.
  Result.Database = adjustedForTool(std::move(DB));
  Result.Description = "the compiler arguments after '--'";
  return Result;
}

LoadedCompilations loadFromLLVMConfig(bool NeedC, bool NeedCxx) {
  LoadedCompilations Result;
  std::vector<std::string> CxxFlags, CFlags;
  auto Fetch = [&](StringRef Flag, std::vector<std::string> &Into) {
    std::string Error;
    if (!runLLVMConfig(Flag, Into, Error))
      Result.Warnings.push_back(
          Error + "; continuing with no extra compiler flags (give them "
                  "after '--', or use -p <build dir>)");
  };
  if (NeedCxx)
    Fetch("--cxxflags", CxxFlags);
  if (NeedC)
    Fetch("--cflags", CFlags);

  Result.Database =
      adjustedForTool(std::make_unique<LLVMConfigCompilationDatabase>(
          currentDirectory(), std::move(CxxFlags), std::move(CFlags)));
  Result.Description = "the flags of '" + llvmConfigPath() + "'";
  return Result;
}

namespace {

/// Adjusts every compile command for the tool:
/// - adds Clang's resource directory (where <stddef.h> and friends live)
///   unless the command names one: otherwise clang's tooling would derive it
///   from the path of this executable, which is wrong for llvmown;
/// - adds -fno-caret-diagnostics, which only stops the compiler from
///   printing its own "N warnings generated." line: the tool prints the
///   diagnostics itself (with carets), and counts them itself;
/// - adds -ferror-limit=0 (before the command's own options, which win):
///   after its default 20 errors clang stops, and the functions after are
///   left half-built, where an object seems never released. Code written
///   for another LLVM easily has more.
ArgumentsAdjuster getToolAdjuster() {
  return [](const CommandLineArguments &Args, StringRef) {
    bool HasResourceDir = false;
    for (const std::string &A : Args)
      if (compat::startsWith(StringRef(A), "-resource-dir"))
        HasResourceDir = true;
    CommandLineArguments Adjusted = Args;
    if (!Adjusted.empty())
      Adjusted.insert(Adjusted.begin() + 1, "-ferror-limit=0");
    // Before a `--` that ends the options, if the command has one.
    auto It = std::find(Adjusted.begin(), Adjusted.end(), "--");
    It = Adjusted.insert(It, "-fno-caret-diagnostics");
    if (!HasResourceDir)
      Adjusted.insert(It, "-resource-dir=" + clangResourceDir());
    return Adjusted;
  };
}

std::unique_ptr<CompilationDatabase>
adjustedForTool(std::unique_ptr<CompilationDatabase> DB) {
  auto Adjusting =
      std::make_unique<ArgumentsAdjustingCompilations>(std::move(DB));
  Adjusting->appendArgumentsAdjuster(getToolAdjuster());
  return Adjusting;
}

} // namespace

std::vector<std::string> databaseFiles(const CompilationDatabase &DB) {
  std::vector<std::string> Files;
  llvm::StringSet<> Seen;
  for (const CompileCommand &C : DB.getAllCompileCommands()) {
    std::string Abs = resolveAgainst(C.Filename, C.Directory);
    if (Seen.insert(Abs).second)
      Files.push_back(std::move(Abs));
  }
  return Files;
}

std::string resolveAgainst(StringRef Path, StringRef Directory) {
  llvm::SmallString<256> Abs;
  if (llvm::sys::path::is_absolute(Path) || Directory.empty()) {
    Abs = Path;
  } else {
    Abs = Directory;
    llvm::sys::path::append(Abs, Path);
  }
  return absolutePath(Abs);
}

} // namespace clang::tidy::llvmown::tool
