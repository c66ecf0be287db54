-- A Japanese house rule giving only a new default for a parent's option: four red fives
-- (tests/lua/test_module.lua). The entry keeps the parent's doc and allowed values.
return { name = "red_child", extends = "japanese", options = { red_fives = { default = 4 } } }
