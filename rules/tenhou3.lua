-- rules/tenhou3.lua: Tenhou's three-player ranked rules. rules/sanma.lua follows the
-- rules of Tenhou's three-player rooms (shared/rules/sanma.md), so this preset is sanma
-- itself under the name `jong replay` picks for three-player Tenhou records.
return {
  name = "tenhou3",
  extends = "sanma",
}
