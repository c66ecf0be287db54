-- An option whose default is not one of its values (a typo): no value given could equal it.
return { name = "mistake_default", extends = "base",
  options = { shooter = { default = "dubble", values = { "double", "all" }, doc = "who pays a discard win" } } }
