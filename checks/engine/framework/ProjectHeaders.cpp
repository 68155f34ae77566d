//===- ProjectHeaders.cpp -------------------------------------------------===//

#include "engine/framework/ProjectHeaders.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace clang::tidy::llvmown {

llvm::ArrayRef<LibraryFolder> libraryFolders() {
  static const LibraryFolder Libraries[] = {
      {"llvm", "llvm/Support"}, {"llvm-c", "llvm-c/Core.h"},
      {"clang", "clang/Basic"}, {"clang-c", "clang-c/Index.h"},
      {"mlir", "mlir/IR"},
  };
  return Libraries;
}

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
    llvm::StringRef Parent = llvm::sys::path::parent_path(Dir);
    for (const LibraryFolder &L : libraryFolders()) {
      if (Name != L.Folder)
        continue;
      llvm::SmallString<256> Marker(Parent);
      llvm::sys::path::append(Marker, L.Marker);
      if (llvm::sys::fs::exists(Marker))
        return true;
    }
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
