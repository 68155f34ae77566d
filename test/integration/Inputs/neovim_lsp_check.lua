-- Run after docs/integration.md's Neovim set-up has opened a C++ file with
-- findings (neovim-lsp.test): prints the diagnostics llvmown's server gave
-- the buffer, the code actions at the first one, and the line the preferred
-- action (the fix-it) changes; exits 1 if no diagnostic came.
local out = function(s) io.stdout:write(s .. "\n") end
if not vim.wait(120000, function() return #vim.diagnostic.get(0) > 0 end, 100) then
  out("no diagnostics")
  vim.cmd("cquit 1")
end
local diags = vim.diagnostic.get(0)
table.sort(diags, function(a, b) return a.lnum < b.lnum end)
for _, d in ipairs(diags) do
  out(string.format("diagnostic %d:%d-%d:%d %s %s: %s", d.lnum + 1, d.col + 1,
                    d.end_lnum + 1, d.end_col + 1, d.source, d.code, d.message))
end
local first = diags[1]
local params = {
  textDocument = vim.lsp.util.make_text_document_params(),
  range = {start = {line = first.lnum, character = first.col},
           ["end"] = {line = first.end_lnum, character = first.end_col}},
  context = {diagnostics = {}},
}
local res = vim.lsp.buf_request_sync(0, "textDocument/codeAction", params, 60000)
local applied = false
for _, r in pairs(res or {}) do
  for _, action in ipairs(r.result or {}) do
    out("action: " .. action.title)
    if action.isPreferred and not applied then
      vim.lsp.util.apply_workspace_edit(action.edit, "utf-16")
      applied = true
    end
  end
end
vim.cmd("silent write")
out(string.format("line %d after the fix: %s", first.lnum + 1,
                  vim.fn.getline(first.lnum + 1)))
vim.cmd("qall!")
