//===- Lsp.cpp - `llvmown lsp`: the checks as a language server -----------===//
//
// One thread reads JSON-RPC messages (LSP's base protocol: a Content-Length
// header, then the JSON) from standard input and answers on standard
// output. Checks run on that thread too, one file at a time, when a file's
// deadline passes: at once for didOpen and didSave, DebounceMs after the last
// didChange. A run is never interrupted (a parse cannot be), but a version
// that a newer edit replaced before its deadline is never checked, and the
// findings of a run that an edit made stale meanwhile are dropped. Each
// file keeps the parse of its include prefix (Preamble.h). The JSON is LLVM's
// (llvm/Support/JSON.h), which the tool already links: no Debian-packaged C++
// LSP library fits a clang-tidy-based tool better, and clangd's own protocol
// code is not a library.
//
//===----------------------------------------------------------------------===//

#include "Lsp.h"
#include "Compilations.h"
#include "Discovery.h"
#include "Outputs.h"
#include "Preamble.h"
#include "Report.h"
#include "Runner.h"
#include "engine/framework/CompatADT.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <chrono>
#include <cstdio>
#include <map>
#include <poll.h>
#include <unistd.h>

namespace json = llvm::json;
using llvm::StringRef;

namespace clang::tidy::llvmown::tool {

namespace {

using Clock = std::chrono::steady_clock;

/// How long after the last edit an unsaved buffer is checked.
constexpr int DebounceMs = 400;

enum ErrorCode {
  ParseError = -32700,
  InvalidRequest = -32600,
  MethodNotFound = -32601,
  InvalidParams = -32602,
};

/// LSP's base protocol on file descriptors 0 and 1.
class Transport {
public:
  /// Waits up to \p TimeoutMs (-1: for ever) for a message. Returns false at
  /// the end of input; \p Got is false on a time-out.
  bool read(int TimeoutMs, std::string &Body, bool &Got) {
    Got = false;
    for (;;) {
      if (takeMessage(Body)) {
        Got = true;
        return true;
      }
      if (Eof)
        return false;
      pollfd P{0, POLLIN, 0};
      int R = ::poll(&P, 1, TimeoutMs);
      if (R == 0)
        return true;
      if (R < 0)
        continue;
      char Buf[65536];
      ssize_t N = ::read(0, Buf, sizeof(Buf));
      if (N <= 0)
        Eof = true;
      else
        Pending.append(Buf, size_t(N));
    }
  }

  void write(const json::Value &V) {
    std::string Text;
    llvm::raw_string_ostream OS(Text);
    OS << V;
    OS.flush();
    std::string Out =
        "Content-Length: " + std::to_string(Text.size()) + "\r\n\r\n" + Text;
    for (size_t Done = 0; Done < Out.size();) {
      ssize_t N = ::write(1, Out.data() + Done, Out.size() - Done);
      if (N <= 0)
        return;
      Done += size_t(N);
    }
  }

private:
  /// One complete message from Pending, if there is one.
  bool takeMessage(std::string &Body) {
    size_t End = Pending.find("\r\n\r\n");
    if (End == std::string::npos)
      return false;
    size_t Length = std::string::npos;
    StringRef Headers(Pending.data(), End);
    while (!Headers.empty()) {
      auto [Line, Rest] = Headers.split("\r\n");
      Headers = Rest;
      auto [Name, Value] = Line.split(':');
      unsigned long long N;
      if (Name.trim().equals_insensitive("content-length") &&
          !Value.trim().getAsInteger(10, N))
        Length = size_t(N);
    }
    if (Length == std::string::npos) {
      // No length: the headers cannot be trusted; drop them.
      Pending.erase(0, End + 4);
      Body.clear();
      return true;
    }
    if (Pending.size() < End + 4 + Length)
      return false;
    Body = Pending.substr(End + 4, Length);
    Pending.erase(0, End + 4 + Length);
    return true;
  }

