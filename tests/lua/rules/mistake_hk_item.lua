-- An author's mistake (tests/lua/test_author_mistakes.lua): a Hong Kong item whose test
-- answers a string ("2": Lua would have made it a number).
local hongkong = require "hongkong"
local items = {}
for i, e in ipairs(hongkong.items) do items[i] = e end
items[#items + 1] = { id = "H1", name = "Broken", value = 1, unit = "faan", group = "way",
                      test = function() return "2" end }
return { name = "mistake_hk_item", extends = "hongkong", items = items }
