//===- HtmlReport.cpp - a static HTML report for people -------------------===//

#include "HtmlReport.h"

#include "CheckInfo.h"
#include "Discovery.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <map>

using llvm::StringRef;

namespace clang::tidy::llvmown::tool {

namespace {

/// Lines shown around a finding and its notes.
constexpr unsigned Context = 4;
/// A finding whose notes lie further apart shows the first this many lines
/// after the finding, then each note's surroundings.
constexpr unsigned MaxSpan = 60;

const char *const Style = R"(
body { font: 14px/1.4 sans-serif; margin: 1.5em; color: #222; }
h1 { font-size: 1.4em; } h2 { font-size: 1.15em; margin-top: 1.5em; }
table { border-collapse: collapse; }
td, th { border: 1px solid #ccc; padding: 2px 8px; text-align: left; }
td.n { text-align: right; }
.code { font: 13px/1.35 monospace; border: 1px solid #ccc; }
.line { white-space: pre; }
.num { display: inline-block; width: 4em; color: #888; text-align: right;
       padding-right: 1em; user-select: none; }
.msg { margin: 2px 0 4px 5em; padding: 3px 8px; border-radius: 4px;
       font: 13px sans-serif; white-space: normal; display: inline-block; }
.warning { background: #fde2a8; border: 1px solid #d9a520; }
.error { background: #f7c4c4; border: 1px solid #c33; }
.note { background: #dbe8fb; border: 1px solid #6d95d1; }
.gap { color: #888; padding-left: 5em; }
.step { font-weight: bold; margin-right: .5em; }
)";

std::string escape(StringRef S) {
  std::string Out;
  for (char C : S)
    switch (C) {
    case '<':
      Out += "&lt;";
      break;
    case '>':
      Out += "&gt;";
      break;
    case '&':
      Out += "&amp;";
      break;
    case '"':
      Out += "&quot;";
      break;
    default:
      Out += C;
    }
  return Out;
}

std::string docLink(StringRef Check) {
  StringRef Page = Check;
  Page.consume_front("llvmown-");
  return documentationUri(("checks/" + Page + ".md").str());
}

void header(llvm::raw_ostream &OS, StringRef Title) {
  OS << "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">\n"
     << "<title>" << escape(Title) << "</title>\n<style>" << Style
     << "</style></head><body>\n";
}

/// One message drawn under its line: the finding (step 1) or a note.
struct Mark {
  unsigned Line;
  std::string Class; ///< warning, error or note
  std::string Text;
  unsigned Step;
};

/// The lines of \p File to show for \p Marks in it: ranges around each
/// mark, merged, with the span from the first to the last mark kept whole
/// if it is short.
std::vector<std::pair<unsigned, unsigned>> ranges(std::vector<unsigned> Lines) {
  std::sort(Lines.begin(), Lines.end());
  std::vector<std::pair<unsigned, unsigned>> Out;
  for (unsigned L : Lines) {
    unsigned From = L > Context ? L - Context : 1, To = L + Context;
    if (!Out.empty() &&
        (From <= Out.back().second + 1 || To - Out.back().first <= MaxSpan))
      Out.back().second = std::max(Out.back().second, To);
    else
      Out.push_back({From, To});
  }
  return Out;
}

void writeSource(llvm::raw_ostream &OS, StringRef File,
                 const std::vector<Mark> &Marks, SourceCache &Sources,
                 StringRef Root) {
  OS << "<h2>" << escape(displayPath(File, Root))
     << "</h2>\n<div class=\"code\">\n";
  std::vector<unsigned> Lines;
  for (const Mark &M : Marks)
    Lines.push_back(M.Line);
  bool First = true;
  for (auto [From, To] : ranges(Lines)) {
    if (!First)
      OS << "<div class=\"gap\">&#8942;</div>\n";
    First = false;
    for (unsigned L = From; L <= std::min(To, Sources.lineCount(File)); ++L) {
      StringRef Text = Sources.lineText(File, L);
      OS << "<div class=\"line\" id=\"L" << L << "\"><span class=\"num\">" << L
         << "</span>" << escape(Text) << "</div>\n";
      for (const Mark &M : Marks)
        if (M.Line == L)
          OS << "<div><span class=\"msg " << M.Class
             << "\"><span class=\"step\">" << M.Step << "</span>"
             << escape(M.Text) << "</span></div>\n";
    }
  }
  OS << "</div>\n";
}

bool writeFindingPage(const std::string &Path, const Finding &F, size_t Index,
                      const ReportData &Data, SourceCache &Sources,
                      std::string &Error) {
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC, llvm::sys::fs::OF_Text);
  if (EC) {
    Error = "cannot write '" + Path + "': " + EC.message();
    return false;
  }
  std::string Where = displayPath(F.File, Data.ProjectRoot) + ":" +
                      std::to_string(F.Pos.Line) + ":" +
                      std::to_string(F.Pos.Column);
  header(OS, F.checkName().str() + ": " + Where);
  OS << "<p><a href=\"index.html\">All findings</a></p>\n"
     << "<h1>" << escape(F.Diag.Message.Message) << "</h1>\n"
     << "<p>Finding " << Index << ": <code>" << escape(F.checkName())
     << "</code> at <code>" << escape(Where) << "</code>"
     << (F.isError() ? " (an error: WarningsAsErrors)" : "") << ". <a href=\""
     << escape(docLink(F.checkName()))
     << "\">What the check finds, and how to fix it</a></p>\n";
  // The marks, grouped by file in the order they first appear.
  std::vector<std::string> Files{F.File};
  std::map<std::string, std::vector<Mark>> ByFile;
  ByFile[F.File].push_back(Mark{F.Pos.Line, F.isError() ? "error" : "warning",
                                F.Diag.Message.Message, 1});
  for (size_t N = 0; N < F.Diag.Notes.size(); ++N) {
    const std::string &NF = F.NoteFiles[N];
    if (NF.empty() || !F.NotePositions[N].Line)
      continue;
    if (!ByFile.count(NF))
      Files.push_back(NF);
    ByFile[NF].push_back(Mark{F.NotePositions[N].Line, "note",
                              F.Diag.Notes[N].Message, unsigned(N + 2)});
  }
  for (const std::string &File : Files)
    writeSource(OS, File, ByFile[File], Sources, Data.ProjectRoot);
  OS << "</body></html>\n";
  return true;
}

} // namespace

bool writeHtmlReport(const std::string &Dir, const ReportData &Data,
                     SourceCache &Sources, std::string &Error) {
  if (std::error_code EC = llvm::sys::fs::create_directories(Dir)) {
    Error = "cannot create the report folder '" + Dir + "': " + EC.message();
    return false;
  }
  std::vector<const Finding *> Shown;
  for (const Finding *F : Data.Findings)
    if (!F->Fixed)
      Shown.push_back(F);

  std::map<std::string, size_t> ByCheck, ByFile;
  for (const Finding *F : Shown) {
    ++ByCheck[F->checkName().str()];
    ++ByFile[displayPath(F->File, Data.ProjectRoot)];
  }
  for (size_t I = 0; I < Shown.size(); ++I) {
    llvm::SmallString<256> Page(Dir);
    llvm::sys::path::append(Page, "finding-" + std::to_string(I + 1) + ".html");
    if (!writeFindingPage(std::string(Page), *Shown[I], I + 1, Data, Sources,
                          Error))
      return false;
  }

  llvm::SmallString<256> Index(Dir);
  llvm::sys::path::append(Index, "index.html");
  std::error_code EC;
  llvm::raw_fd_ostream OS(Index, EC, llvm::sys::fs::OF_Text);
  if (EC) {
    Error = "cannot write '" + std::string(Index) + "': " + EC.message();
    return false;
  }
  header(OS, "llvmown report");
  OS << "<h1>llvmown: " << Shown.size()
     << (Shown.size() == 1 ? " finding" : " findings") << " in "
     << Data.Files.size() << (Data.Files.size() == 1 ? " file" : " files")
     << "</h1>\n<p>Project root: <code>" << escape(Data.ProjectRoot)
     << "</code></p>\n";
  if (!Data.Errors.empty()) {
    OS << "<h2>Errors: the run is incomplete</h2>\n<ul>\n";
    for (const RunError &E : Data.Errors)
      OS << "<li><code>"
         << escape(E.File.empty()
                       ? displayPath(E.TranslationUnit, Data.ProjectRoot)
                       : displayPath(E.File, Data.ProjectRoot) + ":" +
                             std::to_string(E.Pos.Line))
         << "</code>: " << escape(E.Message) << "</li>\n";
    OS << "</ul>\n";
  }
  OS << "<h2>By check</h2>\n<table><tr><th>check</th><th>findings</th></tr>\n";
  for (const auto &[Check, N] : ByCheck)
    OS << "<tr><td><a href=\"" << escape(docLink(Check)) << "\">"
       << escape(Check) << "</a></td><td class=\"n\">" << N << "</td></tr>\n";
  OS << "</table>\n<h2>By file</h2>\n<table><tr><th>file</th><th>findings</th>"
        "</tr>\n";
  for (const auto &[File, N] : ByFile)
    OS << "<tr><td><code>" << escape(File) << "</code></td><td class=\"n\">"
       << N << "</td></tr>\n";
  OS << "</table>\n<h2>Findings</h2>\n<table><tr><th>#</th><th>where</th>"
        "<th>check</th><th>message</th></tr>\n";
  for (size_t I = 0; I < Shown.size(); ++I) {
    const Finding &F = *Shown[I];
    OS << "<tr><td class=\"n\">" << I + 1 << "</td><td><a href=\"finding-"
       << I + 1 << ".html\"><code>"
       << escape(displayPath(F.File, Data.ProjectRoot) + ":" +
                 std::to_string(F.Pos.Line))
       << "</code></a></td><td>" << escape(F.checkName()) << "</td><td>"
       << escape(F.Diag.Message.Message) << "</td></tr>\n";
  }
  OS << "</table>\n</body></html>\n";
  return true;
}

} // namespace clang::tidy::llvmown::tool
