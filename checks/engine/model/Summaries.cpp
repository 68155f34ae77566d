//===- Summaries.cpp - merging, reading and writing summaries -------------===//

#include "engine/model/Summaries.h"
#include "engine/framework/CompatADT.h"
#include "clang/AST/Decl.h"
#include "clang/Index/USRGeneration.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"
#include <mutex>
#include <tuple>

namespace clang::tidy::llvmown {

namespace json = llvm::json;

void SummarySet::add(FunctionSummary S) {
  auto [It, New] = Functions.try_emplace(S.USR, S);
  if (New)
    return;
  FunctionSummary &M = It->second;
  // Deterministic whatever the order: the smallest of each.
  if (std::tie(S.File, S.Line) < std::tie(M.File, M.Line)) {
    M.File = S.File;
    M.Line = S.Line;
  }
  if (S.Name < M.Name)
    M.Name = S.Name;
  M.Conflict |= S.Conflict;
  if (M.sameClaims(S))
    return;
  // Two definitions disagree: keep what both say, nothing else.
  M.Conflict = true;
  if (M.Returns != S.Returns || M.ReturnKind != S.ReturnKind) {
    M.Returns = ReturnOwnership::None;
    M.ReturnKind.clear();
  }
  llvm::erase_if(M.Params, [&](const ParamSummary &P) {
    return !llvm::is_contained(S.Params, P);
  });
  llvm::erase_if(M.Frees, [&](const std::pair<std::string, std::string> &F) {
    return !llvm::is_contained(S.Frees, F);
  });
  if (M.OfClass != S.OfClass)
    M.OfClass.clear();
  llvm::erase_if(M.Members, [&](const std::pair<std::string, MemberEffect> &E) {
    return M.OfClass.empty() || !llvm::is_contained(S.Members, E);
  });
}

void SummarySet::addAll(const SummarySet &Other) {
  for (const auto &Entry : Other.Functions)
    add(Entry.second);
}

const FunctionSummary *SummarySet::lookup(llvm::StringRef USR) const {
  auto It = Functions.find(USR.str());
  return It == Functions.end() ? nullptr : &It->second;
}

// The words are part of the summaries file's format: changing one is a
// new format version.
static constexpr std::pair<ParamEffect, const char *> ParamEffectWords[] = {
    {ParamEffect::Releases, "releases"},
    {ParamEffect::Consumes, "consumes"},
    {ParamEffect::ReleasesOnSomePaths, "releases-on-some-paths"},
    {ParamEffect::Stores, "stores"},
    {ParamEffect::Borrows, "borrows"},
};
static constexpr std::pair<ReturnOwnership, const char *> ReturnWords[] = {
    {ReturnOwnership::None, ""},
    {ReturnOwnership::Owned, "owned"},
    {ReturnOwnership::Borrowed, "borrowed"},
};

static constexpr std::pair<MemberEffect, const char *> MemberEffectWords[] = {
    {MemberEffect::Releases, "releases"},
    {MemberEffect::Escapes, "escapes"},
};

template <typename E, size_t N>
static llvm::StringRef wordOf(const std::pair<E, const char *> (&Words)[N],
                              E Value) {
  for (const auto &W : Words)
    if (W.first == Value)
      return W.second;
  return "";
}
template <typename E, size_t N>
static std::optional<E> valueOf(const std::pair<E, const char *> (&Words)[N],
                                llvm::StringRef Word) {
  for (const auto &W : Words)
    if (Word == W.second)
      return W.first;
  return std::nullopt;
}

llvm::StringRef spelling(ParamEffect E) { return wordOf(ParamEffectWords, E); }
llvm::StringRef spelling(ReturnOwnership R) { return wordOf(ReturnWords, R); }
llvm::StringRef spelling(MemberEffect E) {
  return wordOf(MemberEffectWords, E);
}
std::optional<ParamEffect> parseParamEffect(llvm::StringRef Word) {
  return valueOf(ParamEffectWords, Word);
}
std::optional<ReturnOwnership> parseReturnOwnership(llvm::StringRef Word) {
  return valueOf(ReturnWords, Word);
}
std::optional<MemberEffect> parseMemberEffect(llvm::StringRef Word) {
  return valueOf(MemberEffectWords, Word);
}

json::Value toJSON(const FunctionSummary &S) {
  json::Object O{{"usr", S.USR},
                 {"name", S.Name},
                 {"file", S.File},
                 {"line", int64_t(S.Line)}};
  if (S.Returns != ReturnOwnership::None)
    O["returns"] = json::Object{{"ownership", spelling(S.Returns)},
                                {"kind", S.ReturnKind}};
  if (!S.Params.empty()) {
    json::Array Params;
    for (const ParamSummary &P : S.Params)
      Params.push_back(json::Object{{"index", int64_t(P.Index)},
                                    {"kind", P.Kind},
                                    {"effect", spelling(P.Effect)}});
    O["params"] = std::move(Params);
  }
  if (!S.Frees.empty()) {
    json::Array Frees;
    for (const auto &[USR, Name] : S.Frees)
      Frees.push_back(json::Object{{"type", USR}, {"name", Name}});
    O["frees"] = std::move(Frees);
  }
  if (!S.OfClass.empty()) {
    json::Array Members;
    for (const auto &[Name, Effect] : S.Members)
      Members.push_back(
          json::Object{{"name", Name}, {"effect", spelling(Effect)}});
    O["class"] =
        json::Object{{"usr", S.OfClass}, {"members", std::move(Members)}};
  }
  if (S.Conflict)
    O["conflict"] = true;
  return O;
}

static bool getString(const json::Object &O, llvm::StringRef Key,
                      std::string &Out, bool Required = true) {
  if (const json::Value *V = O.get(Key)) {
    if (auto S = V->getAsString()) {
      Out = S->str();
      return true;
    }
    return false;
  }
  return !Required;
}

/// The "class" object of a member function's summary.
static bool readClass(const json::Value &V, FunctionSummary &S) {
  const json::Object *O = V.getAsObject();
  const json::Array *A = O ? O->getArray("members") : nullptr;
  if (!A || !getString(*O, "usr", S.OfClass) || S.OfClass.empty())
    return false;
  for (const json::Value &MV : *A) {
    const json::Object *MO = MV.getAsObject();
    std::string Name, Word;
    std::optional<MemberEffect> Effect;
    if (!MO || !getString(*MO, "name", Name) ||
        !getString(*MO, "effect", Word) || !(Effect = parseMemberEffect(Word)))
      return false;
    S.Members.emplace_back(Name, *Effect);
  }
  return true;
}

bool fromJSON(const json::Value &V, FunctionSummary &S) {
  const json::Object *O = V.getAsObject();
  if (!O || !getString(*O, "usr", S.USR) || !getString(*O, "name", S.Name) ||
      !getString(*O, "file", S.File, false))
    return false;
  if (const json::Value *L = O->get("line"))
    if (auto N = compat::toStd(L->getAsInteger()))
      S.Line = unsigned(*N);
  if (const json::Value *R = O->get("returns")) {
    const json::Object *RO = R->getAsObject();
    std::string Ownership;
    std::optional<ReturnOwnership> Parsed;
    if (!RO || !getString(*RO, "ownership", Ownership) ||
        !getString(*RO, "kind", S.ReturnKind) ||
        !(Parsed = parseReturnOwnership(Ownership)) ||
        *Parsed == ReturnOwnership::None)
      return false;
    S.Returns = *Parsed;
  }
  if (const json::Value *Ps = O->get("params")) {
    const json::Array *A = Ps->getAsArray();
    if (!A)
      return false;
    for (const json::Value &PV : *A) {
      const json::Object *PO = PV.getAsObject();
      ParamSummary P;
      const json::Value *Index = PO ? PO->get("index") : nullptr;
      std::optional<int64_t> N;
      if (Index)
        N = compat::toStd(Index->getAsInteger());
      std::string Effect;
      if (!N || *N < 0 || !getString(*PO, "kind", P.Kind) ||
          !getString(*PO, "effect", Effect))
        return false;
      std::optional<ParamEffect> Parsed = parseParamEffect(Effect);
      if (!Parsed)
        return false;
      P.Effect = *Parsed;
      P.Index = unsigned(*N);
      S.Params.push_back(P);
    }
  }
  if (const json::Value *Fs = O->get("frees")) {
    const json::Array *A = Fs->getAsArray();
    if (!A)
      return false;
    for (const json::Value &FV : *A) {
      const json::Object *FO = FV.getAsObject();
      std::string USR, Name;
      if (!FO || !getString(*FO, "type", USR) || !getString(*FO, "name", Name))
        return false;
      S.Frees.emplace_back(USR, Name);
    }
  }
  if (const json::Value *C = O->get("class"); C && !readClass(*C, S))
    return false;
  if (const json::Value *C = O->get("conflict"))
    S.Conflict = compat::toStd(C->getAsBoolean()).value_or(false);
  return true;
}

json::Value SummarySet::toJSON(bool ClaimsOnly) const {
  json::Array Out;
  for (const auto &Entry : Functions)
    if (!ClaimsOnly || Entry.second.hasClaims() || Entry.second.Conflict)
      Out.push_back(llvmown::toJSON(Entry.second));
  return json::Object{{"format", "llvmown-summaries"},
                      {"version", 1},
                      {"functions", std::move(Out)}};
}

bool SummarySet::fromJSON(const json::Value &V, SummarySet &Out,
                          std::string &Error) {
  const json::Object *O = V.getAsObject();
  const json::Value *Fs = O ? O->get("functions") : nullptr;
  const json::Array *A = Fs ? Fs->getAsArray() : nullptr;
  if (!A) {
    Error = "not an llvmown summaries file (no \"functions\" array)";
    return false;
  }
  for (const json::Value &F : *A) {
    FunctionSummary S;
    if (!llvmown::fromJSON(F, S)) {
      std::string Text;
      llvm::raw_string_ostream(Text) << F;
      Error = "malformed function summary: " + Text.substr(0, 120);
      return false;
    }
    Out.add(std::move(S));
  }
  return true;
}

bool SummarySet::writeFile(llvm::StringRef Path, std::string &Error) const {
  // Written beside and renamed: a reader in another process (an editor)
  // never sees half a file.
  std::string Tmp = (Path + ".tmp").str();
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Tmp, EC, llvm::sys::fs::OF_Text);
    if (EC) {
      Error = "cannot write '" + Tmp + "': " + EC.message();
      return false;
    }
    // json::OStream, not formatv: the plugin must not need symbols that an
    // older clang-tidy lacks before its version guard has run.
    llvm::json::OStream J(OS, /*IndentSize=*/2);
    J.value(toJSON(/*ClaimsOnly=*/true));
    OS << "\n";
  }
  if (std::error_code EC = llvm::sys::fs::rename(Tmp, Path)) {
    Error = "cannot write '" + Path.str() + "': " + EC.message();
    return false;
  }
  return true;
}

