-- Drives Neovim's built-in LSP client (0.7+) against the mailroom language server, headless, and writes what
-- it saw to a JSON file. Run by neovim.test.ts: `nvim --headless --clean -c "luafile neovim-client.lua"`, the
-- settings in the JSON file named by $MAILROOM_NVIM_CONFIG:
--   setup: the Lua set-up to run first; file: the service to open; out: where to write the results;
--   completion, definition: LSP positions ({line, character}) in that file; timeout_ms: for each step.
-- The last step kills the server (SIGKILL) and waits for the set-up to start another and for its diagnostics.
local config = vim.fn.json_decode(table.concat(vim.fn.readfile(os.getenv("MAILROOM_NVIM_CONFIG")), "\n"))
-- `errors` gets a "step: error" line per failed step.
local results = { steps = {}, errors = {} }

local function finish(status)
  results.status = status
  vim.fn.writefile({ vim.fn.json_encode(results) }, config.out)
  vim.cmd(status == "done" and "qall!" or "cquit! 3")
end

-- Whatever happens below, Neovim ends: a watchdog for the whole run, on top of each step's own timeout.
vim.defer_fn(function() finish("watchdog") end, config.timeout_ms * 4)

-- A failed step is recorded and the next one still runs, so one run reports on every feature.
local function step(name, fn)
  table.insert(results.steps, name)
  local ok, err = pcall(fn)
  if not ok then
    table.insert(results.errors, name .. ": " .. tostring(err))
  end
end

-- The set-up docs/editors.md gives for Neovim 0.7, as written there: an autocmd that starts the client.
dofile(config.setup)

vim.cmd("edit " .. vim.fn.fnameescape(config.file))
local buf = vim.api.nvim_get_current_buf()

--- Sends a request at `position` in the buffer; the answer of the one client the set-up attached, and that client.
local function request(method, position)
  local client_id, client = next(vim.lsp.buf_get_clients(buf))
  assert(client, "no client attached to the buffer")
  local params = { textDocument = vim.lsp.util.make_text_document_params(buf), position = position }
  local responses, err = vim.lsp.buf_request_sync(buf, method, params, config.timeout_ms)
  assert(responses, err)
  local response = responses[client_id]
  assert(response and not response.err, vim.inspect(response and response.err))
  return response.result, client
end

step("diagnostics", function()
  vim.wait(config.timeout_ms, function() return #vim.diagnostic.get(buf) > 0 end, 20)
  results.diagnostics = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    table.insert(results.diagnostics, { line = d.lnum, col = d.col, code = d.code, severity = d.severity, message = d.message })
  end
end)

step("root", function()
  local _, client = next(vim.lsp.buf_get_clients(buf))
  assert(client, "no client attached to the buffer")
  results.root_dir = client.config.root_dir
end)

step("completion", function()
  local result = request("textDocument/completion", config.completion)
  results.completion = {}
  -- A CompletionList or a CompletionItem[].
  for _, item in ipairs(result and (result.items or result) or {}) do table.insert(results.completion, item.label) end
end)

step("definition", function()
  local result, client = request("textDocument/definition", config.definition)
  -- A Location, a Location[] or a LocationLink[]: the jump takes the first, as `gd` would.
  local location = result and (result.uri and result or result[1])
  assert(location, "no definition found")
  vim.lsp.util.jump_to_location(location, client.offset_encoding)
  local cursor = vim.api.nvim_win_get_cursor(0)
  results.definition = { file = vim.api.nvim_buf_get_name(0), line = cursor[1] - 1, col = cursor[2] }
end)

step("restart", function()
  local killed_id, killed = next(vim.lsp.buf_get_clients(buf))
  assert(killed, "no client attached to the buffer")
  -- As a crash would leave it: the server gone at once, without a word to the client.
  vim.loop.kill(killed.rpc.pid, 9)
  local restarted = vim.wait(config.timeout_ms, function()
    local id = next(vim.lsp.buf_get_clients(buf))
    return id ~= nil and id ~= killed_id
  end, 20)
  assert(restarted, "no new client attached to the buffer after the server was killed")
  local namespace = vim.lsp.diagnostic.get_namespace((next(vim.lsp.buf_get_clients(buf))))
  vim.wait(config.timeout_ms, function() return #vim.diagnostic.get(buf, { namespace = namespace }) > 0 end, 20)
  results.restarted = {}
  for _, d in ipairs(vim.diagnostic.get(buf, { namespace = namespace })) do
    table.insert(results.restarted, { line = d.lnum, col = d.col, code = d.code })
  end
end)

finish("done")
