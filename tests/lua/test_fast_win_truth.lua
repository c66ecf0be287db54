-- The fast path of wins (a ruleset's fast_win) is a cache of score's answer: in Japanese
-- self-play (and its presets), every win the engine asks about and every hand the
-- default bot asks about after a call (g:would_win) is judged as score judges it on the
-- situation of that win.
local lu = require "luaunit"

local function score_says(g, win)
  local f = assert(jong.facts(g:situation(win, false)))
  local r = g.rules.score(f)
  return r ~= nil and r.wins == true
end

local function play_checked(rules, seeds)
  local would_win = jong.Game.would_win
  local asked = { bot = 0, engine = 0, bot_wins = 0, wrong = {} }
  jong.Game.would_win = function(self, seat, hand, tile, how, from)
    local answer = would_win(self, seat, hand, tile, how, from)
    local win = { seat = seat, tile = tile, how = how, hand = hand, from = from,
                  last_tile = false, first_turn = false, loose = false }
    -- (an error here would be swallowed: the bot takes a failing test as no answer)
    if answer ~= score_says(self, win) then
      asked.wrong[#asked.wrong + 1] = rules .. ": bot asks " .. hand .. " + " .. tile .. " by " .. how
    end
    asked.bot = asked.bot + 1
    if answer then asked.bot_wins = asked.bot_wins + 1 end
    return answer
  end
  local ok, err = pcall(function()
    for seed = 1, seeds do
      local g = assert(jong.game { rules = rules, seed = seed })
      while g:state().phase ~= "match_end" do
        local seat = g:waiting()[1]
        if not seat then break end
        for _, a in ipairs(g:legal(seat)) do
          if a.type == "win" then   -- offered: score says it wins (the fast path said so)
            lu.assertTrue(score_says(g, g:pending_win(a)), rules .. ": offered " .. seat .. " win " .. a.tile)
            asked.engine = asked.engine + 1
          end
        end
        assert(g:play(seat, assert(g:bot(seat, "default"))))
      end
      g:close()
    end
  end)
  jong.Game.would_win = would_win
  if not ok then error(err, 0) end
  lu.assertEquals(asked.wrong, {})
  return asked
end

function test_japanese_fast_path_is_score()
  local asked = play_checked("japanese", 4)
  lu.assertTrue(asked.engine > 20)
  lu.assertTrue(asked.bot > 5 and asked.bot_wins > 0 and asked.bot_wins < asked.bot)
end

function test_tenhou_fast_path_is_score()
  local asked = play_checked("tenhou", 2)
  lu.assertTrue(asked.engine > 10)
end

os.exit(lu.LuaUnit.run())
