//===- Merge.cpp - --merge: one report from several -----------------------===//
//
// CI systems split a big database with --shard and run the pieces on
// different machines; --merge puts their JSON reports, SARIF logs or
// baselines back together. The kind of each input is recognised from its
// contents, and all must be of one kind.
//
//===----------------------------------------------------------------------===//

#include "Baseline.h"
#include "CiFormats.h"
#include "Outputs.h"

#include "engine/framework/CompatADT.h"
#include "llvm/Support/MemoryBuffer.h"
#include <optional>

namespace json = llvm::json;

namespace clang::tidy::llvmown::tool {

namespace {

/// Reads and parses the JSON file \p Name ('-': standard input) into
/// \p Buffer; nothing, with \p Error set, if it cannot.
std::optional<json::Value> readJson(const std::string &Name,
                                    std::unique_ptr<llvm::MemoryBuffer> &Buffer,
                                    std::string &Error) {
  auto Read = llvm::MemoryBuffer::getFileOrSTDIN(Name, /*IsText=*/true);
  if (!Read) {
    Error = "cannot read '" + Name + "': " + Read.getError().message();
    return std::nullopt;
  }
  Buffer = std::move(*Read);
  llvm::Expected<json::Value> Doc = json::parse(Buffer->getBuffer());
  if (!Doc) {
    Error = "'" + Name + "' is not JSON: " + llvm::toString(Doc.takeError());
    return std::nullopt;
  }
  return std::move(*Doc);
}

} // namespace

int mergeOutputs(const std::vector<std::string> &Inputs, llvm::raw_ostream &OS,
                 std::string &Error) {
  enum class Kind { Json, Sarif, Baseline };
  std::vector<json::Value> Docs;
  std::optional<Kind> Common;
  std::vector<BaselineEntry> Entries;
  for (const std::string &Name : Inputs) {
    std::unique_ptr<llvm::MemoryBuffer> Buffer;
    std::optional<json::Value> Doc = readJson(Name, Buffer, Error);
    if (!Doc)
      return 2;
    const json::Object *O = Doc->getAsObject();
    std::optional<Kind> This;
    if (O && O->get("runs"))
      This = Kind::Sarif;
    else if (O && compat::toStd(O->getString("tool")) == "llvmown")
      This = Kind::Baseline;
    else if (O && O->get("findings"))
      This = Kind::Json;
    if (!This) {
      Error = "'" + Name +
              "' is neither an llvmown JSON report, a SARIF log nor a baseline";
      return 2;
    }
    if (Common && *Common != *This) {
      Error = "cannot merge '" + Name +
              "' with the inputs before it: they are of different kinds";
      return 2;
    }
    Common = This;
    if (*This == Kind::Baseline &&
        !parseBaseline(Buffer->getBuffer(), Name, Entries, Error))
      return 2;
    Docs.push_back(std::move(*Doc));
  }
  if (!Common) {
    Error = "--merge needs the files to merge";
    return 2;
  }
  switch (*Common) {
  case Kind::Json:
    return detail::mergeJsonReports(Docs, Inputs, OS, Error);
  case Kind::Sarif:
    return detail::mergeSarifReports(Docs, Inputs, OS, Error);
  case Kind::Baseline:
    printBaseline(OS, std::move(Entries));
    return 0;
  }
  return 2;
}

int convertOutputs(const std::vector<std::string> &Inputs, bool Github,
                   llvm::raw_ostream &OS, std::string &Error) {
  if (Inputs.empty()) {
    Error = "--merge needs the files to merge";
    return 2;
  }
  std::vector<CiItem> Items;
  for (const std::string &Name : Inputs) {
    std::unique_ptr<llvm::MemoryBuffer> Buffer;
    std::optional<json::Value> Doc = readJson(Name, Buffer, Error);
    if (!Doc || !readCiItems(*Doc, Name, Items, Error))
      return 2;
  }
  if (Github)
    writeGithub(OS, Items);
  else
    writeCodeClimate(OS, Items);
  // The status one run over all of them would have had.
  bool Errors = llvm::any_of(
      Items, [](const CiItem &I) { return I.Fingerprint.empty(); });
  return Errors ? 2 : Items.empty() ? 0 : 1;
}

} // namespace clang::tidy::llvmown::tool
