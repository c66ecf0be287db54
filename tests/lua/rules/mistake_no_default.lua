-- An option without a default: f.options.bonus would be nil in every hook.
return { name = "mistake_no_default", extends = "base",
  options = { bonus = { doc = "points added to every win" } } }
