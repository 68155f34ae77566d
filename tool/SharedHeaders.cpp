//===- SharedHeaders.cpp - one parse of the LLVM headers for many units ---===//

#include "SharedHeaders.h"

#include "ProjectSummaries.h"
#include "engine/framework/Compat.h"
#include "engine/framework/CompatADT.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"
#include <chrono>
#include <map>
#include <set>

namespace json = llvm::json;
using llvm::StringRef;

namespace clang::tidy::llvmown::tool {

namespace {

bool isLibraryHeaderName(StringRef Name, bool Angled) {
  for (StringRef Folder : {"llvm/", "llvm-c/", "clang/", "clang-c/", "mlir/"})
    if (compat::startsWith(Name, Folder))
      return true;
  // <memory>, <vector>: the C++ library, whose headers have no extension.
  // A project's own <config.h> is not taken: it may define anything.
  return Angled && !Name.empty() && llvm::all_of(Name, [](char C) {
           return llvm::isAlnum(C) || C == '_';
         });
}

/// The compile flags that decide how the headers parse: the command minus
/// the source, the output and dependency-file options. Empty if the
/// command cannot share (a forced include, modules, an unusual form).
std::optional<std::vector<std::string>>
sharedFlags(const tooling::CompileCommand &C, StringRef File) {
  std::vector<std::string> Out;
  const std::vector<std::string> &A = C.CommandLine;
  bool SawSource = false;
  for (size_t I = 0; I < A.size(); ++I) {
    StringRef Arg = A[I];
    if (I > 0 && (Arg == C.Filename || Arg == File)) {
      SawSource = true;
      continue;
    }
    if (Arg == "-c" || Arg == "-MD" || Arg == "-MMD" || Arg == "-MP")
      continue;
    if (Arg == "-o" || Arg == "-MF" || Arg == "-MT" || Arg == "-MQ" ||
        Arg == "-MJ") {
      ++I;
      continue;
    }
    if ((compat::startsWith(Arg, "-o") && Arg.size() > 2) ||
        compat::startsWith(Arg, "-MF") || compat::startsWith(Arg, "-MT") ||
        compat::startsWith(Arg, "-MQ") || compat::startsWith(Arg, "-MJ"))
      continue;
    if (compat::startsWith(Arg, "-include") ||
        compat::startsWith(Arg, "--include") ||
        compat::startsWith(Arg, "-imacros") ||
        compat::startsWith(Arg, "-fmodules") || Arg == "-Xclang" ||
        Arg == "-x" || compat::startsWith(Arg, "-x") || Arg == "--")
      return std::nullopt;
    Out.push_back(A[I]);
  }
  if (!SawSource || Out.empty())
    return std::nullopt;
  return Out;
}

struct InputStamp {
  std::string Path;
  int64_t Size = 0;
  int64_t MTime = 0;
};

std::optional<InputStamp> stamp(const std::string &Path) {
  llvm::sys::fs::file_status St;
  if (llvm::sys::fs::status(Path, St))
    return std::nullopt;
  return InputStamp{
      Path, int64_t(St.getSize()),
      int64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(
                  St.getLastModificationTime().time_since_epoch())
                  .count())};
}

/// Is the precompiled header described by \p MetaFile still what clang
/// would accept? It checks each input's size and time; so does this.
bool stillValid(const std::string &MetaFile, const std::string &PCH,
                const std::string &Stamp) {
  std::optional<InputStamp> Header = stamp(PCH);
  if (!Header)
    return false;
  auto Buffer = llvm::MemoryBuffer::getFile(MetaFile);
  if (!Buffer)
    return false;
  llvm::Expected<json::Value> V = json::parse((*Buffer)->getBuffer());
  if (!V) {
    llvm::consumeError(V.takeError());
    return false;
  }
  const json::Object *O = V->getAsObject();
  const json::Array *Inputs = O ? O->getArray("inputs") : nullptr;
  if (!Inputs ||
      compat::toStd(O->getString("tool")) != std::optional<StringRef>(Stamp))
    return false;
  // The header itself, as written (not replaced or damaged since).
  if (compat::toStd(O->getInteger("pch-size")) !=
          std::optional<int64_t>(Header->Size) ||
      compat::toStd(O->getInteger("pch-mtime")) !=
          std::optional<int64_t>(Header->MTime))
    return false;
  for (const json::Value &I : *Inputs) {
    const json::Object *IO = I.getAsObject();
    auto P = IO ? compat::toStd(IO->getString("path")) : std::nullopt;
    auto Size = IO ? compat::toStd(IO->getInteger("size")) : std::nullopt;
    auto MTime = IO ? compat::toStd(IO->getInteger("mtime")) : std::nullopt;
    if (!P || !Size || !MTime)
      return false;
    std::optional<InputStamp> Now = stamp(P->str());
    if (!Now || Now->Size != *Size || Now->MTime != *MTime)
      return false;
  }
  return true;
}

bool writeAtomically(const std::string &Path, StringRef Text) {
  std::string Temp =
      Path + ".tmp" + std::to_string(llvm::sys::Process::getProcessId());
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Temp, EC, llvm::sys::fs::OF_Text);
    if (EC)
      return false;
    OS << Text;
  }
  return !llvm::sys::fs::rename(Temp, Path);
}

