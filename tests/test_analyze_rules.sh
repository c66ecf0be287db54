#!/bin/sh
# jong analyze --rules R knows the ruleset's tile set (sanma: no 2m-8m): a tile the set
# lacks is an error with its column, such a kind is no wait, no accepted tile and in no
# chow the shanten counts.
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
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
