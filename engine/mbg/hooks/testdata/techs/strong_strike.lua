-- 强击 strong strike: the opponent takes value × |D| more.
function effect(ctx)
  if ctx.dhp < 0 then
    return 0, ctx.dhp * ctx.value
  end
  return 0, 0
end