struct Group {
  const TranslationUnitJob *First = nullptr;
  std::vector<std::string> Flags;
  bool C = false;
  std::vector<std::string> Includes; ///< the union, in first-seen order
  std::vector<size_t> Units;
  std::string Base; ///< cache path without extension
  bool Usable = false;
};

} // namespace

std::vector<std::string> leadingLibraryIncludes(StringRef Source,
                                                bool PastOtherIncludes) {
  std::vector<std::string> Out;
  bool InComment = false;
  llvm::SmallVector<StringRef, 64> Lines;
  Source.take_front(1 << 16).split(Lines, '\n');
  for (StringRef Line : Lines) {
    std::string Code;
    for (size_t I = 0; I < Line.size(); ++I) {
      StringRef Rest = Line.substr(I);
      if (InComment) {
        if (compat::startsWith(Rest, "*/")) {
          InComment = false;
          ++I;
        }
        continue;
      }
      if (compat::startsWith(Rest, "/*")) {
        InComment = true;
        ++I;
        continue;
      }
      if (compat::startsWith(Rest, "//"))
        break;
      Code += Line[I];
    }
    StringRef T = StringRef(Code).trim();
    if (T.empty())
      continue;
    if (!T.consume_front("#"))
      break;
    T = T.ltrim();
    if (!T.consume_front("include"))
      break;
    T = T.ltrim();
    if (T.size() < 3 || (T.front() != '<' && T.front() != '"'))
      break;
    char Close = T.front() == '<' ? '>' : '"';
    size_t End = T.find(Close, 1);
    if (End == StringRef::npos || !T.substr(End + 1).trim().empty())
      break;
    StringRef Name = T.slice(1, End);
    if (!isLibraryHeaderName(Name, Close == '>')) {
      if (PastOtherIncludes)
        continue;
      break;
    }
    Out.push_back("#include " + T.take_front(End + 1).str());
  }
  return Out;
}

namespace {

/// Groups the units by compile flags, with the union of their leading
/// library includes (in the units' order, so every run makes the same).
std::map<std::string, Group>
groupUnits(const std::vector<TranslationUnitJob> &Jobs) {
  std::map<std::string, Group> Groups;
  for (size_t I = 0; I < Jobs.size(); ++I) {
    const TranslationUnitJob &J = Jobs[I];
    if (J.Commands.size() != 1)
      continue;
    StringRef Ext = llvm::sys::path::extension(J.File);
    bool IsC = Ext == ".c";
    if (!IsC && Ext != ".cpp" && Ext != ".cc" && Ext != ".cxx" && Ext != ".C")
      continue;
    std::optional<std::vector<std::string>> Flags =
        sharedFlags(J.Commands.front(), J.File);
    if (!Flags)
      continue;
    // Not a FIFO: reading one would wait forever.
    if (!llvm::sys::fs::is_regular_file(J.File))
      continue;
    auto Buffer = llvm::MemoryBuffer::getFile(J.File);
    if (!Buffer)
      continue;
    // C++ needs no feature macro before the C library's headers (the
    // compiler defines _GNU_SOURCE), so project headers may come first; in
    // C, what a project header defines first may change them.
    std::vector<std::string> Leading =
        leadingLibraryIncludes((*Buffer)->getBuffer(), !IsC);
    if (Leading.empty())
      continue;
    std::string Key = J.Commands.front().Directory + '\0' + (IsC ? "c" : "c++");
    for (const std::string &F : *Flags)
      Key += '\0' + F;
    Group &G = Groups[Key];
    if (!G.First) {
      G.First = &J;
      G.Flags = std::move(*Flags);
      G.C = IsC;
    }
    G.Units.push_back(I);
    for (const std::string &Inc : Leading)
      if (std::find(G.Includes.begin(), G.Includes.end(), Inc) ==
          G.Includes.end())
        G.Includes.push_back(Inc);
  }
  return Groups;
}

/// Writes the group's header, precompiles it and records its inputs;
/// sets G.Usable.
void buildGroup(const LayeredOptions &Layers, Group &G,
                const std::string &Stamp) {
  std::string Header = G.Base + (G.C ? ".h" : ".hh");
  std::string Text = "// Generated by llvmown --pch: the leading library "
                     "includes of units compiled with one set of flags.\n";
  for (const std::string &Inc : G.Includes)
    Text += Inc + "\n";
  // Left as it is when it says the same: another run building the same
  // header at once (shards, an editor) must not see it change under it.
  auto Old = llvm::MemoryBuffer::getFile(Header);
  if ((!Old || (*Old)->getBuffer() != Text) && !writeAtomically(Header, Text))
    return;
  tooling::CompileCommand C;
  C.Directory = G.First->Commands.front().Directory;
  C.Filename = Header;
  C.CommandLine = G.Flags;
  C.CommandLine.push_back("-x");
  C.CommandLine.push_back(G.C ? "c-header" : "c++-header");
  C.CommandLine.push_back(Header);
  std::vector<std::string> Inputs;
  if (!buildPrecompiledHeader(Layers, C, G.First->File, G.Base + ".pch",
                              Inputs))
    return;
  json::Array Stamps;
  for (const std::string &P : Inputs)
    if (std::optional<InputStamp> S = stamp(P))
      Stamps.push_back(json::Object{
          {"path", S->Path}, {"size", S->Size}, {"mtime", S->MTime}});
  std::optional<InputStamp> Written = stamp(G.Base + ".pch");
  if (!Written)
    return;
  std::string Meta;
  llvm::raw_string_ostream OS(Meta);
  OS << json::Value(json::Object{{"format", "llvmown-pch"},
                                 {"pch-size", Written->Size},
                                 {"pch-mtime", Written->MTime},
                                 {"tool", Stamp},
                                 {"inputs", std::move(Stamps)}})
     << "\n";
  G.Usable = writeAtomically(G.Base + ".json", OS.str());
}

} // namespace

