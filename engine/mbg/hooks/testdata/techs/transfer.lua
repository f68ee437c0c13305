-- 转移 transfer: the user heals value × |D| (half, with value 0.5) and the opponent takes as much.
function effect(ctx)
  if ctx.dhp < 0 then
    local x = -ctx.dhp * ctx.value
    return x, -x
  end
  return 0, 0
end
