-- An author's mistake (tests/lua/test_author_mistakes.lua): extends a ruleset that is not there.
return { name = "mistake_parent", extends = "japanesee" }
