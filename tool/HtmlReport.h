//===- HtmlReport.h - a static HTML report for people ---------------------===//
//
// `--format=html -o DIR`: DIR/index.html counts the findings by check and by
// file and lists them; DIR/finding-N.html shows one finding in its source,
// the way scan-build's reports show a path: the lines around it, with the
// warning and each note drawn under the line they are about, numbered in
// order, and a link to the check's page. Self-contained (inline CSS, no
// script, no font or image), so opening it makes no request.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_TOOL_HTMLREPORT_H
#define LLVMOWN_TOOL_HTMLREPORT_H

#include "Outputs.h"
#include "SourceCache.h"
#include <string>

namespace clang::tidy::llvmown::tool {

/// Writes the report into \p Dir (created if needed); the sources are read
/// through \p Sources (as they were checked). False with \p Error set if a
/// file cannot be written.
bool writeHtmlReport(const std::string &Dir, const ReportData &Data,
                     SourceCache &Sources, std::string &Error);

} // namespace clang::tidy::llvmown::tool

#endif
