#!/bin/sh
# jong analyze --rules R knows the ruleset's tile set (sanma: no 2m-8m): a tile the set
# lacks is an error with its column, such a kind is no wait, no accepted tile and in no
# chow the shanten counts; its forms; and its irregular hands (special_complete).
JONG=${BUILD:-build}/jong
passed=0 failed=0
check() {   # name, command output, wanted substring
  if printf '%s' "$2" | grep -qF -- "$3"; then passed=$((passed + 1)); echo "ok   $1"
  else failed=$((failed + 1)); echo "FAIL $1"; echo "    got: $2"; echo "    wanted: $3"; fi
}
check "absent tile refused" "$("$JONG" analyze --rules sanma '1m5m23p456p789s11z2z')" \
  "\"error\": \"bad tile '5m' at column 3: not in the sanma tile set\""
check "waits only of the set" "$("$JONG" analyze --rules sanma '1m9m123p456p789s11z')" '"waits": []'
check "the same hand waits on 7m/8m without the rules" "$("$JONG" analyze '9m8m123p456p789s11z')" '"waits": ["7m"'
check "no 2m-8m accepted" "$("$JONG" analyze --rules sanma '19m123p456p789s11z2z' | grep -c '"2m"')" "0"
check "four-player rules keep the full set" "$("$JONG" analyze --rules japanese '5m5m123p456p789s11z2z')" '"shanten"'
# 1m and 9m are like honours in sanma: the fourth 1m and 9m join no chow (2m, 3m, 7m, 8m are gone)
check "four players: 1m and 9m in chows" "$("$JONG" analyze '1111m9999m123p55z')" '"standard": 1'
check "sanma: 1m and 9m pairs and pungs only" "$("$JONG" analyze --rules sanma '1111m9999m123p55z')" '"standard": 2'
# the ruleset's forms: classical wins with no seven pairs (null), so the pairs hand is
# neither complete nor a wait there
check "classical: no seven pairs" "$("$JONG" analyze --rules classical '1133557799m2244p')" \
  '"shanten": {"all": 3, "standard": 3, "seven_pairs": null, "thirteen_orphans": 10}, "waits": [], "decompositions": []'
check "classical: no seven-pairs wait" "$("$JONG" analyze --rules classical '113355779m2244p')" '"waits": []'
check "without the rules, seven pairs count" "$("$JONG" analyze '1133557799m2244p')" '"all": -1'
# the ruleset's irregular hands through its special_complete, as play asks it (one truth):
# IMS's 13 Individuals, MCR's knitted hands, BMJA's Wriggling Snake, a rule file's own
check "ims: 13 Individuals ready" "$("$JONG" analyze --rules ims '147m258p369s2345z')" \
  '"shanten": {"all": 0, "standard": 8, "seven_pairs": 6, "thirteen_orphans": 7}, "waits": ["2z", "3z", "4z", "5z"]'
check "ims: 13 Individuals complete, one reading" "$("$JONG" analyze --rules ims '147m258p369s23455z')" \
  '"all": -1, "standard": 7, "seven_pairs": 5, "thirteen_orphans": 6}, "waits": [], "decompositions": [["147m258p369s23455z"]]'
check "ims: the discard that keeps it ready, best first" "$("$JONG" analyze --rules ims '147m258p369s23455z')" \
  '"discards": [{"discard": "2z", "shanten": 0, "accept": {"1z": 4, "2z": 3, "6z": 4, "7z": 4}, "count": 15}'
check "ims: a 14-tile hand one discard from 13 Individuals" "$("$JONG" analyze --rules ims '147m258p369s2345z1p')" \
  '{"discard": "1p", "shanten": 0, "accept": {"2z": 3, "3z": 3, "4z": 3, "5z": 3}, "count": 12}'
check "ims: seven pairs with four of a kind" "$("$JONG" analyze --rules ims '1199m1199p11s1111z')" '"all": -1'
check "without the rules: no 13 Individuals" "$("$JONG" analyze '147m258p369s2345z')" '"all": 6, "standard": 8, "seven_pairs": 6, "thirteen_orphans": 7}, "waits": []'
check "mcr: Honors and Knitted Tiles" "$("$JONG" analyze --rules mcr '147m258p369s1234z')" '"all": 0, "standard": 8, "seven_pairs": 6, "thirteen_orphans": 7}, "waits": ["5z", "6z", "7z"]'
check "mcr: Knitted Straight with a meld" "$("$JONG" analyze --rules mcr '147m258p369s11z [123m]')" \
  '"all": -1, "standard": 5, "seven_pairs": null, "thirteen_orphans": null}, "waits": [], "decompositions": [["147m258p369s11z","[123m]"]]'
check "mcr: Knitted Straight waits" "$("$JONG" analyze --rules mcr '147m258p369s1z [123m]')" '"waits": ["1z"]'
check "classical: no irregular hands by default" "$("$JONG" analyze --rules classical '123456789m1234z')" '"all": 2, "standard": 2, "seven_pairs": null, "thirteen_orphans": 7}, "waits": []'
check "classical_bmja: Wriggling Snake waits" "$("$JONG" analyze --rules classical_bmja '123456789m1234z')" '"all": 0, "standard": 2, "seven_pairs": null, "thirteen_orphans": 7}, "waits": ["1m"]'
check "a rule file's own irregular hand: the waits play has" \
  "$("$JONG" analyze --rules tests/lua/rules/truth_japanese_special.lua '147m258p369s2355z')" '"waits": ["1z", "4z", "6z", "7z"]'
tmp=$(mktemp -d)
printf 'local R = { name = "bad_special", extends = "japanese" }\nfunction R.special_complete() error("boom") end\nreturn R\n' >"$tmp/bad_special.lua"
printf 'local R = { name = "count_special", extends = "japanese" }\nfunction R.special_complete() return 0 end\nreturn R\n' >"$tmp/count_special.lua"
out=$("$JONG" analyze --rules "$tmp/bad_special.lua" '147m258p369s2355z'); status=$?
check "a failing hook: the line's error names it" "$out" \
  "\"error\": \"hook special_complete of rules bad_special ($tmp/bad_special.lua:2) failed: $tmp/bad_special.lua:2: boom\"}"
check "a failing hook: exit status 1" "$status" "1"
check "a hook answering a count" "$("$JONG" analyze --rules "$tmp/count_special.lua" '147m258p369s2355z')" \
  "failed: returned a number, not true, false or nil"
rm -rf "$tmp"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
