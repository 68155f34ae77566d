//===- Sarif.cpp - SARIF 2.1.0 reports ------------------------------------===//
//
// Written for GitHub code scanning: one rule per check with descriptions
// and help (from CheckInfo), stable rule ids (the check names), locations
// relative to the SRCROOT base (the project root), partialFingerprints
// (Baseline.h) so that alerts survive unrelated edits, and the notes of a
// finding as relatedLocations and as a codeFlow ("created here", "still
// owned here").
//
//===----------------------------------------------------------------------===//

#include "CheckInfo.h"
#include "Discovery.h"
#include "Options.h"
#include "Outputs.h"

#include "engine/framework/CompatADT.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include <map>
#include <optional>
#include <tuple>

using llvm::StringRef;
namespace json = llvm::json;

#ifndef LLVMOWN_INFORMATION_URI
#define LLVMOWN_INFORMATION_URI ""
#endif
#ifndef LLVMOWN_SOURCE_DIR
#define LLVMOWN_SOURCE_DIR ""
#endif

namespace clang::tidy::llvmown::tool {

namespace {

/// Percent-encodes everything but unreserved characters and '/'.
std::string encodePath(StringRef Path) {
  std::string Out;
  for (unsigned char C : Path) {
    if (llvm::isAlnum(C) || C == '-' || C == '.' || C == '_' || C == '~' ||
        C == '/') {
      Out += C;
    } else {
      Out += '%';
      Out += llvm::hexdigit(C >> 4, /*LowerCase=*/false);
      Out += llvm::hexdigit(C & 15, false);
    }
  }
  return Out;
}

json::Object artifactLocation(StringRef AbsPath, StringRef Root) {
  std::string Display = displayPath(AbsPath, Root);
  if (!llvm::sys::path::is_absolute(Display))
    return json::Object{{"uri", encodePath(Display)}, {"uriBaseId", "SRCROOT"}};
  return json::Object{{"uri", fileUri(AbsPath)}};
}

json::Object physicalLocation(StringRef AbsPath, const Position &P,
                              StringRef Root) {
  json::Object Region{{"startLine", P.Line}};
  if (P.CodePointColumn)
    Region["startColumn"] = P.CodePointColumn;
  return json::Object{{"artifactLocation", artifactLocation(AbsPath, Root)},
                      {"region", std::move(Region)}};
}

/// A rule's name for people, which SARIF wants distinct from its id:
/// llvmown-target-machine-leak is TargetMachineLeak.
std::string ruleName(StringRef Check) {
  Check.consume_front("llvmown-");
  std::string Name;
  bool Upper = true;
  for (char C : Check) {
    if (C == '-') {
      Upper = true;
      continue;
    }
    Name += Upper ? llvm::toUpper(C) : C;
    Upper = false;
  }
  return Name;
}

json::Object rule(StringRef Check) {
  const CheckInfo *Info = findCheckInfo(Check);
  std::string Short =
      Info ? Info->ShortDescription.str() : "llvmown check " + Check.str();
  std::string Full = Info ? Info->FullDescription.str() : Short + ".";
  std::string Doc = Info ? Info->DocPath.str() : std::string("docs/checks/");
  std::string HelpText =
      Full + "\nDocumentation: " + Doc + " in the llvmown sources.";
  std::string HelpMarkdown = "**" + Check.str() + "**: " + Full +
                             "\n\nDocumentation: `" + Doc +
                             "` in the llvmown sources.";
  return json::Object{
      {"id", Check},
      {"name", ruleName(Check)},
      {"shortDescription", json::Object{{"text", Short}}},
      {"fullDescription", json::Object{{"text", Full}}},
      {"help", json::Object{{"text", HelpText}, {"markdown", HelpMarkdown}}},
      {"defaultConfiguration", json::Object{{"level", "warning"}}},
      {"properties", json::Object{{"tags", json::Array{"correctness", "llvm"}},
                                  {"precision", "high"},
                                  {"problem.severity", "warning"}}}};
}

json::Object result(const Finding &F, unsigned RuleIndex, StringRef Root) {
  json::Object R{
      {"ruleId", F.checkName()},
      {"ruleIndex", RuleIndex},
      {"level", F.isError() ? "error" : "warning"},
      {"message", json::Object{{"text", F.Diag.Message.Message}}},
      {"locations",
       json::Array{json::Object{
           {"physicalLocation", physicalLocation(F.File, F.Pos, Root)}}}},
      {"partialFingerprints", json::Object{{"llvmown/v1", F.Fingerprint}}},
  };

  json::Array Related, FlowLocations;
  FlowLocations.push_back(json::Object{
      {"location",
       json::Object{
           {"physicalLocation", physicalLocation(F.File, F.Pos, Root)},
           {"message", json::Object{{"text", F.Diag.Message.Message}}}}}});
  for (size_t I = 0; I < F.Diag.Notes.size(); ++I) {
    if (F.NoteFiles[I].empty() || !F.NotePositions[I].Line)
      continue; // a note without a place in a file
    json::Object Message{{"text", F.Diag.Notes[I].Message}};
    Related.push_back(json::Object{
        {"id", static_cast<int64_t>(Related.size() + 1)},
        {"physicalLocation",
         physicalLocation(F.NoteFiles[I], F.NotePositions[I], Root)},
        {"message", json::Object(Message)}});
    FlowLocations.push_back(json::Object{
        {"location", json::Object{{"physicalLocation",
                                   physicalLocation(F.NoteFiles[I],
                                                    F.NotePositions[I], Root)},
                                  {"message", std::move(Message)}}}});
  }
  if (!Related.empty()) {
    R["relatedLocations"] = std::move(Related);
    R["codeFlows"] = json::Array{json::Object{
        {"threadFlows",
         json::Array{json::Object{{"locations", std::move(FlowLocations)}}}}}};
  }

  json::Array Fixes;
  for (const auto &FileAndReplacements : F.Diag.Message.Fix) {
    std::string File =
        resolvePath(FileAndReplacements.first(), F.Diag.BuildDirectory);
    json::Array Replacements;
    for (const clang::tooling::Replacement &Repl : FileAndReplacements.second)
      Replacements.push_back(json::Object{
          {"deletedRegion", json::Object{{"byteOffset", Repl.getOffset()},
                                         {"byteLength", Repl.getLength()}}},
          {"insertedContent",
           json::Object{{"text", Repl.getReplacementText()}}}});
    Fixes.push_back(
        json::Object{{"description", json::Object{{"text", "llvmown fix-it"}}},
                     {"artifactChanges",
                      json::Array{json::Object{
                          {"artifactLocation", artifactLocation(File, Root)},
                          {"replacements", std::move(Replacements)}}}}});
  }
  if (!Fixes.empty())
    R["fixes"] = std::move(Fixes);
  if (F.Fixed)
    R["properties"] = json::Object{{"llvmown/fixed", true}};
  return R;
}

json::Object notification(const RunError &E, StringRef Root) {
  std::string Text = E.Message;
  if (!E.TranslationUnit.empty() && E.File != E.TranslationUnit)
    Text += " (while checking " + E.TranslationUnit + ")";
  json::Object N{{"level", "error"},
                 {"message", json::Object{{"text", Text}}},
                 {"descriptor", json::Object{{"id", E.Kind}}}};
  if (!E.File.empty() && E.Pos.Line)
    N["locations"] = json::Array{json::Object{
        {"physicalLocation", physicalLocation(E.File, E.Pos, Root)}}};
  return N;
}

json::Value sarifLog(json::Object Run) {
  return json::Object{
      {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
      {"version", "2.1.0"},
      {"runs", json::Array{std::move(Run)}}};
}

} // namespace

std::string documentationUri(StringRef Page) {
  // A configured URI names the manual (tool.md); the other pages are beside
  // it.
  if (*LLVMOWN_INFORMATION_URI) {
    StringRef Manual = LLVMOWN_INFORMATION_URI;
    if (Page == "tool.md")
      return Manual.str();
    return (Manual.rsplit('/').first + "/" + Page).str();
  }
  std::string Exe = llvm::sys::fs::getMainExecutable(nullptr, nullptr);
  llvm::SmallString<256> Installed(llvm::sys::path::parent_path(Exe));
  llvm::sys::path::append(Installed, "..", "share", "doc");
  llvm::sys::path::append(Installed, "llvmown", Page);
  llvm::sys::path::remove_dots(Installed, /*remove_dot_dot=*/true);
  if (llvm::sys::fs::exists(Installed))
    return fileUri(Installed);
  llvm::SmallString<256> Source(LLVMOWN_SOURCE_DIR);
  llvm::sys::path::append(Source, "docs", Page);
  if (*LLVMOWN_SOURCE_DIR && llvm::sys::fs::exists(Source))
    return fileUri(Source);
  return fileUri(Installed);
}

/// The tool's manual: as configured, else beside the running tool
/// (installed), else in the sources it was built from (a build tree).
static std::string informationUri() { return documentationUri("tool.md"); }

std::string fileUri(StringRef AbsPath) {
  return "file://" + encodePath(llvm::sys::path::convert_to_slash(AbsPath));
}

std::string pathOfUri(StringRef Uri) {
  Uri.consume_front("file://");
  std::string Path;
  for (size_t I = 0; I < Uri.size(); ++I) {
    unsigned Hex;
    if (Uri[I] == '%' && I + 2 < Uri.size() &&
        !Uri.substr(I + 1, 2).getAsInteger(16, Hex)) {
      Path.push_back(char(Hex));
      I += 2;
    } else {
      Path.push_back(Uri[I]);
    }
  }
  return Path;
}

void writeSarif(llvm::raw_ostream &OS, const ReportData &Data) {
  // Rules: the enabled checks plus any other check that reported (a
  // .clang-tidy file may enable different checks in another directory).
  std::vector<std::string> Checks = Data.Checks;
  for (const Finding *F : Data.Findings)
    if (!llvm::is_contained(Checks, F->checkName()))
      Checks.push_back(F->checkName().str());
  llvm::sort(Checks);
  llvm::StringMap<unsigned> RuleIndex;
  json::Array Rules;
  for (const std::string &C : Checks) {
    RuleIndex[C] = Rules.size();
    Rules.push_back(rule(C));
  }

  json::Array Results;
  for (const Finding *F : Data.Findings)
    Results.push_back(result(*F, RuleIndex[F->checkName()], Data.ProjectRoot));

  json::Array Artifacts;
  for (const std::string &File : Data.Files)
    Artifacts.push_back(
        json::Object{{"location", artifactLocation(File, Data.ProjectRoot)},
                     {"roles", json::Array{"analysisTarget"}}});

  json::Array Notifications;
  for (const RunError &E : Data.Errors)
    Notifications.push_back(notification(E, Data.ProjectRoot));

  json::Object Run{
      {"tool", json::Object{{"driver",
                             json::Object{{"name", "llvmown"},
                                          {"informationUri", informationUri()},
                                          {"version", toolVersion()},
                                          {"semanticVersion", toolVersion()},
                                          {"rules", std::move(Rules)}}}}},
      {"originalUriBaseIds",
       json::Object{
           {"SRCROOT",
            json::Object{{"uri", fileUri(Data.ProjectRoot == "/"
                                             ? "/"
                                             : Data.ProjectRoot + "/")}}}}},
      {"columnKind", "unicodeCodePoints"},
      {"artifacts", std::move(Artifacts)},
      {"invocations",
       json::Array{json::Object{
           {"executionSuccessful", Data.Errors.empty()},
           {"toolExecutionNotifications", std::move(Notifications)}}}},
      {"results", std::move(Results)},
  };
  OS << llvm::formatv("{0:2}", sarifLog(std::move(Run))) << "\n";
}

int detail::mergeSarifReports(const std::vector<json::Value> &Docs,
                              const std::vector<std::string> &Names,
                              llvm::raw_ostream &OS, std::string &Error) {
  // One run in the result: GitHub rejects uploads with several runs of the
  // same tool and category.
  std::optional<json::Object> Driver;
  std::optional<json::Value> BaseIds;
  std::map<std::string, json::Value> RulesById;
  json::Array Results, Artifacts, Notifications;
  llvm::StringSet<> SeenArtifacts;
  bool Successful = true;
  for (size_t I = 0; I < Docs.size(); ++I) {
    const json::Object *Log = Docs[I].getAsObject();
    const json::Array *Runs = Log->getArray("runs");
    if (compat::toStd(Log->getString("version")) != "2.1.0" || !Runs) {
      Error = "'" + Names[I] + "' is not a SARIF 2.1.0 log";
      return 2;
    }
    for (const json::Value &RunValue : *Runs) {
      const json::Object *Run = RunValue.getAsObject();
      const json::Object *Tool = Run ? Run->getObject("tool") : nullptr;
      const json::Object *D = Tool ? Tool->getObject("driver") : nullptr;
      if (!D || compat::toStd(D->getString("name")) != "llvmown") {
        Error = "'" + Names[I] + "' holds a run that is not llvmown's";
        return 2;
      }
      if (!Driver)
        Driver = *D;
      if (const json::Array *Rules = D->getArray("rules"))
        for (const json::Value &R : *Rules)
          if (const json::Object *RO = R.getAsObject())
            if (std::optional<StringRef> Id =
                    compat::toStd(RO->getString("id")))
              RulesById.emplace(Id->str(), R);
      if (!BaseIds)
        if (const json::Value *B = Run->get("originalUriBaseIds"))
          BaseIds = *B;
      if (const json::Array *A = Run->getArray("artifacts"))
        for (const json::Value &Art : *A) {
          std::string Key;
          llvm::raw_string_ostream(Key) << Art;
          if (SeenArtifacts.insert(Key).second)
            Artifacts.push_back(Art);
        }
      if (const json::Array *Inv = Run->getArray("invocations"))
        for (const json::Value &InvValue : *Inv)
          if (const json::Object *IO = InvValue.getAsObject()) {
            Successful &= compat::toStd(IO->getBoolean("executionSuccessful"))
                              .value_or(true);
            if (const json::Array *N =
                    IO->getArray("toolExecutionNotifications"))
              Notifications.insert(Notifications.end(), N->begin(), N->end());
          }
      if (const json::Array *Rs = Run->getArray("results"))
        Results.insert(Results.end(), Rs->begin(), Rs->end());
    }
  }
  if (!Driver) {
    Error = "no SARIF runs to merge";
    return 2;
  }

  json::Array Rules;
  llvm::StringMap<unsigned> RuleIndex;
  for (auto &[Id, R] : RulesById) {
    RuleIndex[Id] = Rules.size();
    Rules.push_back(R);
  }
  (*Driver)["rules"] = std::move(Rules);

  auto Key = [](const json::Value &V) {
    std::string Uri, Rule;
    int64_t Line = 0, Column = 0;
    if (const json::Object *R = V.getAsObject()) {
      Rule = compat::toStd(R->getString("ruleId")).value_or("").str();
      if (const json::Array *Ls = R->getArray("locations"); Ls && !Ls->empty())
        if (const json::Object *L = (*Ls)[0].getAsObject())
          if (const json::Object *P = L->getObject("physicalLocation")) {
            if (const json::Object *A = P->getObject("artifactLocation"))
              Uri = compat::toStd(A->getString("uri")).value_or("").str();
            if (const json::Object *Rg = P->getObject("region")) {
              Line = compat::toStd(Rg->getInteger("startLine")).value_or(0);
              Column = compat::toStd(Rg->getInteger("startColumn")).value_or(0);
            }
          }
    }
    return std::make_tuple(Uri, Line, Column, Rule);
  };
  llvm::stable_sort(Results, [&](const json::Value &A, const json::Value &B) {
    return Key(A) < Key(B);
  });
  bool Unfixed = false;
  for (json::Value &V : Results) {
    json::Object *R = V.getAsObject();
    if (!R)
      continue;
    if (std::optional<StringRef> Id = compat::toStd(R->getString("ruleId"))) {
      auto It = RuleIndex.find(*Id);
      if (It != RuleIndex.end())
        (*R)["ruleIndex"] = It->second;
    }
    const json::Object *Props = R->getObject("properties");
    Unfixed |=
        !(Props &&
          compat::toStd(Props->getBoolean("llvmown/fixed")).value_or(false));
  }

  json::Object Run{
      {"tool", json::Object{{"driver", std::move(*Driver)}}},
      {"columnKind", "unicodeCodePoints"},
      {"artifacts", std::move(Artifacts)},
      {"invocations",
       json::Array{json::Object{
           {"executionSuccessful", Successful},
           {"toolExecutionNotifications", std::move(Notifications)}}}},
      {"results", std::move(Results)},
  };
  if (BaseIds)
    Run["originalUriBaseIds"] = std::move(*BaseIds);
  OS << llvm::formatv("{0:2}", sarifLog(std::move(Run))) << "\n";
  return !Successful ? 2 : Unfixed ? 1 : 0;
}

} // namespace clang::tidy::llvmown::tool
