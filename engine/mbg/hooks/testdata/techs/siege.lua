-- 攻城 siege: against walls only, value × |D| more, capped at the remaining def
-- so it never reaches the general.
function effect(ctx)
  if ctx.opp_def > 0 and ctx.dhp < 0 then
    local extra = -ctx.dhp * ctx.value
    if extra > ctx.opp_def then
      extra = ctx.opp_def
    end
    return 0, -extra
  end
  return 0, 0
end