  std::string Pending;
  bool Eof = false;
};

/// A file the editor has open.
struct Document {
  std::string Path;
  std::string Text;
  int64_t Version = 0;
  /// When to check it next; unset when it is up to date.
  std::optional<Clock::time_point> Due;
  /// The findings last published, for code actions.
  std::vector<Finding> Findings;
  /// The compile command's directory, which the findings' relative paths
  /// are relative to (not the server's working directory).
  std::string Dir;
  /// The parse of its include prefix, kept from the last run.
  std::shared_ptr<PreambleCache> Preamble = std::make_shared<PreambleCache>();
  std::string absolute(StringRef P) const {
    return absolutePath(resolveAgainst(P, Dir));
  }
};

/// Byte offset of an LSP position (line, UTF-16 code units) in \p Text.
size_t offsetOf(StringRef Text, const json::Object *Pos) {
  int64_t Line = Pos ? Pos->getInteger("line").value_or(0) : 0;
  int64_t Char = Pos ? Pos->getInteger("character").value_or(0) : 0;
  size_t Off = 0;
  for (int64_t L = 0; L < Line && Off < Text.size(); ++L) {
    size_t NL = Text.find('\n', Off);
    Off = NL == StringRef::npos ? Text.size() : NL + 1;
  }
  // Walk the line's characters, counting UTF-16 units.
  for (int64_t Units = 0;
       Units < Char && Off < Text.size() && Text[Off] != '\n';) {
    unsigned char C = Text[Off];
    unsigned Len = C < 0x80 ? 1 : C < 0xE0 ? 2 : C < 0xF0 ? 3 : 4;
    Units += Len == 4 ? 2 : 1;
    Off = std::min(Text.size(), Off + Len);
  }
  return Off;
}

/// The LSP position of byte \p Offset of \p Text.
json::Object positionOf(StringRef Text, size_t Offset) {
  Offset = std::min(Offset, Text.size());
  size_t LineStart = Text.rfind('\n', Offset ? Offset - 1 : 0);
  LineStart = (LineStart == StringRef::npos || Offset == 0) ? 0 : LineStart + 1;
  if (Offset > 0 && Text[Offset - 1] == '\n')
    LineStart = Offset;
  int64_t Line = std::count(Text.begin(), Text.begin() + LineStart, '\n');
  int64_t Units = 0;
  for (size_t I = LineStart; I < Offset;) {
    unsigned char C = Text[I];
    unsigned Len = C < 0x80 ? 1 : C < 0xE0 ? 2 : C < 0xF0 ? 3 : 4;
    Units += Len == 4 ? 2 : 1;
    I += Len;
  }
  return json::Object{{"line", Line}, {"character", Units}};
}

/// The end of the expression that starts at \p Offset, as far as text can
/// tell: a name, a chain of members (`T->createTargetMachine`) and the call's
/// parenthesised arguments. Diagnostics carry only their start.
size_t exprEnd(StringRef Text, size_t Offset) {
  auto IsName = [](char C) { return isalnum((unsigned char)C) || C == '_'; };
  size_t End = Offset;
  for (;;) {
    while (End < Text.size() && IsName(Text[End]))
      ++End;
    StringRef Rest = Text.substr(End);
    StringRef Two = Rest.take_front(2);
    size_t Link = Two == "->" || Two == "::" ? 2
                  : Two.take_front(1) == "." ? 1
                                             : 0;
    if (!Link || End + Link >= Text.size() || !IsName(Text[End + Link]))
      break;
    End += Link;
  }
  if (End < Text.size() && Text[End] == '(') {
    int Depth = 0;
    for (size_t I = End; I < Text.size() && I < End + 4096; ++I) {
      Depth += Text[I] == '(' ? 1 : Text[I] == ')' ? -1 : 0;
      if (Depth == 0) {
        End = I + 1;
        break;
      }
    }
  }
  return End == Offset ? std::min(Text.size(), Offset + 1) : End;
}

/// The path of an editor's document URI; empty if it is not a file.
std::string documentPath(StringRef Uri) {
  return compat::startsWith(Uri, "file://") ? pathOfUri(Uri) : "";
}

class Server {
public:
  Server(const ToolOptions &Opts, LayeredOptions Layers)
      : Opts(Opts), Layers(std::move(Layers)) {}
  int run();

private:
  void handle(const json::Value &Message);
  void handleText(const std::string &Body);
  /// Handles the messages that are already waiting, without blocking.
  void handleWaiting();
  void log(const std::string &Message);
  void request(StringRef Method, const json::Value &Id,
               const json::Object *Params);
  void notification(StringRef Method, const json::Object *Params);
  void reply(const json::Value &Id, json::Value Result) {
    Out.write(json::Object{
        {"jsonrpc", "2.0"}, {"id", Id}, {"result", std::move(Result)}});
  }
  void replyError(const json::Value &Id, int Code, StringRef Message) {
    Out.write(json::Object{
        {"jsonrpc", "2.0"},
        {"id", Id},
        {"error", json::Object{{"code", Code}, {"message", Message}}}});
  }
  json::Object capabilities() const;
  void didOpen(const json::Object &Params);
  void didChange(const json::Object &Params);
  json::Array codeActions(const json::Object &Params);
  /// Checks every document whose deadline has passed; returns the time to
  /// wait for the next one, in ms (-1: none).
  int checkDue();
  void check(const std::string &Uri, Document &D);
  /// Tells the editor's log how long a run took and whether it reused the
  /// file's include prefix (Preamble.h).
  void logRun(const Document &D, Clock::duration Took);
  TranslationUnitJob jobFor(const Document &D);
  json::Object diagnostic(const Document &D, const Finding &F) const;
  void publish(const std::string &Uri, const Document &D,
               json::Array Diagnostics);

