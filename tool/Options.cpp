//===- Options.cpp - command line of the llvmown tool ---------------------===//

#include "Options.h"

#include "clang/Basic/Version.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Config/llvm-config.h"

#ifndef LLVMOWN_VERSION
#define LLVMOWN_VERSION "unknown"
#endif
#ifndef LLVMOWN_LLVM_CONFIG
#define LLVMOWN_LLVM_CONFIG "llvm-config"
#endif

using llvm::StringRef;

namespace llvmown {

namespace {

enum class Kind { Flag, Value };

struct OptionSpec {
  StringRef Name;
  Kind K;
};

// Every option the tool knows. Each may be spelled with one dash or two,
// and a value may follow after '=' or as the next argument.
const OptionSpec Specs[] = {
    {"p", Kind::Value},
    {"checks", Kind::Value},
    {"config", Kind::Value},
    {"header-filter", Kind::Value},
    {"extra-arg", Kind::Value},
    {"extra-arg-before", Kind::Value},
    {"list-checks", Kind::Flag},
    {"dump-c-api-table", Kind::Flag},
    {"quiet", Kind::Flag},
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

} // namespace

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
    if (!Arg.starts_with("-")) {
      Opts.Sources.push_back(Arg.str());
      continue;
    }

    StringRef Body = Arg.drop_front(Arg.starts_with("--") ? 2 : 1);
    auto [Name, InlineValue] = Body.split('=');
    bool HasInlineValue = Body.contains('=');
    const OptionSpec *Spec = findSpec(Name);
    if (!Spec) {
      Error = "unknown option '" + Arg.str() + "'";
      return false;
    }

    std::string Dashed = (Arg.starts_with("--") ? "--" : "-") + Name.str();
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
      else if (Name == "version")
        Opts.ShowVersion = true;
      else
        Opts.ShowHelp = true;
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

    if (Name == "p") {
      if (Value.empty()) {
        Error = "option '" + Dashed + "' needs a build directory";
        return false;
      }
      Opts.BuildPath = Value;
    } else if (Name == "checks") {
      Opts.Checks = Value;
    } else if (Name == "config") {
      Opts.Config = Value;
    } else if (Name == "header-filter") {
      Opts.HeaderFilter = Value;
    } else if (Name == "extra-arg") {
      Opts.ExtraArgs.push_back(Value);
    } else if (Name == "extra-arg-before") {
      Opts.ExtraArgsBefore.push_back(Value);
    }
  }
  return true;
}

void printUsage(llvm::raw_ostream &OS) {
  OS << "usage: llvmown [options] <source>... [-- <compiler arguments>]\n"
        "       llvmown [options] -p <build dir> <source>...\n"
        "       llvmown --list-checks | --version | --help\n";
}

void printHelp(llvm::raw_ostream &OS) {
  OS << "OVERVIEW: llvmown - find misuse of LLVM object ownership\n"
        "\n"
        "Runs the llvmown-* checks (the same checks the clang-tidy plugin\n"
        "llvmown-tidy.so provides) on each source file and prints what they\n"
        "find to standard error, in the format of clang's diagnostics.\n"
        "--help, --version and --list-checks print to standard output.\n"
        "\n";
  printUsage(OS);
  OS << "\n"
        "COMPILE COMMANDS:\n"
        "  -- <args>          Everything after '--' is the compiler command "
        "line\n"
        "                     used for every source (as in clang-tidy).\n"
        "  -p <build dir>     Read <build dir>/compile_commands.json (or the "
        "JSON\n"
        "                     file itself, if given); every source must be "
        "in it.\n"
        "                     Cannot be combined with '--'.\n"
        "  (neither)          Use the flags that `llvm-config --cxxflags` "
        "prints\n"
        "                     (`--cflags` for .c files), so code that uses "
        "LLVM's\n"
        "                     headers needs no configuration. The "
        "llvm-config used is\n"
        "                     " LLVMOWN_LLVM_CONFIG "\n"
        "                     unless the environment variable "
        "LLVMOWN_LLVM_CONFIG\n"
        "                     names another.\n"
        "  Every compile command gets -resource-dir=<Clang's resource "
        "directory>\n"
        "  unless it already has a -resource-dir.\n"
        "\n"
        "OPTIONS:\n"
        "  --checks=<globs>   Comma-separated globs of checks to enable "
        "('name' or\n"
        "                     'prefix-*') or disable ('-name'), appended to "
        "the\n"
        "                     default '"
     << DefaultChecks
     << "' (and to the Checks of --config),\n"
        "                     as with clang-tidy's --checks.\n"
        "  --config=<text>    Configuration in YAML or JSON, the syntax of\n"
        "                     clang-tidy's --config and .clang-tidy files, "
        "e.g.\n"
        "                       --config=\"{CheckOptions: {\n"
        "                         llvmown-target-machine-leak.ReleaseFunctions:"
        " 'myFree'}}\"\n"
        "                     Checks, CheckOptions, HeaderFilterRegex, "
        "ExtraArgs and\n"
        "                     WarningsAsErrors are honoured. .clang-tidy files "
        "are\n"
        "                     not read unless it says InheritParentConfig: "
        "true.\n"
        "  --header-filter=<regex>\n"
        "                     Also report findings in headers whose path "
        "matches\n"
        "                     <regex> (default: only in the sources "
        "themselves).\n"
        "  --extra-arg=<arg>  Append <arg> to every compile command "
        "(repeatable).\n"
        "  --extra-arg-before=<arg>\n"
        "                     Insert <arg> before the other compiler "
        "arguments\n"
        "                     (repeatable).\n"
        "  --list-checks      List the checks that would run, then exit.\n"
        "  --dump-c-api-table Print the LLVM C API handles llvmown-c-api-dispose\n"
        "                     knows (Markdown), then exit.\n"
        "  --quiet            Print only diagnostics: no summary lines.\n"
        "  --version          Print the version of llvmown and of the LLVM "
        "it uses.\n"
        "  --help, -h         Print this help.\n"
        "  Options may be written with one dash or two, and a value may "
        "follow\n"
        "  after '=' or as the next argument.\n"
        "\n"
        "EXIT STATUS:\n"
        "  0  no warnings\n"
        "  1  at least one warning (a finding)\n"
        "  2  usage or input error: no sources, an unknown option, a missing\n"
        "     source file, an unreadable or invalid compile_commands.json, a\n"
        "     source not in it, an invalid --config, or a translation unit "
        "that\n"
        "     failed to compile (its errors are printed; 2 wins over 1)\n";
}

void printVersion(llvm::raw_ostream &OS) {
  OS << "llvmown version " LLVMOWN_VERSION "\n"
     << "  built with LLVM " LLVM_VERSION_STRING " ("
     << clang::getClangFullVersion() << ")\n";
}

} // namespace llvmown
