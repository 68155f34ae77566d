//===- CiFormats.cpp - reports in the formats CI services read ------------===//

#include "CiFormats.h"

#include "Discovery.h"

#include "engine/framework/CompatADT.h"
#include "llvm/ADT/StringExtras.h"
#include <optional>

using llvm::StringRef;
namespace json = llvm::json;

namespace clang::tidy::llvmown::tool {

namespace {

CiPlace place(StringRef AbsPath, const Position &P, StringRef Root) {
  return CiPlace{AbsPath.empty() ? "" : displayPath(AbsPath, Root), P.Line,
                 P.Column};
}

std::string str(const json::Object *O, StringRef Key) {
  return O ? compat::toStd(O->getString(Key)).value_or("").str() : "";
}

unsigned num(const json::Object *O, StringRef Key) {
  return O ? unsigned(compat::toStd(O->getInteger(Key)).value_or(0)) : 0;
}

/// A place of llvmown's JSON report: an absolute path, shown relative to
/// the report's root.
CiPlace jsonPlace(const json::Object *O, StringRef Root) {
  std::string File = str(O, "file");
  return CiPlace{File.empty() ? "" : displayPath(File, Root), num(O, "line"),
                 num(O, "column")};
}

void readJsonReport(const json::Object &Doc, std::vector<CiItem> &Items) {
  std::string Root = str(&Doc, "root");
  if (const json::Array *Fs = Doc.getArray("findings"))
    for (const json::Value &V : *Fs) {
      const json::Object *F = V.getAsObject();
      if (!F || compat::toStd(F->getBoolean("fixed")).value_or(false))
        continue;
      CiItem I{str(F, "check"),       str(F, "severity") == "error",
               jsonPlace(F, Root),    str(F, "message"),
               str(F, "fingerprint"), {}};
      if (const json::Array *Ns = F->getArray("notes"))
        for (const json::Value &N : *Ns)
          I.Notes.emplace_back(jsonPlace(N.getAsObject(), Root),
                               str(N.getAsObject(), "message"));
      Items.push_back(std::move(I));
    }
  if (const json::Array *Es = Doc.getArray("errors"))
    for (const json::Value &V : *Es) {
      const json::Object *E = V.getAsObject();
      Items.push_back(CiItem{
          "llvmown", true, jsonPlace(E, Root), str(E, "message"), "", {}});
    }
}

/// A SARIF artifact URI as llvmown writes it: percent-encoded, relative to
/// SRCROOT (the project root) or a file:// URI.
std::string sarifPath(const json::Object *ArtifactLocation) {
  return pathOfUri(str(ArtifactLocation, "uri"));
}

CiPlace sarifPlace(const json::Object *Location) {
  const json::Object *Physical =
      Location ? Location->getObject("physicalLocation") : nullptr;
  if (!Physical)
    return {};
  const json::Object *Region = Physical->getObject("region");
  return CiPlace{sarifPath(Physical->getObject("artifactLocation")),
                 num(Region, "startLine"), num(Region, "startColumn")};
}

const json::Object *firstObject(const json::Object *O, StringRef Key) {
  const json::Array *A = O ? O->getArray(Key) : nullptr;
  return A && !A->empty() ? A->front().getAsObject() : nullptr;
}

std::string messageText(const json::Object *O) {
  return str(O ? O->getObject("message") : nullptr, "text");
}

void readSarifRun(const json::Object &Run, std::vector<CiItem> &Items) {
  if (const json::Array *Rs = Run.getArray("results"))
    for (const json::Value &V : *Rs) {
      const json::Object *R = V.getAsObject();
      if (!R)
        continue;
      const json::Object *Props = R->getObject("properties");
      if (Props &&
          compat::toStd(Props->getBoolean("llvmown/fixed")).value_or(false))
        continue;
      CiItem I{str(R, "ruleId"),
               str(R, "level") == "error",
               sarifPlace(firstObject(R, "locations")),
               messageText(R),
               str(R->getObject("partialFingerprints"), "llvmown/v1"),
               {}};
      if (const json::Array *Rel = R->getArray("relatedLocations"))
        for (const json::Value &N : *Rel)
          I.Notes.emplace_back(sarifPlace(N.getAsObject()),
                               messageText(N.getAsObject()));
      Items.push_back(std::move(I));
    }
  if (const json::Array *Inv = Run.getArray("invocations"))
    for (const json::Value &V : *Inv)
      if (const json::Array *Ns =
              V.getAsObject()
                  ? V.getAsObject()->getArray("toolExecutionNotifications")
                  : nullptr)
        for (const json::Value &N : *Ns)
          Items.push_back(
              CiItem{"llvmown",
                     true,
                     sarifPlace(firstObject(N.getAsObject(), "locations")),
                     messageText(N.getAsObject()),
                     "",
                     {}});
}

/// GitHub's escapes for a workflow command's message and properties.
std::string escapeData(StringRef S) {
  std::string Out;
  for (char C : S)
    Out += C == '%'    ? "%25"
           : C == '\r' ? "%0D"
           : C == '\n' ? "%0A"
                       : std::string(1, C);
  return Out;
}

std::string escapeProperty(StringRef S) {
  std::string Out;
  for (char C : escapeData(S))
    Out += C == ':' ? "%3A" : C == ',' ? "%2C" : std::string(1, C);
  return Out;
}

std::string describe(const CiPlace &P) {
  std::string S = P.Path;
  if (P.Line)
    S += ":" + std::to_string(P.Line);
  if (P.Line && P.Column)
    S += ":" + std::to_string(P.Column);
  return S;
}

} // namespace

std::vector<CiItem> ciItems(const ReportData &Data) {
  std::vector<CiItem> Items;
  for (const Finding *F : Data.Findings) {
    if (F->Fixed)
      continue; // gone from the sources
    CiItem I{F->checkName().str(),
             F->isError(),
             place(F->File, F->Pos, Data.ProjectRoot),
             F->Diag.Message.Message,
             F->Fingerprint,
             {}};
    for (size_t N = 0; N < F->Diag.Notes.size(); ++N)
      I.Notes.emplace_back(
          place(F->NoteFiles[N], F->NotePositions[N], Data.ProjectRoot),
          F->Diag.Notes[N].Message);
    Items.push_back(std::move(I));
  }
  for (const RunError &E : Data.Errors) {
    std::string Text = E.Message;
    if (!E.TranslationUnit.empty() && E.File != E.TranslationUnit)
      Text += " (while checking " +
              displayPath(E.TranslationUnit, Data.ProjectRoot) + ")";
    Items.push_back(CiItem{
        "llvmown", true, place(E.File, E.Pos, Data.ProjectRoot), Text, "", {}});
  }
  return Items;
}

bool readCiItems(const json::Value &Doc, StringRef Name,
                 std::vector<CiItem> &Items, std::string &Error) {
  const json::Object *O = Doc.getAsObject();
  if (O && O->getArray("runs")) {
    for (const json::Value &Run : *O->getArray("runs"))
      if (const json::Object *R = Run.getAsObject())
        readSarifRun(*R, Items);
    return true;
  }
  if (O && compat::toStd(O->getInteger("version")) == 1 &&
      O->getArray("findings")) {
    readJsonReport(*O, Items);
    return true;
  }
  Error = "'" + Name.str() +
          "' is neither an llvmown JSON report nor a SARIF log: only those "
          "can be turned into another format";
  return false;
}

void writeGithub(llvm::raw_ostream &OS, llvm::ArrayRef<CiItem> Items) {
  for (const CiItem &I : Items) {
    OS << "::" << (I.Error ? "error" : "warning") << " ";
    if (!I.At.Path.empty()) {
      OS << "file=" << escapeProperty(I.At.Path);
      if (I.At.Line)
        OS << ",line=" << I.At.Line;
      if (I.At.Line && I.At.Column)
        OS << ",col=" << I.At.Column;
      OS << ",";
    }
    OS << "title=" << escapeProperty(I.Check) << "::";
    // Notes go into the message: an annotation has one place.
    std::string Text = I.Message;
    for (const auto &[At, Message] : I.Notes)
      Text +=
          "\nnote: " + (At.Path.empty() ? "" : describe(At) + ": ") + Message;
    OS << escapeData(Text) << "\n";
  }
}

void writeCodeClimate(llvm::raw_ostream &OS, llvm::ArrayRef<CiItem> Items) {
  json::OStream J(OS, /*IndentSize=*/2);
  J.array([&] {
    for (const CiItem &I : Items) {
      if (I.Fingerprint.empty() || I.At.Path.empty())
        continue; // a run error
      J.object([&] {
        J.attribute("type", "issue");
        J.attribute("check_name", I.Check);
        J.attribute("description", I.Message);
        if (!I.Notes.empty()) {
          std::string Body;
          for (const auto &[At, Message] : I.Notes)
            Body += "- " + (At.Path.empty() ? "" : "`" + describe(At) + "`: ") +
                    Message + "\n";
          J.attributeObject("content", [&] { J.attribute("body", Body); });
        }
        J.attributeArray("categories", [&] { J.value("Bug Risk"); });
        J.attribute("severity", I.Error ? "critical" : "major");
        J.attribute("fingerprint", I.Fingerprint);
        J.attributeObject("location", [&] {
          J.attribute("path", I.At.Path);
          J.attributeObject("lines", [&] {
            J.attribute("begin", I.At.Line);
            J.attribute("end", I.At.Line);
          });
        });
      });
    }
  });
  OS << "\n";
}

} // namespace clang::tidy::llvmown::tool