std::shared_ptr<const SummarySet> SummarySet::loadFile(llvm::StringRef Path,
                                                       std::string &Error) {
  struct Cached {
    uint64_t Size;
    llvm::sys::TimePoint<> MTime;
    std::shared_ptr<const SummarySet> Set;
  };
  static std::mutex Lock;
  static std::map<std::string, Cached> Cache;
  llvm::sys::fs::file_status St;
  if (std::error_code EC = llvm::sys::fs::status(Path, St)) {
    Error = "cannot read summaries file '" + Path.str() + "': " + EC.message();
    return nullptr;
  }
  std::lock_guard<std::mutex> Guard(Lock);
  auto It = Cache.find(Path.str());
  if (It != Cache.end() && It->second.Size == St.getSize() &&
      It->second.MTime == St.getLastModificationTime())
    return It->second.Set;
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer) {
    Error = "cannot read summaries file '" + Path.str() +
            "': " + Buffer.getError().message();
    return nullptr;
  }
  llvm::Expected<json::Value> V = json::parse((*Buffer)->getBuffer());
  if (!V) {
    Error = "summaries file '" + Path.str() +
            "' is not JSON: " + llvm::toString(V.takeError());
    return nullptr;
  }
  auto Set = std::make_shared<SummarySet>();
  if (!fromJSON(*V, *Set, Error)) {
    Error = "summaries file '" + Path.str() + "': " + Error;
    return nullptr;
  }
  Cache[Path.str()] = {St.getSize(), St.getLastModificationTime(), Set};
  return Set;
}

std::string SummarySet::fingerprint(llvm::ArrayRef<std::string> USRs) const {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  for (const std::string &U : USRs)
    if (const FunctionSummary *S = lookup(U); S && S->hasClaims()) {
      FunctionSummary Claims = *S;
      Claims.File.clear();
      Claims.Line = 0;
      Claims.Name.clear();
      Claims.Conflict = false;
      OS << llvmown::toJSON(Claims) << "\n";
    }
  OS.flush();
  // No claims at all is the same as no summaries.
  return Text.empty() ? "" : llvm::utohexstr(llvm::xxHash64(Text));
}

std::string usrOf(const Decl *D) {
  llvm::SmallString<128> Buf;
  if (!D || index::generateUSRForDecl(D, Buf))
    return "";
  return std::string(Buf);
}

} // namespace clang::tidy::llvmown
