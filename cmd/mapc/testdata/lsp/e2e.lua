-- Drives Neovim's built-in LSP client against mapc lsp (cmd/mapc
-- TestNeovim). Environment: MAPC (the command), SCENARIO (a scenario.toml),
-- TYPO_FROM/TYPO_TO (a text change making a diagnostic), DEF (a quoted id
-- to jump from), OUT (where the findings are written, one per line).
local out = assert(io.open(os.getenv("OUT"), "w"))
local function say(...) out:write(table.concat({ ... }, " "), "\n"); out:flush() end

local ok, err = pcall(function()
  local file = os.getenv("SCENARIO")
  vim.cmd("edit " .. vim.fn.fnameescape(file))
  local buf = vim.api.nvim_get_current_buf()
  local id = vim.lsp.start_client({
    name = "mapc",
    cmd = { os.getenv("MAPC"), "lsp" },
    root_dir = vim.fn.fnamemodify(file, ":h"),
  })
  assert(id, "the client did not start")
  vim.lsp.buf_attach_client(buf, id)
  assert(vim.wait(20000, function()
    local c = vim.lsp.get_client_by_id(id)
    return c ~= nil and c.initialized
  end, 20), "the server did not initialize")

  -- A typo typed into the buffer (not saved): its diagnostic arrives.
  local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  for i, l in ipairs(lines) do
    local from, to = os.getenv("TYPO_FROM"), os.getenv("TYPO_TO")
    local s = l:find(from, 1, true)
    if s then
      vim.api.nvim_buf_set_lines(buf, i - 1, i, false, { l:sub(1, s - 1) .. to .. l:sub(s + #from) })
      break
    end
  end
  assert(vim.wait(20000, function() return #vim.diagnostic.get(buf) > 0 end, 20), "no diagnostics")
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or ""
    say("diag", d.lnum, d.col, d.end_col or -1, code)
  end

  -- Go to definition of an id: the cursor lands on its declaration.
  local def = os.getenv("DEF")
  for i, l in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    local s = l:find(def, 1, true)
    if s and not l:find("^%s*id") and not l:find("^%s*name") then
      vim.api.nvim_win_set_cursor(0, { i, s })
      break
    end
  end
  local params = vim.lsp.util.make_position_params()
  local res = vim.lsp.buf_request_sync(buf, "textDocument/definition", params, 20000)
  local loc
  for _, r in pairs(res or {}) do
    if r.result and r.result[1] then loc = r.result[1] end
  end
  assert(loc, "no definition")
  vim.lsp.util.jump_to_location(loc, "utf-16")
  local pos = vim.api.nvim_win_get_cursor(0)
  say("jump", vim.api.nvim_buf_get_name(0), pos[1], pos[2])
end)
if not ok then say("error", tostring(err)) end
out:close()
vim.cmd("qa!")
