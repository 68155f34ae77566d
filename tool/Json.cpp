//===- Json.cpp - llvmown's JSON report -----------------------------------===//

#include "Outputs.h"

#include "engine/framework/CompatADT.h"
#include "llvm/ADT/StringSet.h"
#include <optional>
#include <tuple>

using llvm::StringRef;
namespace json = llvm::json;

namespace clang::tidy::llvmown::tool {

namespace {

void writeFixes(json::OStream &J, const Finding &F) {
  J.attributeArray("fixes", [&] {
    for (const auto &FileAndReplacements : F.Diag.Message.Fix)
      for (const clang::tooling::Replacement &R : FileAndReplacements.second)
        J.object([&] {
          J.attribute("file",
                      resolvePath(R.getFilePath(), F.Diag.BuildDirectory));
          J.attribute("offset", R.getOffset());
          J.attribute("length", R.getLength());
          J.attribute("replacement", R.getReplacementText());
        });
  });
}

} // namespace

void writeJson(llvm::raw_ostream &OS, const ReportData &Data) {
  json::OStream J(OS, /*IndentSize=*/2);
  J.object([&] {
    J.attribute("version", 1);
    J.attribute("root", Data.ProjectRoot);
    J.attributeArray("files", [&] {
      for (const std::string &File : Data.Files)
        J.value(File);
    });
    J.attributeArray("findings", [&] {
      for (const Finding *F : Data.Findings)
        J.object([&] {
          J.attribute("check", F->checkName());
          J.attribute("severity", F->isError() ? "error" : "warning");
          J.attribute("file", F->File);
          J.attribute("line", F->Pos.Line);
          J.attribute("column", F->Pos.Column);
          J.attribute("message", F->Diag.Message.Message);
          J.attribute("fingerprint", F->Fingerprint);
          J.attributeArray("notes", [&] {
            for (size_t I = 0; I < F->Diag.Notes.size(); ++I)
              J.object([&] {
                J.attribute("file", F->NoteFiles[I]);
                J.attribute("line", F->NotePositions[I].Line);
                J.attribute("column", F->NotePositions[I].Column);
                J.attribute("message", F->Diag.Notes[I].Message);
              });
          });
          writeFixes(J, *F);
          J.attribute("fixed", F->Fixed);
        });
    });
    J.attributeArray("errors", [&] {
      for (const RunError &E : Data.Errors)
        J.object([&] {
          J.attribute("kind", E.Kind);
          J.attribute("translation_unit", E.TranslationUnit);
          if (!E.File.empty()) {
            J.attribute("file", E.File);
            J.attribute("line", E.Pos.Line);
            J.attribute("column", E.Pos.Column);
          }
          J.attribute("message", E.Message);
        });
    });
  });
  OS << "\n";
}

int detail::mergeJsonReports(const std::vector<json::Value> &Docs,
                             const std::vector<std::string> &Names,
                             llvm::raw_ostream &OS, std::string &Error) {
  std::optional<std::string> Root;
  json::Array Files, Findings, Errors;
  llvm::StringSet<> SeenFiles;
  for (size_t I = 0; I < Docs.size(); ++I) {
    const json::Object *O = Docs[I].getAsObject();
    const json::Array *F = O->getArray("findings");
    const json::Array *E = O->getArray("errors");
    if (compat::toStd(O->getInteger("version")) != 1 || !F || !E) {
      Error = "'" + Names[I] + "' is not an llvmown JSON report (version 1)";
      return 2;
    }
    std::optional<StringRef> ThisRoot = compat::toStd(O->getString("root"));
    if (ThisRoot && !Root)
      Root = ThisRoot->str();
    if (const json::Array *Fs = O->getArray("files"))
      for (const json::Value &V : *Fs)
        if (std::optional<StringRef> S = compat::toStd(V.getAsString());
            S && SeenFiles.insert(*S).second)
          Files.push_back(*S);
    Findings.insert(Findings.end(), F->begin(), F->end());
    Errors.insert(Errors.end(), E->begin(), E->end());
  }

  // Sorted, so that the result does not depend on the order of the inputs.
  auto Key = [](const json::Value &V) {
    const json::Object *O = V.getAsObject();
    auto Str = [&](StringRef K) {
      return O ? compat::toStd(O->getString(K)).value_or("").str()
               : std::string();
    };
    auto Int = [&](StringRef K) {
      return O ? compat::toStd(O->getInteger(K)).value_or(0) : 0;
    };
    return std::make_tuple(Str("file"), Int("line"), Int("column"),
                           Str("check"), Str("message"));
  };
  llvm::stable_sort(Findings, [&](const json::Value &A, const json::Value &B) {
    return Key(A) < Key(B);
  });
  std::vector<std::string> SortedFiles;
  for (const json::Value &V : Files)
    SortedFiles.push_back(V.getAsString()->str());
  llvm::sort(SortedFiles);

  bool Unfixed = llvm::any_of(Findings, [](const json::Value &V) {
    const json::Object *O = V.getAsObject();
    return !(O && compat::toStd(O->getBoolean("fixed")).value_or(false));
  });

  bool AnyErrors = !Errors.empty();
  json::OStream J(OS, 2);
  J.object([&] {
    J.attribute("version", 1);
    J.attribute("root", Root.value_or(""));
    J.attributeArray("files", [&] {
      for (const std::string &S : SortedFiles)
        J.value(S);
    });
    J.attribute("findings", json::Value(std::move(Findings)));
    J.attribute("errors", json::Value(std::move(Errors)));
  });
  OS << "\n";
  return AnyErrors ? 2 : Unfixed ? 1 : 0;
}

} // namespace clang::tidy::llvmown::tool