  const ToolOptions &Opts;
  LayeredOptions Layers;
  Transport Out;
  std::map<std::string, Document> Docs;
  DatabaseFinder Finder;
  llvm::StringMap<LoadedCompilations> Databases;
  std::optional<LoadedCompilations> FallbackC, FallbackCxx;
  bool ShutDown = false;
  bool Exited = false;
};

json::Object Server::capabilities() const {
  return json::Object{
      {"textDocumentSync",
       json::Object{{"openClose", true},
                    {"change", 2}, // incremental
                    {"save", json::Object{{"includeText", false}}}}},
      {"codeActionProvider",
       json::Object{{"codeActionKinds", json::Array{"quickfix"}}}},
  };
}

int Server::run() {
  int Wait = -1;
  while (!Exited) {
    std::string Body;
    bool Got = false;
    if (!Out.read(Wait, Body, Got))
      return 1; // input ended without `exit`
    if (Got)
      handleText(Body);
    Wait = checkDue();
  }
  return ShutDown ? 0 : 1;
}

void Server::handle(const json::Value &Message) {
  const json::Object *M = Message.getAsObject();
  std::optional<StringRef> Method = M ? M->getString("method") : std::nullopt;
  const json::Value *Id = M ? M->get("id") : nullptr;
  if (!Method) {
    // A response to a request of ours (we send none), or garbage.
    if (!M || !M->get("result"))
      replyError(Id ? *Id : json::Value(nullptr), InvalidRequest,
                 "not a JSON-RPC request or notification");
    return;
  }
  const json::Object *Params = M->getObject("params");
  if (Id)
    request(*Method, *Id, Params);
  else
    notification(*Method, Params);
}

void Server::request(StringRef Method, const json::Value &Id,
                     const json::Object *Params) {
  if (Method == "initialize") {
    reply(Id, json::Object{
                  {"capabilities", capabilities()},
                  {"serverInfo", json::Object{{"name", "llvmown"},
                                              {"version", LLVMOWN_VERSION}}}});
  } else if (Method == "shutdown") {
    ShutDown = true;
    reply(Id, nullptr);
  } else if (Method == "textDocument/codeAction") {
    if (!Params)
      return replyError(Id, InvalidParams, "codeAction needs params");
    reply(Id, codeActions(*Params));
  } else {
    replyError(Id, MethodNotFound, ("unsupported method " + Method).str());
  }
}

void Server::notification(StringRef Method, const json::Object *Params) {
  if (Method == "exit") {
    Exited = true;
    return;
  }
  if (!Params)
    return;
  const json::Object *TD = Params->getObject("textDocument");
  std::optional<StringRef> Uri = TD ? TD->getString("uri") : std::nullopt;
  if (Method == "textDocument/didOpen") {
    didOpen(*Params);
  } else if (Method == "textDocument/didChange") {
    didChange(*Params);
  } else if (Method == "textDocument/didSave" && Uri) {
    auto It = Docs.find(Uri->str());
    if (It != Docs.end())
      It->second.Due = Clock::now();
  } else if (Method == "textDocument/didClose" && Uri) {
    auto It = Docs.find(Uri->str());
    if (It != Docs.end()) {
      publish(It->first, It->second, json::Array{});
      Docs.erase(It);
    }
  }
}

void Server::didOpen(const json::Object &Params) {
  const json::Object *TD = Params.getObject("textDocument");
  std::optional<StringRef> Uri = TD ? TD->getString("uri") : std::nullopt;
  std::optional<StringRef> Text = TD ? TD->getString("text") : std::nullopt;
  if (!Uri || !Text)
    return;
  Document &D = Docs[Uri->str()];
  D.Path = absolutePath(documentPath(*Uri));
  D.Text = Text->str();
  D.Version = TD->getInteger("version").value_or(0);
  D.Due = Clock::now();
}

void Server::didChange(const json::Object &Params) {
  const json::Object *TD = Params.getObject("textDocument");
  std::optional<StringRef> Uri = TD ? TD->getString("uri") : std::nullopt;
  const json::Array *Changes = Params.getArray("contentChanges");
  auto It = Uri ? Docs.find(Uri->str()) : Docs.end();
  if (It == Docs.end() || !Changes)
    return;
  Document &D = It->second;
  for (const json::Value &C : *Changes) {
    const json::Object *Change = C.getAsObject();
    std::optional<StringRef> Text =
        Change ? Change->getString("text") : std::nullopt;
    if (!Text)
      continue;
    const json::Object *Range = Change->getObject("range");
    if (!Range) {
      D.Text = Text->str();
      continue;
    }
    size_t Start = offsetOf(D.Text, Range->getObject("start"));
    size_t End = offsetOf(D.Text, Range->getObject("end"));
    if (End < Start)
      std::swap(Start, End);
    D.Text.replace(Start, End - Start, Text->str());
  }
  D.Version = TD->getInteger("version").value_or(D.Version + 1);
  D.Due = Clock::now() + std::chrono::milliseconds(DebounceMs);
}

int Server::checkDue() {
  // check() handles the messages that came during its run, which may open
  // or close documents: the due ones are listed first.
  std::vector<std::string> Ready;
  for (auto &[Uri, D] : Docs)
    if (D.Due && *D.Due <= Clock::now())
      Ready.push_back(Uri);
  for (const std::string &Uri : Ready) {
    auto It = Docs.find(Uri);
    if (Exited || It == Docs.end() || !It->second.Due)
      continue;
    // Reset first: an edit during the run sets a new deadline.
    It->second.Due.reset();
    check(Uri, It->second);
  }
  std::optional<Clock::time_point> Next;
  for (auto &[Uri, D] : Docs)
    if (D.Due && (!Next || *D.Due < *Next))
      Next = D.Due;
  if (!Next)
    return -1;
  auto Ms = std::chrono::duration_cast<std::chrono::milliseconds>(*Next -
                                                                  Clock::now())
                .count();
  return int(std::max<int64_t>(Ms, 0));
}

/// The compile commands of \p D's file: from the compile_commands.json -p
/// names or that is found above it, else llvm-config's flags, as the tool.
TranslationUnitJob Server::jobFor(const Document &D) {
  TranslationUnitJob Job;
  Job.File = D.Path;
  Job.Shown = D.Path;
  Job.Contents = D.Text;
  Job.Preamble = D.Preamble;
  std::optional<std::string> DB =
      Opts.BuildPath ? std::optional<std::string>(*Opts.BuildPath)
                     : Finder.find(llvm::sys::path::parent_path(D.Path));
  if (DB) {
    LoadedCompilations &L = Databases[*DB];
    if (!L.Database && L.Error.empty()) {
      L = Opts.BuildPath ? loadFromBuildPath(*DB) : loadDatabaseFile(*DB);
      // The project's summaries, as the tool's last run left them: the
      // cross-file findings show in the editor too.
      std::string Summaries =
          (llvm::sys::path::parent_path(L.File) + "/.llvmown/summaries.json")
              .str();
      if (L.Database && !Opts.NoSummaries &&
          !Layers.Overrides.CheckOptions.count("SummaryFile") &&
          llvm::sys::fs::exists(Summaries))
        Layers.Overrides.CheckOptions["SummaryFile"] =
            ClangTidyOptions::ClangTidyValue(Summaries);
    }
    if (L.Database)
      Job.Commands = L.Database->getCompileCommands(D.Path);
  }
  if (Job.Commands.empty()) {
    bool C = isCSource(D.Path);
    std::optional<LoadedCompilations> &F = C ? FallbackC : FallbackCxx;
    if (!F)
      F = loadFromLLVMConfig(C, !C);
    if (F->Database)
      Job.Commands = F->Database->getCompileCommands(D.Path);
  }
  return Job;
}

void Server::check(const std::string &Uri, Document &D) {
  TranslationUnitJob Job = jobFor(D);
  json::Array Diags;
  if (Job.Commands.empty()) {
    Diags.push_back(json::Object{
        {"range", json::Object{{"start", positionOf(D.Text, 0)},
                               {"end", positionOf(D.Text, 0)}}},
        {"severity", 1},
        {"source", "llvmown"},
        {"message", "llvmown: no compile command for this file, and "
                    "llvm-config could not give one"}});
    D.Findings.clear();
    return publish(Uri, D, std::move(Diags));
  }
  Clock::time_point Start = Clock::now();
  int64_t Version = D.Version;
  TranslationUnitResult R = checkTranslationUnit(Layers, Job);
  logRun(D, Clock::now() - Start);
  // What came in during the run comes first: an edit makes its findings
  // stale (their places are in the old text), and a close ends the file.
  handleWaiting();
  auto It = Docs.find(Uri);
  if (It == Docs.end() || It->second.Version != Version) {
    if (It != Docs.end())
      log("llvmown: the findings of " + It->second.Path + " (version " +
          std::to_string(Version) + ") are not published: version " +
          std::to_string(It->second.Version) + " replaced it");
    Job.Preamble->startBuild();
    return;
  }
  D.Findings.clear();
  D.Dir = Job.Commands.front().Directory;
  for (Finding &F : R.Findings) {
    // Only what is in this file: a header's findings belong to its buffer.
    if (F.Diag.Message.FilePath.empty() ||
        D.absolute(F.Diag.Message.FilePath) != D.Path)
      continue;
    if (F.Kind != FindingKind::Warning && F.Kind != FindingKind::CompileError)
      continue;
    Diags.push_back(diagnostic(D, F));
    D.Findings.push_back(std::move(F));
  }
  if (R.Crashed || (R.Failed && !R.SetupError.empty()))
    Diags.push_back(json::Object{
        {"range", json::Object{{"start", positionOf(D.Text, 0)},
                               {"end", positionOf(D.Text, 0)}}},
        {"severity", 1},
        {"source", "llvmown"},
        {"message", "llvmown could not check this file: " + R.SetupError}});
  publish(Uri, D, std::move(Diags));
  // Only now: the build must not slow down the run the user waits for.
  D.Preamble->startBuild();
}

void Server::logRun(const Document &D, Clock::duration Took) {
  static const char *const Prefix[] = {
      "no include prefix to keep", "include prefix reused",
      "whole file parsed; its include prefix is being parsed for next time",
      "whole file parsed; its include prefix has a compiler error"};
  char Seconds[32];
  snprintf(Seconds, sizeof(Seconds), "%.2f",
           std::chrono::duration<double>(Took).count());
  log("llvmown: checked " + D.Path + " (version " + std::to_string(D.Version) +
      ") in " + Seconds + " s: " + Prefix[int(D.Preamble->lastUse())]);
}

void Server::log(const std::string &Message) {
  Out.write(json::Object{{"jsonrpc", "2.0"},
                         {"method", "window/logMessage"},
                         {"params", json::Object{{"type", 4}, // log
                                                 {"message", Message}}}});
}

void Server::handleWaiting() {
  std::string Body;
  bool Got = true;
  while (!Exited && Out.read(/*TimeoutMs=*/0, Body, Got) && Got)
    handleText(Body);
}

void Server::handleText(const std::string &Body) {
  llvm::Expected<json::Value> V = json::parse(Body);
  if (!V) {
    llvm::consumeError(V.takeError());
    replyError(nullptr, ParseError, "the message is not JSON");
  } else {
    handle(*V);
  }
}

json::Object Server::diagnostic(const Document &D, const Finding &F) const {
  const tooling::DiagnosticMessage &M = F.Diag.Message;
  size_t Start = M.FileOffset, End = exprEnd(D.Text, Start);
  for (const tooling::FileByteRange &R : M.Ranges)
    if (D.absolute(R.FilePath) == D.Path && R.FileOffset == Start) {
      End = R.FileOffset + R.Length;
      break;
    }
  bool Compile = F.Kind == FindingKind::CompileError;
  json::Object Diag{
      {"range", json::Object{{"start", positionOf(D.Text, Start)},
                             {"end", positionOf(D.Text, End)}}},
      {"severity", Compile || F.isError() ? 1 : 2},
      {"source", Compile ? "llvmown (compiler)" : "llvmown"},
      {"message", M.Message},
      {"code", F.checkName().str()},
  };
  if (!Compile) {
    StringRef Page = F.checkName();
    Page.consume_front("llvmown-");
    Diag["codeDescription"] = json::Object{
        {"href", documentationUri(("checks/" + Page + ".md").str())}};
  }
  json::Array Related;
  SourceCache Notes;
  for (const tooling::DiagnosticMessage &N : F.Diag.Notes) {
    if (N.FilePath.empty())
      continue;
    std::string NotePath = D.absolute(N.FilePath);
    // A note in this file is placed in the editor's text; one elsewhere, on
    // its line in the file on disk.
    Position P;
    if (NotePath != D.Path)
      P = Notes.position(NotePath, N.FileOffset);
    json::Object Pos =
        NotePath == D.Path
            ? positionOf(D.Text, N.FileOffset)
            : json::Object{
                  {"line", P.Line ? P.Line - 1 : 0},
                  {"character", P.CodePointColumn ? P.CodePointColumn - 1 : 0}};
    Related.push_back(json::Object{
        {"location",
         json::Object{{"uri", fileUri(NotePath)},
                      {"range", json::Object{{"start", json::Object(Pos)},
                                             {"end", std::move(Pos)}}}}},
        {"message", N.Message}});
  }
  if (!Related.empty())
    Diag["relatedInformation"] = std::move(Related);
  return Diag;
}

void Server::publish(const std::string &Uri, const Document &D,
                     json::Array Diagnostics) {
  Out.write(json::Object{
      {"jsonrpc", "2.0"},
      {"method", "textDocument/publishDiagnostics"},
      {"params", json::Object{{"uri", Uri},
                              {"version", D.Version},
                              {"diagnostics", std::move(Diagnostics)}}}});
}

json::Object rangeOf(StringRef Text, size_t From, size_t To) {
  return json::Object{{"start", positionOf(Text, From)},
                      {"end", positionOf(Text, To)}};
}

json::Object quickFix(std::string Title, json::Object Diag, StringRef Uri,
                      json::Array Edits, bool Preferred) {
  json::Object Changes;
  Changes[Uri.str()] = std::move(Edits);
  return json::Object{{"title", std::move(Title)},
                      {"kind", "quickfix"},
                      {"diagnostics", json::Array{std::move(Diag)}},
                      {"isPreferred", Preferred},
                      {"edit", json::Object{{"changes", std::move(Changes)}}}};
}

json::Array Server::codeActions(const json::Object &Params) {
  json::Array Actions;
  const json::Object *TD = Params.getObject("textDocument");
  std::optional<StringRef> Uri = TD ? TD->getString("uri") : std::nullopt;
  auto It = Uri ? Docs.find(Uri->str()) : Docs.end();
  if (It == Docs.end())
    return Actions;
  const Document &D = It->second;
  const json::Object *Range = Params.getObject("range");
  size_t From = offsetOf(D.Text, Range ? Range->getObject("start") : nullptr);
  size_t To = offsetOf(D.Text, Range ? Range->getObject("end") : nullptr);
  for (const Finding &F : D.Findings) {
    if (F.Kind != FindingKind::Warning)
      continue;
    size_t At = F.Diag.Message.FileOffset;
    size_t LineStart = At == 0 ? 0 : D.Text.rfind('\n', At - 1);
    LineStart = LineStart == std::string::npos || At == 0 ? 0 : LineStart + 1;
    size_t LineEnd = std::min(D.Text.find('\n', At), D.Text.size());
    if (To < LineStart || From > LineEnd)
      continue;
    // The fix-it, when the check offers one.
    json::Array Edits;
    for (const auto &[File, Replacements] : F.Diag.Message.Fix)
      if (D.absolute(File) == D.Path)
        for (const tooling::Replacement &R : Replacements)
          Edits.push_back(
              json::Object{{"range", rangeOf(D.Text, R.getOffset(),
                                             R.getOffset() + R.getLength())},
                           {"newText", R.getReplacementText().str()}});
    if (!Edits.empty())
      Actions.push_back(
          quickFix("Apply llvmown's fix: " + F.Diag.Message.Message,
                   diagnostic(D, F), *Uri, std::move(Edits),
                   /*Preferred=*/true));
    // The suppression, at the end of the finding's line.
    std::string Comment = (" // NOLINT(" + F.checkName() + ")").str();
    json::Array Nolint{json::Object{
        {"range", rangeOf(D.Text, LineEnd, LineEnd)}, {"newText", Comment}}};
    Actions.push_back(quickFix("Suppress with" + Comment, diagnostic(D, F),
                               *Uri, std::move(Nolint),
                               /*Preferred=*/false));
  }
  return Actions;
}

} // namespace

int runLanguageServer(const ToolOptions &Opts, LayeredOptions Layers) {
  // Standard output carries the protocol: nothing else may write there.
  return Server(Opts, std::move(Layers)).run();
}

} // namespace clang::tidy::llvmown::tool
