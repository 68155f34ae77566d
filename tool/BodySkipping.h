//===- BodySkipping.h - parse only the function bodies a check reads ------===//
//
// Most of a unit's parse is spent on the bodies of LLVM's and the standard
// library's inline functions and templates, which no check reads: the
// checks analyse the main file's functions, and their class-wide scans read
// the project's own classes. The tool parses with those bodies skipped
// (Clang's SkipFunctionBodies, as clangd does for preambles); the main
// file's and the project headers' bodies are kept. Clang itself still
// parses bodies whose return type is deduced and constexpr functions.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_TOOL_BODYSKIPPING_H
#define LLVMOWN_TOOL_BODYSKIPPING_H

#include "clang/AST/DeclGroup.h"
#include "clang/Basic/SourceLocation.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "llvm/ADT/DenseMap.h"
#include <memory>
#include <string>
#include <vector>

namespace clang {
class CompilerInstance;
class CompilerInvocation;
class SourceManager;
} // namespace clang

namespace clang::tidy::llvmown::tool {

/// How the tool parses function bodies outside the main file.
enum class BodyParsing {
  SkipLibrary, ///< skip library bodies (the default)
  Full,        ///< parse everything, as the compiler and clang-tidy do
  Compare      ///< both, and report any difference in findings (tests)
};

/// Which function bodies are library code: those in system headers, and
/// those in files under `llvm/`, `llvm-c/`, `clang/`, `clang-c/` or `mlir/`
/// of a header search directory that holds that library (it has e.g.
/// `llvm/Support/`). A project's own headers, even one named llvm/..., in
/// its source tree but not found through such a directory, keep theirs.
class LibraryBodies {
public:
  explicit LibraryBodies(CompilerInstance &CI);
  bool shouldSkip(const Decl *D);
  /// Is \p Loc in a library file (not the main file)?
  bool isInLibrary(SourceLocation Loc);
  /// Adds the declarations of \p D outside library files to \p Out: the
  /// traversal scope of a unit (see SkippingConsumer).
  void addProjectDecls(DeclGroupRef D, std::vector<Decl *> &Out);
  /// Puts before \p Out the top-level declarations of a precompiled
  /// preamble (Preamble.h) outside library files, in source order.
  void addPreambleProjectDecls(ASTContext &Ctx, std::vector<Decl *> &Out);

  /// The library folders (root + "/llvm/" ...) found in \p SearchDirs; for
  /// tests.
  static std::vector<std::string>
  libraryFolders(const std::vector<std::string> &SearchDirs);

private:
  bool isLibraryFile(FileID FID);

  const SourceManager &SM;
  std::vector<std::string> Folders;
  llvm::DenseMap<FileID, bool> Known;
};

/// Wraps the consumer a front end action makes so that library bodies are
/// skipped; everything else is passed on unchanged.
///
/// It also limits what the checks' matchers traverse to the top-level
/// declarations outside library files (ASTContext::setTraversalScope, as
/// clangd does): the library's declarations have no body left to analyse,
/// and with a precompiled header (SharedHeaders.h), traversing them would
/// load every declaration it holds.
class SkippingConsumer : public MultiplexConsumer {
public:
  SkippingConsumer(CompilerInstance &CI, std::unique_ptr<ASTConsumer> Inner);
  bool shouldSkipFunctionBody(Decl *D) override { return Bodies.shouldSkip(D); }
  bool HandleTopLevelDecl(DeclGroupRef D) override;
  void HandleTranslationUnit(ASTContext &Ctx) override;

private:
  LibraryBodies Bodies;
  std::vector<Decl *> ProjectDecls;
  bool WithPreamble;
};

/// Sets up an invocation as every front end action of the tool needs it:
/// `__clang_analyzer__` defined, as clang-tidy does (code may test it; a
/// precompiled header and its users must agree), and, with
/// \p SkipLibraryBodies, body skipping on (the consumer decides what).
void prepareInvocation(CompilerInvocation &Invocation, bool SkipLibraryBodies);

} // namespace clang::tidy::llvmown::tool

#endif
