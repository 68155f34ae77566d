//===- Summarizer.h - a translation unit's contribution to the summaries --===//
//
// Derives the summaries of the functions a main file defines, with the
// ownership analysis the leak checks use (factories are what
// analyzeWithFactories finds; a parameter's fate comes from following it as
// if the function owned it), and lists the project functions the file calls
// without defining them: its findings depend on their summaries, and on
// nothing else from other files.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_ENGINE_SUMMARIZER_H
#define LLVMOWN_ENGINE_SUMMARIZER_H

#include "engine/framework/AstFwd.h"
#include "engine/framework/AstHelpers.h"
#include "engine/framework/ProjectHeaders.h"
#include "engine/model/Summaries.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include <string>
#include <vector>

namespace clang::tidy::llvmown {

class ApiModel;

struct UnitSummary {
  /// Every function with external linkage the main file defines, claims or
  /// not: a definition that claims nothing weakens another that does.
  std::vector<FunctionSummary> Defines;
  /// USRs of the project functions called and not defined here, sorted:
  /// what this summary depends on. Empty when no function here could claim
  /// anything (none returns a pointer or takes a tracked object).
  std::vector<std::string> Calls;
};

/// The body a match of addFunctionMatchers' matchers stands for (see
/// analyzedBody), or {nullptr, nullptr}.
FunctionBody analyzedBody(const ast_matchers::BoundNodes &Nodes);
/// Matches the function definitions and lambdas of the unit's own sources
/// (isInUnitSource: the main file and the source files it includes), and
/// of the project headers that \p Headers selects: the functions the checks
/// and the summaries analyse. With \p Classes, also the class definitions
/// there, bound as "class", for class-level rules.
void addFunctionMatchers(ast_matchers::MatchFinder &Finder,
                         ast_matchers::MatchFinder::MatchCallback *CB,
                         ProjectHeaders *Headers = nullptr,
                         bool Classes = false);

/// The unit's own function bodies, lambdas included, as the checks
/// collect them (FunctionBodyCheck).
std::vector<FunctionBody> unitFunctions(ASTContext &Ctx);

/// Summarises the main file's functions. \p Model may carry the summaries
/// of other units (ApiModel::attachSummaries): a wrapper of another file's
/// factory is a factory too.
UnitSummary summarizeUnit(ASTContext &Ctx, const ApiModel &Model,
                          llvm::ArrayRef<FunctionBody> Functions);

} // namespace clang::tidy::llvmown

#endif
