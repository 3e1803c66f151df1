-- Run by test/editors/nvim.test.ts inside `nvim --headless`, after the configuration of docs/editors.md
-- opened the broken file. It does what a person would (reads the diagnostics, <C-x><C-o> in a value,
-- K on a field), records what Neovim shows, writes it as JSON to $PROBE_OUT and quits. Every wait is
-- for a condition; a watchdog writes what it has and quits if the whole probe takes too long.
local out = { nvim = vim.version and tostring(vim.version().major .. '.' .. vim.version().minor) or '?' }
local buf = vim.api.nvim_get_current_buf()
local finished = false

local function finish()
  if finished then return end
  finished = true
  vim.fn.writefile({ vim.fn.json_encode(out) }, vim.env.PROBE_OUT)
  vim.cmd('qa!')
end

-- Suspends the probe until cond() holds (true) or ms pass (false), letting Neovim run meanwhile.
local function await(cond, ms)
  local deadline = vim.loop.now() + ms
  while true do
    local ok, value = pcall(cond)
    if ok and value then return true end
    if vim.loop.now() > deadline then return false end
    local co = coroutine.running()
    vim.defer_fn(function() coroutine.resume(co) end, 20)
    coroutine.yield()
  end
end

local function keys(text, mode)
  vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(text, true, false, true), mode, false)
end

local function clients()
  if vim.lsp.get_clients then return vim.lsp.get_clients({ bufnr = buf }) end
  return vim.tbl_values(vim.lsp.buf_get_clients(buf))
end

local function floating_lines()
  for _, win in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_win_get_config(win).relative ~= '' then
      return vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(win), 0, -1, false), win
    end
  end
end

local function close_floats()
  for _, win in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_win_get_config(win).relative ~= '' then vim.api.nvim_win_close(win, true) end
  end
end

-- The text of every virtual-text chunk in the buffer, whichever namespace holds it.
local function virtual_text()
  local shown = {}
  for ns = 1, 1000 do
    local ok, marks = pcall(vim.api.nvim_buf_get_extmarks, buf, ns, 0, -1, { details = true })
    if ok then
      for _, m in ipairs(marks) do
        for _, chunk in ipairs(m[4].virt_text or {}) do table.insert(shown, chunk[1]) end
      end
    end
  end
  return shown
end

local function cursor_on(pattern, offset)
  local line = vim.fn.search(pattern, 'nw')
  local col = vim.fn.getline(line):find(pattern, 1, true)
  vim.api.nvim_win_set_cursor(0, { line, col - 1 + offset })
end

local function probe()
  out.filetype = vim.bo[buf].filetype
  out.attached = await(function() return #clients() > 0 end, 30000)
  out.clients = vim.tbl_map(function(c) return c.name end, clients())
  out.got_diagnostics = await(function() return #vim.diagnostic.get(buf) > 0 end, 30000)
  out.diagnostics = vim.tbl_map(function(d)
    return { code = d.code, lnum = d.lnum, severity = d.severity, message = d.message }
  end, vim.diagnostic.get(buf))
  await(function() return #virtual_text() > 0 end, 5000)
  out.virtual_text = virtual_text()

  -- The whole message of the diagnostic under the cursor, as :lua vim.diagnostic.open_float() shows it.
  cursor_on('IMPRESSIONZ', 0)
  vim.diagnostic.open_float(buf, { scope = 'cursor' })
  out.diagnostic_float = floating_lines() or {}
  close_floats()

  -- Completion: in the empty value of bid_strategy, insert mode, <C-x><C-o>.
  cursor_on('"bid_strategy": ""', #'"bid_strategy": "' - 1)
  keys('a<C-x><C-o>', 'n')
  out.completed = await(function() return #vim.fn.complete_info({ 'items' }).items > 0 end, 15000)
  out.completion = vim.tbl_map(function(i) return i.word end, vim.fn.complete_info({ 'items' }).items)
  -- Take the first item, as <C-y> does, and record the line it leaves; then undo it.
  local value_line = vim.fn.line('.')
  keys('<C-n><C-y><Esc>', 'n')
  await(function() return vim.fn.mode() == 'n' end, 5000)
  out.completed_line = vim.fn.getline(value_line)
  vim.cmd('silent! undo')

  -- Hover: K on a field name.
  cursor_on('daily_budget', 2)
  keys('K', 'm')
  out.hovered = await(function() return floating_lines() ~= nil end, 15000)
  out.hover = floating_lines() or {}
  close_floats()

  -- Formatting with the options this buffer gives the server (its shiftwidth and expandtab): the file is
  -- already formatted, so nothing should move. Record the lines before and after, then undo.
  out.format_before = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  out.format_options = vim.lsp.util.make_formatting_params().options
  if vim.lsp.buf.format then vim.lsp.buf.format({ timeout_ms = 10000 }) else vim.lsp.buf.formatting_sync(nil, 10000) end
  out.format_after = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  if vim.bo[buf].modified then vim.cmd('silent! undo') end

  -- Send through the CodeLens, as a person would: refresh the lenses, put the cursor on the request,
  -- :lua vim.lsp.codelens.run(), pick "Send request" when it asks. Record what the server shows
  -- (window/showMessage, $/progress, window/showDocument), keeping Neovim's own handling of each.
  out.messages, out.progress, out.documents = {}, {}, {}
  local function wrap(method, record)
    local original = vim.lsp.handlers[method]
    vim.lsp.handlers[method] = function(err, result, ctx, config)
      pcall(record, result)
      if original then return original(err, result, ctx, config) end
    end
  end
  wrap('window/showMessage', function(r) table.insert(out.messages, { type = r.type, message = r.message }) end)
  wrap('$/progress', function(r) table.insert(out.progress, { kind = r.value.kind, title = r.value.title, message = r.value.message }) end)
  wrap('window/showDocument', function(r) table.insert(out.documents, r.uri) end)
  local caps = vim.lsp.protocol.make_client_capabilities().window or {}
  out.client_show_document = caps.showDocument ~= nil and caps.showDocument.support == true
  vim.ui.select = function(items, opts, on_choice)
    for i, item in ipairs(items) do
      if (opts.format_item and opts.format_item(item) or tostring(item)):find('Send request', 1, true) then return on_choice(item, i) end
    end
    on_choice(nil, nil)
  end
  vim.lsp.codelens.refresh()
  out.lenses = await(function() return #vim.lsp.codelens.get(buf) > 0 end, 15000)
  out.lens_titles = vim.tbl_map(function(l) return l.command and l.command.title or '' end, vim.lsp.codelens.get(buf))
  cursor_on('POST /v23.0/act_1234567890/adsets', 0)
  vim.lsp.codelens.run()
  out.sent = await(function() return #out.messages > 0 end, 30000)
  out.done = true
end

vim.defer_fn(function()
  out.watchdog = true
  finish()
end, tonumber(vim.env.PROBE_TIMEOUT_MS or '60000'))

coroutine.wrap(function()
  local ok, err = pcall(probe)
  if not ok then out.error = tostring(err) end
  finish()
end)()
