//===- Baseline.cpp - fingerprints of findings, and baseline files --------===//

#include "Baseline.h"

#include "engine/framework/CompatADT.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SHA256.h"
#include <optional>
#include <tuple>

using llvm::StringRef;

namespace clang::tidy::llvmown::tool {

namespace {
bool isWordChar(char C) { return llvm::isAlnum(C) || C == '_'; }
} // namespace

std::string normalizeMessage(StringRef Message) {
  std::string Out;
  for (size_t I = 0; I < Message.size();) {
    if (llvm::isDigit(Message[I]) && (I == 0 || !isWordChar(Message[I - 1]))) {
      size_t J = I;
      while (J < Message.size() && llvm::isDigit(Message[J]))
        ++J;
      if (J == Message.size() || !isWordChar(Message[J])) {
        Out += '#';
        I = J;
        continue;
      }
      // Digits starting a word ("2nd"): kept.
      Out.append(Message.data() + I, J - I);
      I = J;
      continue;
    }
    Out += Message[I++];
  }
  return Out;
}

std::string normalizeSourceLine(StringRef Line) {
  std::string Out;
  bool PendingSpace = false;
  for (char C : Line) {
    if (llvm::isSpace(C)) {
      PendingSpace = !Out.empty();
      continue;
    }
    if (PendingSpace)
      Out += ' ';
    PendingSpace = false;
    Out += C;
  }
  return Out;
}

std::string Fingerprinter::fingerprint(StringRef Check, StringRef RelPath,
                                       StringRef Message, StringRef LineText) {
  std::string Key = Check.str();
  std::string NormalMessage = normalizeMessage(Message);
  std::string NormalLine = normalizeSourceLine(LineText);
  for (StringRef Part :
       {RelPath, StringRef(NormalMessage), StringRef(NormalLine)}) {
    Key += '\0';
    Key += Part;
  }
  unsigned Index = Occurrences[Key]++;
  Key += '\0';
  Key += std::to_string(Index);
  std::array<uint8_t, 32> Hash = llvm::SHA256::hash(llvm::ArrayRef(
      reinterpret_cast<const uint8_t *>(Key.data()), Key.size()));
  // 128 bits are plenty to tell findings apart.
  return llvm::toHex(llvm::ArrayRef(Hash).take_front(16), /*LowerCase=*/true);
}

BaselineEntry baselineEntry(const Finding &F) {
  return BaselineEntry{F.Fingerprint, F.checkName().str(), F.DisplayPath,
                       normalizeMessage(F.Diag.Message.Message)};
}

bool parseBaseline(StringRef Text, StringRef Name,
                   std::vector<BaselineEntry> &Entries, std::string &Error) {
  llvm::Expected<llvm::json::Value> Parsed = llvm::json::parse(Text);
  if (!Parsed) {
    Error = "invalid baseline '" + Name.str() +
            "': JSON error: " + llvm::toString(Parsed.takeError());
    return false;
  }
  const llvm::json::Object *Root = Parsed->getAsObject();
  const llvm::json::Array *List = Root ? Root->getArray("findings") : nullptr;
  if (!Root || compat::toStd(Root->getString("tool")) != "llvmown" ||
      compat::toStd(Root->getInteger("version")) != 1 || !List) {
    Error = "'" + Name.str() +
            "' is not an llvmown baseline (version 1; written by "
            "--write-baseline)";
    return false;
  }
  for (const llvm::json::Value &V : *List) {
    const llvm::json::Object *O = V.getAsObject();
    std::optional<StringRef> FP =
        O ? compat::toStd(O->getString("fingerprint")) : std::nullopt;
    if (!FP) {
      Error = "invalid baseline '" + Name.str() +
              "': an entry without a \"fingerprint\" string";
      return false;
    }
    BaselineEntry E;
    E.Fingerprint = FP->str();
    E.Check = compat::toStd(O->getString("check")).value_or("").str();
    E.File = compat::toStd(O->getString("file")).value_or("").str();
    E.Message = compat::toStd(O->getString("message")).value_or("").str();
    Entries.push_back(std::move(E));
  }
  return true;
}

bool readBaseline(StringRef Path, llvm::StringSet<> &Fingerprints,
                  std::string &Error) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buffer) {
    Error = "cannot read baseline '" + Path.str() +
            "': " + Buffer.getError().message();
    return false;
  }
  std::vector<BaselineEntry> Entries;
  if (!parseBaseline((*Buffer)->getBuffer(), Path, Entries, Error))
    return false;
  for (const BaselineEntry &E : Entries)
    Fingerprints.insert(E.Fingerprint);
  return true;
}

void printBaseline(llvm::raw_ostream &OS, std::vector<BaselineEntry> Entries) {
  llvm::sort(Entries, [](const BaselineEntry &A, const BaselineEntry &B) {
    return std::tie(A.File, A.Check, A.Message, A.Fingerprint) <
           std::tie(B.File, B.Check, B.Message, B.Fingerprint);
  });
  // Duplicates appear when baselines of overlapping runs are merged.
  Entries.erase(std::unique(Entries.begin(), Entries.end(),
                            [](const BaselineEntry &A, const BaselineEntry &B) {
                              return A.Fingerprint == B.Fingerprint;
                            }),
                Entries.end());
  llvm::json::OStream J(OS, /*IndentSize=*/2);
  J.object([&] {
    J.attribute("version", 1);
    J.attribute("tool", "llvmown");
    J.attributeArray("findings", [&] {
      for (const BaselineEntry &E : Entries)
        J.object([&] {
          J.attribute("fingerprint", E.Fingerprint);
          J.attribute("check", E.Check);
          J.attribute("file", E.File);
          J.attribute("message", E.Message);
        });
    });
  });
  OS << "\n";
}

} // namespace clang::tidy::llvmown::tool
