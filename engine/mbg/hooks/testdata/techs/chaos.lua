-- 混乱 chaos: the opponent has zero win weight for a while.
function effect(ctx)
  mbg.confuse("chaos", ctx.params.chaos_rounds or 3)
  return 0, 0
end
