//===- BodySkipping.cpp - parse only the function bodies a check reads ----===//

#include "BodySkipping.h"

#include "engine/framework/CompatADT.h"
#include "engine/framework/ProjectHeaders.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclBase.h"
#include "clang/AST/DeclGroup.h"
#include "clang/AST/ExternalASTSource.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Lex/DirectoryLookup.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace clang::tidy::llvmown::tool {

namespace {

std::string normalized(llvm::StringRef Path) {
  llvm::SmallString<256> P(Path);
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  llvm::sys::path::native(P);
  return std::string(P);
}

} // namespace

std::vector<std::string>
LibraryBodies::libraryFolders(const std::vector<std::string> &SearchDirs) {
  std::vector<std::string> Out;
  for (const std::string &Dir : SearchDirs) {
    // The libraries whose headers are skipped (ProjectHeaders' table).
    for (const LibraryFolder &L : llvmown::libraryFolders()) {
      llvm::SmallString<256> Marker(Dir);
      llvm::sys::path::append(Marker, L.Marker);
      if (!llvm::sys::fs::exists(Marker))
        continue;
      llvm::SmallString<256> Folder(Dir);
      llvm::sys::path::append(Folder, L.Folder);
      std::string F = normalized(Folder);
      F += llvm::sys::path::get_separator();
      if (std::find(Out.begin(), Out.end(), F) == Out.end())
        Out.push_back(std::move(F));
    }
  }
  return Out;
}

LibraryBodies::LibraryBodies(CompilerInstance &CI) : SM(CI.getSourceManager()) {
  std::vector<std::string> Dirs;
  HeaderSearch &HS = CI.getPreprocessor().getHeaderSearchInfo();
  for (auto It = HS.search_dir_begin(), End = HS.search_dir_end(); It != End;
       ++It)
    if (It->isNormalDir())
      Dirs.push_back(It->getName().str());
  Folders = libraryFolders(Dirs);
}

bool LibraryBodies::isLibraryFile(FileID FID) {
  auto [It, New] = Known.try_emplace(FID, false);
  if (!New)
    return It->second;
  std::string Name = normalized(SM.getFilename(SM.getLocForStartOfFile(FID)));
  for (const std::string &F : Folders)
    if (compat::startsWith(llvm::StringRef(Name), F))
      return It->second = true;
  return false;
}

bool LibraryBodies::isInLibrary(SourceLocation Loc) {
  Loc = SM.getExpansionLoc(Loc);
  if (Loc.isInvalid() || SM.isInMainFile(Loc))
    return false;
  if (SM.isInSystemHeader(Loc))
    return true;
  return isLibraryFile(SM.getFileID(Loc));
}

bool LibraryBodies::shouldSkip(const Decl *D) {
  return isInLibrary(D->getLocation());
}

namespace {
std::vector<std::unique_ptr<ASTConsumer>>
single(std::unique_ptr<ASTConsumer> C) {
  std::vector<std::unique_ptr<ASTConsumer>> V;
  V.push_back(std::move(C));
  return V;
}
} // namespace

SkippingConsumer::SkippingConsumer(CompilerInstance &CI,
                                   std::unique_ptr<ASTConsumer> Inner)
    : MultiplexConsumer(single(std::move(Inner))), Bodies(CI),
      WithPreamble(CI.getPreprocessorOpts().PrecompiledPreambleBytes.first !=
                   0) {}

void LibraryBodies::addProjectDecls(DeclGroupRef D, std::vector<Decl *> &Out) {
  for (Decl *Dcl : D)
    if (Dcl->getLocation().isValid() && !isInLibrary(Dcl->getLocation()))
      Out.push_back(Dcl);
}

bool SkippingConsumer::HandleTopLevelDecl(DeclGroupRef D) {
  Bodies.addProjectDecls(D, ProjectDecls);
  return MultiplexConsumer::HandleTopLevelDecl(D);
}

void LibraryBodies::addPreambleProjectDecls(ASTContext &Ctx,
                                            std::vector<Decl *> &Out) {
  ExternalASTSource *Preamble = Ctx.getExternalSource();
  if (!Preamble)
    return;
  std::vector<Decl *> Found;
  llvm::SmallVector<Decl *, 64> InFile;
  for (unsigned I = 0, N = SM.loaded_sloc_entry_size(); I < N; ++I) {
    bool Invalid = false;
    const SrcMgr::SLocEntry &E = SM.getLoadedSLocEntry(I, &Invalid);
    if (Invalid || !E.isFile())
      continue;
    // A file entry's offset is the raw encoding of its first location.
    SourceLocation Start = SourceLocation::getFromRawEncoding(E.getOffset());
    if (isInLibrary(Start))
      continue;
    FileID FID = SM.getFileID(Start);
    InFile.clear();
    Preamble->FindFileRegionDecls(FID, 0, SM.getFileIDSize(FID), InFile);
    // File-level declarations include those in namespaces; the parse hands
    // out the outermost only.
    for (Decl *D : InFile)
      if (D->getLexicalDeclContext()->isTranslationUnit() &&
          D->getLocation().isValid())
        Found.push_back(D);
  }
  // In the order the parse would have handed them out.
  llvm::sort(Found, [&](Decl *A, Decl *B) {
    return SM.isBeforeInTranslationUnit(A->getBeginLoc(), B->getBeginLoc());
  });
  Found.erase(std::unique(Found.begin(), Found.end()), Found.end());
  Out.insert(Out.begin(), Found.begin(), Found.end());
}

void SkippingConsumer::HandleTranslationUnit(ASTContext &Ctx) {
  // The project's declarations in a preamble came from no parse of this
  // run; they are checked as if they had.
  if (WithPreamble)
    Bodies.addPreambleProjectDecls(Ctx, ProjectDecls);
  Ctx.setTraversalScope(ProjectDecls);
  MultiplexConsumer::HandleTranslationUnit(Ctx);
}

void prepareInvocation(CompilerInvocation &Invocation, bool SkipLibraryBodies) {
  Invocation.getPreprocessorOpts().SetUpStaticAnalyzer = true;
  if (SkipLibraryBodies)
    Invocation.getFrontendOpts().SkipFunctionBodies = true;
}

} // namespace clang::tidy::llvmown::tool
