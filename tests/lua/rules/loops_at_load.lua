-- A rule file that never finishes loading.
while true do end
