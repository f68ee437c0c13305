-- 盾牌 shield: the user heals value × |D|, the whole hit including what the walls took.
function effect(ctx)
  if ctx.dhp < 0 then
    return -ctx.dhp * ctx.value, 0
  end
  return 0, 0
end