void prepareSharedHeaders(const LayeredOptions &Layers,
                          std::vector<TranslationUnitJob> &ToCheck,
                          llvm::ArrayRef<TranslationUnitJob> Project,
                          const std::string &CacheDir, unsigned Threads,
                          SharedHeaderStats &Stats) {
  // The groups are the project's: a run that checks one file uses (or
  // makes) the header its flag set shares with the rest of the database.
  // In the database's order, so that every run makes the same union.
  std::vector<TranslationUnitJob> Jobs(Project.begin(), Project.end());
  std::vector<size_t> CheckedAt(Jobs.size(), SIZE_MAX); // Jobs -> ToCheck
  {
    std::map<std::string, size_t> Index;
    for (size_t I = 0; I < Jobs.size(); ++I)
      Index.emplace(Jobs[I].File, I);
    for (size_t K = 0; K < ToCheck.size(); ++K) {
      auto It = Index.find(ToCheck[K].File);
      if (It == Index.end()) {
        It = Index.emplace(ToCheck[K].File, Jobs.size()).first;
        Jobs.push_back(ToCheck[K]);
        CheckedAt.push_back(SIZE_MAX);
      }
      CheckedAt[It->second] = K;
    }
  }
  std::string Dir = CacheDir + "/pch";
  if (llvm::sys::fs::create_directories(Dir))
    return; // a build folder that cannot be written: no sharing
  const std::string Stamp = toolBuildStamp();

  std::map<std::string, Group> Groups = groupUnits(Jobs);
  std::vector<Group *> ToBuild;
  for (auto &[Key, G] : Groups) {
    // Sets of one unit gain nothing; sets with nothing to check now wait.
    if (G.Units.size() < 2 || llvm::none_of(G.Units, [&](size_t I) {
          return CheckedAt[I] != SIZE_MAX;
        }))
      continue;
    ++Stats.Groups;
    std::string Id = Key + '\0' + Stamp;
    for (const std::string &Inc : G.Includes)
      Id += '\0' + Inc;
    G.Base = Dir + "/" + llvm::utohexstr(llvm::xxHash64(Id));
    if (stillValid(G.Base + ".json", G.Base + ".pch", Stamp)) {
      G.Usable = true;
      ++Stats.Reused;
    } else {
      ToBuild.push_back(&G);
    }
  }

  if (Threads <= 1 || ToBuild.size() <= 1) {
    for (Group *G : ToBuild)
      buildGroup(Layers, *G, Stamp);
  } else {
    compat::DefaultThreadPool Pool(llvm::hardware_concurrency(
        std::min<unsigned>(Threads, ToBuild.size())));
    for (Group *G : ToBuild)
      Pool.async([&, G] { buildGroup(Layers, *G, Stamp); });
    Pool.wait();
  }
  for (Group *G : ToBuild)
    (G->Usable ? Stats.Built : Stats.Failed) += 1;

  for (auto &[Key, G] : Groups) {
    if (!G.Usable)
      continue;
    for (size_t I : G.Units) {
      if (CheckedAt[I] == SIZE_MAX)
        continue;
      ToCheck[CheckedAt[I]].PCH = G.Base + ".pch";
      ++Stats.Units;
    }
  }
}

} // namespace clang::tidy::llvmown::tool
