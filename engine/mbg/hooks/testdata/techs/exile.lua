-- 流放 exile: the loser's main general leaves his role after the battle.
function effect(ctx)
  mbg.exile()
  return 0, 0
end
