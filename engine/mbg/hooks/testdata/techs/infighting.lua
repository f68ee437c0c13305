-- 内讧 infighting: the opponent has zero win weight and hits itself for a while.
function effect(ctx)
  mbg.confuse("infighting", ctx.params.infight_rounds or 2)
  return 0, 0
end
