//===- ProjectSummaries.cpp - the summaries of a whole compile database ---===//

#include "ProjectSummaries.h"
#include "Options.h"
#include "engine/framework/Compat.h"
#include "engine/framework/CompatADT.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/xxhash.h"
#include <atomic>
#include <map>
#include <mutex>

namespace json = llvm::json;

namespace clang::tidy::llvmown::tool {

namespace {

/// Rounds of re-summarising callers: each resolves one more level of
/// wrappers across files (mutual recursion settles in two).
constexpr unsigned MaxRounds = 8;

struct InputState {
  uint64_t Size = 0;
  int64_t MTime = 0; // nanoseconds
  std::string Hash;
};

/// Stats and hashes of files, shared by the units of one run (every unit
/// reads the same LLVM headers).
class InputHasher {
public:
  std::optional<InputState> state(const std::string &Path, bool WithHash) {
    {
      std::lock_guard<std::mutex> G(Lock);
      auto It = Known.find(Path);
      if (It != Known.end() && (!WithHash || !It->second.Hash.empty()))
        return It->second;
    }
    llvm::sys::fs::file_status St;
    if (llvm::sys::fs::status(Path, St))
      return std::nullopt;
    InputState S;
    S.Size = St.getSize();
    S.MTime = std::chrono::duration_cast<std::chrono::nanoseconds>(
                  St.getLastModificationTime().time_since_epoch())
                  .count();
    if (WithHash) {
      auto Buffer = llvm::MemoryBuffer::getFile(Path);
      if (!Buffer)
        return std::nullopt;
      S.Hash = llvm::utohexstr(llvm::xxHash64((*Buffer)->getBuffer()));
    }
    std::lock_guard<std::mutex> G(Lock);
    return Known[Path] = S;
  }

private:
  std::mutex Lock;
  std::map<std::string, InputState> Known;
};

/// One unit's summary, as cached.
struct Entry {
  bool Valid = false;
  bool Summarized = false;
  UnitSummary Summary;
  std::vector<std::pair<std::string, InputState>> Inputs;
  /// The fingerprint of the callees' summaries it was derived with.
  std::string Derivedwith;
  bool Dirty = false; ///< to be written back
};

std::string unitKey(const TranslationUnitJob &Job) {
  std::string Key = Job.File;
  for (const auto &C : Job.Commands) {
    Key += '\0' + C.Directory;
    for (const std::string &A : C.CommandLine)
      Key += '\0' + A;
  }
  return llvm::utohexstr(llvm::xxHash64(Key));
}

json::Value toJSON(const Entry &E, const TranslationUnitJob &Job,
                   const std::string &Stamp) {
  json::Array Inputs, Functions, Calls;
  for (const auto &[Path, S] : E.Inputs)
    Inputs.push_back(json::Object{{"path", Path},
                                  {"size", int64_t(S.Size)},
                                  {"mtime", S.MTime},
                                  {"hash", S.Hash}});
  for (const FunctionSummary &F : E.Summary.Defines)
    Functions.push_back(toJSON(F));
  for (const std::string &C : E.Summary.Calls)
    Calls.push_back(C);
  return json::Object{{"format", "llvmown-unit-summary"},
                      {"tool", Stamp},
                      {"file", Job.File},
                      {"summarized", E.Summarized},
                      {"derived-with", E.Derivedwith},
                      {"inputs", std::move(Inputs)},
                      {"calls", std::move(Calls)},
                      {"functions", std::move(Functions)}};
}

/// Reads a cached entry; null if absent, malformed or of another build.
std::optional<Entry> readEntry(const std::string &Path,
                               const std::string &Stamp) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return std::nullopt;
  llvm::Expected<json::Value> V = json::parse((*Buffer)->getBuffer());
  if (!V) {
    llvm::consumeError(V.takeError());
    return std::nullopt;
  }
  const json::Object *O = V->getAsObject();
  if (!O || compat::toStd(O->getString("tool")) !=
                std::optional<llvm::StringRef>(Stamp))
    return std::nullopt;
  Entry E;
  E.Summarized = compat::toStd(O->getBoolean("summarized")).value_or(false);
  if (auto D = compat::toStd(O->getString("derived-with")))
    E.Derivedwith = D->str();
  const json::Array *Inputs = O->getArray("inputs");
  const json::Array *Calls = O->getArray("calls");
  const json::Array *Functions = O->getArray("functions");
  if (!Inputs || !Calls || !Functions)
    return std::nullopt;
  for (const json::Value &I : *Inputs) {
    const json::Object *IO = I.getAsObject();
    if (!IO)
      return std::nullopt;
    InputState S;
    auto P = compat::toStd(IO->getString("path"));
    auto Size = compat::toStd(IO->getInteger("size"));
    auto MTime = compat::toStd(IO->getInteger("mtime"));
    auto Hash = compat::toStd(IO->getString("hash"));
    if (!P || !Size || !MTime || !Hash)
      return std::nullopt;
    S.Size = uint64_t(*Size);
    S.MTime = *MTime;
    S.Hash = Hash->str();
    E.Inputs.emplace_back(P->str(), S);
  }
  for (const json::Value &C : *Calls)
    if (auto S = C.getAsString())
      E.Summary.Calls.push_back(S->str());
  for (const json::Value &F : *Functions) {
    FunctionSummary S;
    if (!fromJSON(F, S))
      return std::nullopt;
    E.Summary.Defines.push_back(std::move(S));
  }
  return E;
}

/// Is every input unchanged? A file whose size and time are as recorded is
/// taken as unchanged; one that differs only in time is hashed again.
bool inputsUnchanged(const Entry &E, InputHasher &Hasher) {
  for (const auto &[Path, Old] : E.Inputs) {
    std::optional<InputState> Now = Hasher.state(Path, false);
    if (!Now || Now->Size != Old.Size)
      return false;
    if (Now->MTime == Old.MTime)
      continue;
    Now = Hasher.state(Path, true);
    if (!Now || Now->Hash != Old.Hash)
      return false;
  }
  return true;
}

std::shared_ptr<SummarySet> merge(const std::vector<Entry> &Entries) {
  auto Set = std::make_shared<SummarySet>();
  for (const Entry &E : Entries)
    for (const FunctionSummary &F : E.Summary.Defines)
      Set->add(F);
  return Set;
}

} // namespace

