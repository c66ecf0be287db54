-- A child of sichuan giving `engine`: the field replaces the parent's whole (docs/hooks.md),
-- so Sichuan's absent honours are lost and honours are dealt.
return { name = "mistake_engine", extends = "sichuan", engine = { dice = 2 } }
