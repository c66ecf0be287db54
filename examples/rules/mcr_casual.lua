-- examples/rules/mcr_casual.lua: MCR with a house option preset: `table = "casual"` sets
-- a lower minimum and no flowers at once (options given explicitly still win over it).
return {
  name = "mcr_casual",
  extends = "mcr",
  options = {
    table = { default = "club", values = { "club", "casual" },
              presets = { casual = { min_points = 6, flowers = false } },
              doc = "casual: 6 points win, 136 tiles without flowers" },
  },
}
