return { name = "parent_beside", extends = "base" }
