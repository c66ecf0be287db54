-- docs/authoring.md must match the code exactly: every REPL transcript is played (one
-- REPL per tutorial, its output compared line by line), every `$` command is run and its
-- output compared, and every line of a Lua sample is a line of the example files (a
-- sample shows real code). A line "..." stands for any lines, "..." in a line for any text.
local lu = require "luaunit"

local DOC = "docs/authoring.md"
local JONG = (os.getenv("BUILD") or "build") .. "/jong"

local function read(path)
  local f = assert(io.open(path))
  local s = f:read("a")
  f:close()
  return s
end

-- The doc's fenced blocks: {tutorial = n, info = "lua" or "", lines = {...}, at = line}.
local function blocks()
  local out, cur, tutorial, n = {}, nil, 0, 0
  for line in (read(DOC) .. "\n"):gmatch("(.-)\n") do
    n = n + 1
    if cur then
      if line:match("^```%s*$") then out[#out + 1], cur = cur, nil
      else cur.lines[#cur.lines + 1] = line end
    elseif line:match("^```") then
      cur = { tutorial = tutorial, info = line:match("^```(%w*)"), lines = {}, at = n }
    elseif line:match("^# ") then
      tutorial = tutorial + 1
    end
  end
  return out
end

-- A pattern for an expected line: "..." matches any text, the rest literally.
local function line_pattern(line)
  local parts = {}
  for piece in (line .. "..."):gmatch("(.-)%.%.%.") do
    parts[#parts + 1] = piece:gsub("[%^%$%(%)%%%.%[%]%*%+%-%?]", "%%%0")
  end
  return "^" .. table.concat(parts, ".-") .. "$"
end

-- Does `got` (lines) match `want` (lines, with "..." lines and wildcards)? nil or the
-- first difference.
local function match_lines(want, got)
  local function from(i, j)
    if i > #want then
      if j > #got then return nil end
      return "unexpected output line: " .. got[j]
    end
    local w = want[i]
    if w:match("^%s*%.%.%.%s*$") then
      if i == #want then return nil end
      for k = j, #got + 1 do
        if not from(i + 1, k) then return nil end
      end
      return "no output matches after '...' (expected '" .. tostring(want[i + 1]) .. "')"
    end
    if j > #got then return "missing output line: " .. w end
    if not got[j]:match(line_pattern(w)) then
      return "expected: " .. w .. "\n     got: " .. got[j]
    end
    return from(i + 1, j + 1)
  end
  return from(1, 1)
end

local function lines_of(text)
  local out = {}
  for line in (text .. "\n"):gmatch("(.-)\n") do out[#out + 1] = line end
  if out[#out] == "" then out[#out] = nil end
  return out
end

local function run(command, input)
  local tmp = os.tmpname()
  if input then
    local f = assert(io.open(tmp, "w")); f:write(input); f:close()
    command = command .. " <" .. tmp
  end
  local p = assert(io.popen(command .. " 2>&1"))
  local out = p:read("a")
  p:close()
  os.remove(tmp)
  return out
end

-- Every transcript of a tutorial, played in one REPL.
function test_repl_transcripts()
  local by_tutorial = {}
  for _, b in ipairs(blocks()) do
    if b.info == "" and b.lines[1] and b.lines[1]:match("^jong> ") then
      local t = by_tutorial[b.tutorial] or { input = {}, want = {}, at = b.at }
      by_tutorial[b.tutorial] = t
      for _, line in ipairs(b.lines) do
        local cmd = line:match("^jong> (.*)$")
        if cmd then t.input[#t.input + 1] = cmd else t.want[#t.want + 1] = line end
      end
    end
  end
  for n, t in pairs(by_tutorial) do
    local got = lines_of(run("JONG_HISTORY=/dev/null " .. JONG, table.concat(t.input, "\n") .. "\n"))
    local diff = match_lines(t.want, got)
    lu.assertNil(diff, ("tutorial %d (transcripts from line %d): %s"):format(n, t.at, tostring(diff)))
  end
end

-- Every `$ command` with the output shown under it.
function test_shell_commands()
  local diffs = {}
  for _, b in ipairs(blocks()) do
    local i = 1
    while i <= #b.lines do
      local cmd = b.lines[i]:match("^%$ (.*)$")
      if cmd then
        -- (a command goes on after a final backslash, or inside a quote)
        while (cmd:match("\\$") or select(2, cmd:gsub("'", "")) % 2 == 1) and i < #b.lines do
          i = i + 1
          cmd = (cmd:match("\\$") and cmd:sub(1, -2) or cmd) .. "\n" .. b.lines[i]
        end
        local want = {}
        while i < #b.lines and not b.lines[i + 1]:match("^%$ ") do i = i + 1; want[#want + 1] = b.lines[i] end
        cmd = cmd:gsub("^build/jong", JONG):gsub("| build/jong", "| " .. JONG)
        local diff = match_lines(want, lines_of(run(cmd)))
        if diff then diffs[#diffs + 1] = ("the command at line %d: %s"):format(b.at, diff) end
      end
      i = i + 1
    end
  end
  lu.assertEquals(diffs, {})
end

-- Every line of a Lua sample is a line of an example (rules or test), "..." lines aside.
function test_lua_samples_are_the_examples()
  local known = {}
  for _, dir in ipairs { "examples/rules/", "examples/" } do
    local p = io.popen("ls " .. dir)
    for name in p:lines() do
      if name:match("%.lua$") then
        for line in read(dir .. name):gmatch("[^\n]+") do known[line:match("^%s*(.-)%s*$")] = true end
      end
    end
    p:close()
  end
  local missing = {}
  for _, b in ipairs(blocks()) do
    if b.info == "lua" then
      for k, line in ipairs(b.lines) do
        local text = line:match("^%s*(.-)%s*$")
        if text ~= "" and not text:find("...", 1, true) and not text:match("^%-%- examples/[%w_/]+%.lua$")
           and not known[text] then
          missing[#missing + 1] = ("line %d: %s"):format(b.at + k, text)
        end
      end
    end
  end
  lu.assertEquals(missing, {}, "lines of docs/authoring.md's Lua samples in no example")
end

os.exit(lu.LuaUnit.run())
