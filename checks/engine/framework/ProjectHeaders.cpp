//===- ProjectHeaders.cpp -------------------------------------------------===//

#include "engine/framework/ProjectHeaders.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace clang::tidy::llvmown {

namespace {
/// The libraries whose headers are never the project's, each with a path
/// that every copy of it has, so that a project's own "llvm/" folder is not
/// taken for LLVM's (as the tool's body skipping decides).
struct Library {
  const char *Folder;
  const char *Marker;
};
const Library Libraries[] = {
    {"llvm", "Support"},    {"llvm-c", "Core.h"}, {"clang", "Basic"},
    {"clang-c", "Index.h"}, {"mlir", "IR"},
};
} // namespace

ProjectHeaders::ProjectHeaders(llvm::StringRef FilterText,
                               llvm::StringRef ExcludeText) {
  if (!FilterText.empty())
    Filter = std::make_unique<llvm::Regex>(FilterText);
  if (!ExcludeText.empty())
    Exclude = std::make_unique<llvm::Regex>(ExcludeText);
  // An invalid expression is clang-tidy's to report; it selects nothing.
  if (Filter && !Filter->isValid())
    Filter.reset();
  if (Exclude && !Exclude->isValid())
    Exclude.reset();
}

bool ProjectHeaders::isLibraryPath(llvm::StringRef Path) {
  llvm::SmallString<256> Dir(llvm::sys::path::parent_path(Path));
  // Walk up from the file's folder: .../include/llvm/IR/Module.h is LLVM's
  // when .../include/llvm/Support exists.
  while (!Dir.empty()) {
    llvm::StringRef Name = llvm::sys::path::filename(Dir);
    for (const Library &L : Libraries) {
      if (Name != L.Folder)
        continue;
      llvm::SmallString<256> Marker(Dir);
      llvm::sys::path::append(Marker, L.Marker);
      if (llvm::sys::fs::exists(Marker))
        return true;
    }
    llvm::StringRef Parent = llvm::sys::path::parent_path(Dir);
    if (Parent == Dir)
      break;
    Dir = Parent;
  }
  return false;
}

bool ProjectHeaders::selects(const SourceManager &SM, SourceLocation Loc) {
  if (!Filter)
    return false;
  Loc = SM.getExpansionLoc(Loc);
  if (Loc.isInvalid() || SM.isInMainFile(Loc) || SM.isInSystemHeader(Loc))
    return false;
  FileID FID = SM.getFileID(Loc);
  auto [It, New] = Known.try_emplace(FID, false);
  if (!New)
    return It->second;
  llvm::StringRef Name = SM.getFilename(Loc);
  It->second = !Name.empty() && Filter->match(Name) &&
               !(Exclude && Exclude->match(Name)) && !isLibraryPath(Name);
  return It->second;
}

} // namespace clang::tidy::llvmown
