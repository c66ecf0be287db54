-- Gives a field the loader sets: its own default_options were taken as its options
-- resolved, unchecked (a payment of "free" reached settle as it was).
return { name = "gives_loader_fields", extends = "base", default_options = { payment = "free" } }