std::string toolBuildStamp() {
  std::string Exe = llvm::sys::fs::getMainExecutable(nullptr, nullptr);
  llvm::sys::fs::file_status St;
  std::string Stamp = std::string(toolVersion()) + "/" LLVM_VERSION_STRING;
  if (!llvm::sys::fs::status(Exe, St))
    Stamp +=
        llvm::formatv("/{0}/{1}", St.getSize(),
                      St.getLastModificationTime().time_since_epoch().count())
            .str();
  return Stamp;
}

bool summarizeProject(const LayeredOptions &Layers,
                      llvm::ArrayRef<TranslationUnitJob> Units,
                      const std::string &CacheDir, const std::string &OutFile,
                      unsigned Threads, ProgressLine &Progress,
                      SummaryStats &Stats, std::string &Error) {
  const std::string Stamp = toolBuildStamp();
  std::string UnitDir = CacheDir + "/units";
  if (std::error_code EC = llvm::sys::fs::create_directories(UnitDir)) {
    Error =
        "cannot create the summary cache '" + UnitDir + "': " + EC.message();
    return false;
  }
  InputHasher Hasher;
  Stats.Units = Units.size();
  std::vector<Entry> Entries(Units.size());
  std::vector<std::string> Paths(Units.size());
  for (size_t I = 0; I < Units.size(); ++I) {
    Paths[I] = UnitDir + "/" + unitKey(Units[I]) + ".json";
    if (std::optional<Entry> E = readEntry(Paths[I], Stamp);
        E && inputsUnchanged(*E, Hasher)) {
      Entries[I] = std::move(*E);
      Entries[I].Valid = true;
      ++Stats.FromCache;
    }
  }

  // Summarises the units of Todo with Known, in parallel.
  auto Summarize = [&](const std::vector<size_t> &Todo,
                       std::shared_ptr<const SummarySet> Known) {
    std::atomic<size_t> Done{0};
    std::mutex ProgressLock;
    auto One = [&](size_t I) {
      UnitSummaryResult R = summarizeTranslationUnit(Layers, Units[I], Known);
      Entry &E = Entries[I];
      E.Summarized = R.Summarized;
      E.Summary = std::move(R.Summary);
      E.Inputs.clear();
      for (const std::string &P : R.Inputs)
        if (std::optional<InputState> S = Hasher.state(P, true))
          E.Inputs.emplace_back(P, *S);
      E.Derivedwith = Known ? Known->fingerprint(E.Summary.Calls) : "";
      E.Valid = true;
      // A unit that could not be parsed is tried again next time.
      E.Dirty = R.Summarized;
      std::lock_guard<std::mutex> G(ProgressLock);
      Progress.update(++Done, "summarising " + Units[I].Shown);
    };
    if (Threads <= 1 || Todo.size() <= 1) {
      for (size_t I : Todo)
        One(I);
    } else {
      compat::DefaultThreadPool Pool(
          llvm::hardware_concurrency(std::min<unsigned>(Threads, Todo.size())));
      for (size_t I : Todo)
        Pool.async([&, I] { One(I); });
      Pool.wait();
    }
    Stats.Parsed += Todo.size();
    Progress.finish();
  };

  std::vector<size_t> Stale;
  for (size_t I = 0; I < Units.size(); ++I)
    if (!Entries[I].Valid)
      Stale.push_back(I);
  if (!Stale.empty())
    Summarize(Stale, merge(Entries));

  std::shared_ptr<SummarySet> Merged = merge(Entries);
  for (Stats.Rounds = 0;; ++Stats.Rounds) {
    std::vector<size_t> Redo;
    for (size_t I = 0; I < Units.size(); ++I)
      if (Entries[I].Summarized &&
          Entries[I].Derivedwith !=
              Merged->fingerprint(Entries[I].Summary.Calls))
        Redo.push_back(I);
    if (Redo.empty())
      break;
    if (Stats.Rounds == MaxRounds) {
      Stats.Converged = false;
      break;
    }
    Summarize(Redo, Merged);
    Merged = merge(Entries);
  }

  for (size_t I = 0; I < Units.size(); ++I) {
    Stats.Failed += !Entries[I].Summarized;
    if (!Entries[I].Dirty)
      continue;
    // A cache that cannot be written costs time, not correctness.
    std::error_code EC;
    llvm::raw_fd_ostream OS(Paths[I], EC, llvm::sys::fs::OF_Text);
    if (!EC)
      OS << toJSON(Entries[I], Units[I], Stamp) << "\n";
  }
  for (const auto &Entry : Merged->functions())
    Stats.Functions += Entry.second.hasClaims();
  return Merged->writeFile(OutFile, Error);
}

} // namespace clang::tidy::llvmown::tool
