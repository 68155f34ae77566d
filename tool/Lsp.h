//===- Lsp.h - `llvmown lsp`: the checks as a language server -------------===//
//
// A Language Server Protocol (3.17) server on standard input and output, for
// editors whose diagnostics come from LSP (VS Code, Neovim, Emacs' eglot and
// lsp-mode, Helix), beside clangd, which cannot load clang-tidy plugins. It
// checks a file when it is opened or saved, and its unsaved text after edits
// (debounced), with the same per-unit path as the tool, and offers each
// finding's fix-it and a NOLINT comment as quick fixes. docs/integration.md
// says how to set up each editor.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_TOOL_LSP_H
#define LLVMOWN_TOOL_LSP_H

#include "Configuration.h"
#include "Options.h"

namespace clang::tidy::llvmown::tool {

/// Serves until `exit`; returns the process's exit status (0 after
/// `shutdown`, 1 otherwise, as the protocol says).
int runLanguageServer(const ToolOptions &Opts, LayeredOptions Layers);

} // namespace clang::tidy::llvmown::tool

#endif
