//===- Discovery.cpp - finding compile_commands.json and the project root -===//

#include "Discovery.h"
#include "Subprocess.h"

#include "engine/framework/CompatADT.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <cstdlib>

using llvm::StringRef;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace clang::tidy::llvmown::tool {

std::string absolutePath(StringRef Path) {
  llvm::SmallString<256> Abs(Path);
  fs::make_absolute(Abs);
  path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return std::string(Abs);
}

std::string canonicalPath(StringRef Path) {
  llvm::SmallString<256> Real;
  if (!fs::real_path(Path, Real))
    return std::string(Real);
  return absolutePath(Path);
}

std::string currentDirectory() {
  llvm::SmallString<256> Dir;
  if (fs::current_path(Dir))
    return ".";
  return std::string(Dir);
}

DatabaseFinder::DatabaseFinder() {
  if (const char *Env = std::getenv("LLVMOWN_CEILING_DIRECTORIES")) {
    llvm::SmallVector<StringRef, 4> Parts;
    StringRef(Env).split(Parts, ':', -1, /*KeepEmpty=*/false);
    for (StringRef P : Parts)
      Ceilings.push_back(canonicalPath(P));
  }
}

std::optional<std::string> DatabaseFinder::findIn(StringRef Dir) {
  auto Candidate = [](StringRef D) -> std::optional<std::string> {
    llvm::SmallString<256> P(D);
    path::append(P, "compile_commands.json");
    if (fs::is_regular_file(P))
      return std::string(P);
    return std::nullopt;
  };
  if (auto Found = Candidate(Dir))
    return Found;
  for (StringRef Sub : {"build", "out", "_build"}) {
    llvm::SmallString<256> P(Dir);
    path::append(P, Sub);
    if (auto Found = Candidate(P))
      return Found;
  }
  // cmake-build-debug, cmake-build-release, ... (CLion's build trees).
  std::vector<std::string> CMakeBuilds;
  std::error_code EC;
  for (fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC))
    if (compat::startsWith(path::filename(It->path()), "cmake-build-"))
      CMakeBuilds.push_back(It->path());
  llvm::sort(CMakeBuilds);
  for (const std::string &B : CMakeBuilds)
    if (auto Found = Candidate(B))
      return Found;
  return std::nullopt;
}

std::optional<std::string> DatabaseFinder::find(StringRef StartDir) {
  std::string Start = canonicalPath(StartDir);
  std::vector<std::string> Visited;
  std::optional<std::string> Result;
  for (StringRef Dir = Start; !Dir.empty(); Dir = path::parent_path(Dir)) {
    auto Cached = Cache.find(Dir);
    if (Cached != Cache.end()) {
      Result = Cached->second;
      break;
    }
    Visited.push_back(Dir.str());
    if ((Result = findIn(Dir)))
      break;
    if (llvm::is_contained(Ceilings, Dir))
      break;
  }
  // Every directory passed on the way up has the same answer.
  for (const std::string &V : Visited)
    Cache[V] = Result;
  return Result;
}

std::optional<std::string> gitTopLevel(StringRef Dir) {
  SubprocessResult R =
      runProgram("git", {"-C", Dir.str(), "rev-parse", "--show-toplevel"});
  if (!R.Started || R.ExitStatus != 0)
    return std::nullopt;
  StringRef Top = StringRef(R.Stdout).trim();
  if (Top.empty())
    return std::nullopt;
  return canonicalPath(Top);
}

std::string findProjectRoot(const std::optional<std::string> &Explicit) {
  std::string Root;
  if (Explicit)
    Root = canonicalPath(*Explicit);
  else if (std::optional<std::string> Top = gitTopLevel(currentDirectory()))
    Root = *Top;
  else
    Root = canonicalPath(currentDirectory());
  while (Root.size() > 1 && Root.back() == '/')
    Root.pop_back();
  return Root;
}

std::string relativeToRoot(StringRef AbsPath, StringRef Root) {
  if (Root.empty() || !compat::startsWith(AbsPath, Root))
    return AbsPath.str();
  StringRef Rel = AbsPath.drop_front(Root.size());
  // Whole components only: /a/b is not below /a/bc.
  if (!compat::endsWith(Root, "/") && !compat::startsWith(Rel, "/"))
    return AbsPath.str();
  Rel = Rel.ltrim('/');
  if (Rel.empty())
    return AbsPath.str();
  return path::convert_to_slash(Rel);
}

std::string displayPath(StringRef AbsPath, StringRef Root) {
  std::string Rel = relativeToRoot(AbsPath, Root);
  if (Rel != AbsPath)
    return Rel;
  // The root is canonical; the path may reach it through a symbolic link.
  std::string Canonical = canonicalPath(AbsPath);
  Rel = relativeToRoot(Canonical, Root);
  return Rel != Canonical ? Rel : AbsPath.str();
}

} // namespace clang::tidy::llvmown::tool
