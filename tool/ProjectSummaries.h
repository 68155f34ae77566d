//===- ProjectSummaries.h - the summaries of a whole compile database -----===//
//
// The first phase of a project run. Every unit of the database is
// summarised (engine/summaries/Summarizer.h), in parallel; the summaries are merged,
// and a unit that calls a function whose summary changed is summarised
// again with the merged set, until nothing changes: a wrapper of a wrapper
// of a factory, in three files, takes three rounds. The result is written
// as one file that the checks read (their SummaryFile option).
//
// Each unit's summary is cached under the build folder, keyed by the unit's
// file and compile commands, and valid while every file it read (main file
// and headers) has the same content and the summaries it was derived with
// are the same: a warm run parses nothing in this phase.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_TOOL_PROJECTSUMMARIES_H
#define LLVMOWN_TOOL_PROJECTSUMMARIES_H

#include "Runner.h"
#include <string>

namespace clang::tidy::llvmown::tool {

struct SummaryStats {
  size_t Units = 0;      ///< units in the database
  size_t FromCache = 0;  ///< whose cached summary was still valid
  size_t Parsed = 0;     ///< summaries computed (a unit may count twice)
  size_t Failed = 0;     ///< units that could not be parsed at all
  size_t Functions = 0;  ///< functions with a claim, merged
  unsigned Rounds = 0;   ///< rounds of re-summarising callers
  bool Converged = true; ///< false if the round limit stopped it
};

/// What a cache entry is only valid for: this build of the tool (version,
/// LLVM, the executable's size and time).
std::string toolBuildStamp();

/// Summarises \p Units with \p Threads threads, caching under \p CacheDir,
/// and writes the merged summaries to \p OutFile. Returns false (with
/// \p Error) only if a file could not be written.
bool summarizeProject(const LayeredOptions &Layers,
                      llvm::ArrayRef<TranslationUnitJob> Units,
                      const std::string &CacheDir, const std::string &OutFile,
                      unsigned Threads, ProgressLine &Progress,
                      SummaryStats &Stats, std::string &Error);

} // namespace clang::tidy::llvmown::tool

#endif
