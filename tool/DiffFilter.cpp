//===- DiffFilter.cpp - the lines a change adds or modifies ---------------===//

#include "DiffFilter.h"
#include "Discovery.h"
#include "Subprocess.h"

#include "engine/framework/CompatADT.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using llvm::StringRef;

namespace clang::tidy::llvmown::tool {

void ChangedLines::add(StringRef CanonicalPath, unsigned First, unsigned Last) {
  Ranges[CanonicalPath].emplace_back(First, Last);
}

void ChangedLines::touch(StringRef CanonicalPath) {
  Ranges.try_emplace(CanonicalPath);
}

bool ChangedLines::contains(StringRef CanonicalPath, unsigned Line) const {
  auto It = Ranges.find(CanonicalPath);
  if (It == Ranges.end())
    return false;
  return llvm::any_of(It->second, [&](const std::pair<unsigned, unsigned> &R) {
    return R.first <= Line && Line <= R.second;
  });
}

std::vector<std::string> ChangedLines::changedFiles() const {
  std::vector<std::string> Files;
  for (const auto &Entry : Ranges)
    if (!Entry.second.empty())
      Files.push_back(Entry.first().str());
  llvm::sort(Files);
  return Files;
}

bool isCOrCxxFile(StringRef Path) {
  StringRef Ext = llvm::sys::path::extension(Path);
  // ".C" is C++ (case matters); the rest are compared as written by users.
  return llvm::is_contained(
      std::initializer_list<StringRef>{".c", ".cc", ".cpp", ".cxx", ".c++",
                                       ".C", ".h", ".hh", ".hpp", ".hxx",
                                       ".inl"},
      Ext);
}

namespace {

/// A path from a "+++ " or "--- " line: without a trailing tab and
/// timestamp, and unquoted if git quoted it ("a\"b" for a"b).
std::string headerPath(StringRef Rest) {
  Rest = Rest.rtrim("\r");
  if (!compat::startsWith(Rest, "\""))
    return Rest.split('\t').first.rtrim().str();
  std::string Out;
  for (size_t I = 1; I < Rest.size(); ++I) {
    char C = Rest[I];
    if (C == '"')
      break;
    if (C != '\\' || I + 1 >= Rest.size()) {
      Out += C;
      continue;
    }
    char E = Rest[++I];
    size_t Simple = StringRef("ntabfrv").find(E);
    if (Simple != StringRef::npos) {
      Out += "\n\t\a\b\f\r\v"[Simple];
    } else if (E >= '0' && E <= '7' && I + 2 < Rest.size()) {
      // Octal bytes: how git writes non-ASCII names with quotePath on.
      Out += static_cast<char>(((E - '0') << 6) | ((Rest[I + 1] - '0') << 3) |
                               (Rest[I + 2] - '0'));
      I += 2;
    } else {
      Out += E; // a quote or a backslash
    }
  }
  return Out;
}

/// Parses "@@ -a[,b] +c[,d] @@": the old and new line counts and the first
/// new line.
bool parseHunkHeader(StringRef Line, unsigned &OldCount, unsigned &NewStart,
                     unsigned &NewCount) {
  if (!Line.consume_front("@@ -"))
    return false;
  auto [Old, Rest] = Line.split(' ');
  auto [NewRange, Tail] = Rest.split(' ');
  if (!NewRange.consume_front("+") || !compat::startsWith(Tail, "@@"))
    return false;
  auto ParseRange = [](StringRef R, unsigned &Start, unsigned &Count) {
    auto [S, C] = R.split(',');
    Count = 1; // "@@ -3 +3 @@": one line
    return !S.getAsInteger(10, Start) &&
           (!R.contains(',') || !C.getAsInteger(10, Count));
  };
  unsigned OldStart;
  return ParseRange(Old, OldStart, OldCount) &&
         ParseRange(NewRange, NewStart, NewCount);
}

} // namespace

bool parseUnifiedDiff(StringRef Patch, StringRef Root, ChangedLines &Out,
                      std::string &Error) {
  llvm::SmallVector<StringRef, 0> Lines;
  Patch.split(Lines, '\n');
  std::string OldPath;
  std::optional<std::string> Current; // canonical; none for /dev/null
  unsigned OldLeft = 0, NewLeft = 0, NewLine = 0;
  bool SawHeader = false;

  for (StringRef Line : Lines) {
    if (OldLeft || NewLeft) {
      // Inside a hunk: count lines on each side; '+' lines are the change.
      if (compat::startsWith(Line, "\\")) // "\ No newline at end of file"
        continue;
      char Tag = Line.empty() ? ' ' : Line[0];
      if (Tag == '+') {
        if (Current)
          Out.add(*Current, NewLine, NewLine);
        ++NewLine;
        if (NewLeft)
          --NewLeft;
      } else if (Tag == '-') {
        if (OldLeft)
          --OldLeft;
      } else {
        ++NewLine;
        if (OldLeft)
          --OldLeft;
        if (NewLeft)
          --NewLeft;
      }
      continue;
    }
    if (compat::startsWith(Line, "--- ")) {
      OldPath = headerPath(Line.drop_front(4));
      continue;
    }
    if (compat::startsWith(Line, "+++ ")) {
      SawHeader = true;
      std::string NewPath = headerPath(Line.drop_front(4));
      if (NewPath == "/dev/null") { // the file was deleted
        Current.reset();
        continue;
      }
      // git's prefixes: "--- a/x" with "+++ b/x" (or a new file).
      if (compat::startsWith(StringRef(NewPath), "b/") &&
          (compat::startsWith(StringRef(OldPath), "a/") ||
           OldPath == "/dev/null"))
        NewPath = NewPath.substr(2);
      llvm::SmallString<256> Abs;
      if (llvm::sys::path::is_absolute(NewPath)) {
        Abs = NewPath;
      } else {
        Abs = Root;
        llvm::sys::path::append(Abs, NewPath);
      }
      Current = canonicalPath(Abs);
      Out.touch(*Current);
      continue;
    }
    unsigned NewStart = 0;
    if (compat::startsWith(Line, "@@ ") &&
        parseHunkHeader(Line, OldLeft, NewStart, NewLeft)) {
      NewLine = NewStart;
      continue;
    }
    // Anything else: "diff --git", "index", mode lines, commit messages...
  }
  if (!SawHeader && !Patch.trim().empty()) {
    Error = "not a unified diff (no '+++ ' file header found)";
    return false;
  }
  return true;
}

bool loadChangedLines(const ToolOptions &Opts, StringRef GitDir,
                      StringRef ProjectRoot, ChangedLines &Out,
                      std::string &Describe, std::string &Error) {
  if (Opts.DiffFile) {
    StringRef Name = *Opts.DiffFile;
    auto Buffer = Name == "-" ? llvm::MemoryBuffer::getSTDIN()
                              : llvm::MemoryBuffer::getFile(Name, true);
    if (!Buffer) {
      Error = "cannot read --diff-file '" + Name.str() +
              "': " + Buffer.getError().message();
      return false;
    }
    Describe = "the diff in '" + Name.str() + "' (paths relative to " +
               ProjectRoot.str() + ")";
    if (!parseUnifiedDiff((*Buffer)->getBuffer(), ProjectRoot, Out, Error)) {
      Error = "--diff-file '" + Name.str() + "': " + Error;
      return false;
    }
    return true;
  }

  std::optional<std::string> Top = gitTopLevel(GitDir);
  if (!Top) {
    Error = "--diff needs a git work tree, and '" + GitDir.str() +
            "' is not in one (or git cannot be run); use --diff-file=<patch> "
            "for other version control systems";
    return false;
  }
  std::vector<std::string> Args = {"-C",
                                   *Top,
                                   "-c",
                                   "core.quotePath=false",
                                   "diff",
                                   "--no-color",
                                   "--no-ext-diff",
                                   "--unified=0",
                                   "--no-prefix"};
  if (Opts.DiffRevision->empty()) {
    Args.push_back("--cached");
    Describe = "the staged changes of " + *Top;
  } else {
    Args.push_back(*Opts.DiffRevision);
    Describe = "the changes between " + *Opts.DiffRevision +
               " and the work tree of " + *Top;
  }
  Args.push_back("--"); // REV is a revision, never a path
  SubprocessResult R = runProgram("git", Args);
  if (!R.Started || R.ExitStatus != 0) {
    std::string Shown =
        "git diff" + std::string(Opts.DiffRevision->empty()
                                     ? " --cached"
                                     : " " + *Opts.DiffRevision);
    Error =
        "'" + Shown + "' failed" +
        (R.Started ? ": " + StringRef(R.Stderr).trim().str() : ": " + R.Error);
    return false;
  }
  return parseUnifiedDiff(R.Stdout, *Top, Out, Error);
}

} // namespace clang::tidy::llvmown::tool
