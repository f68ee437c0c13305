-- 火箭 fire arrows: the opponent takes value and burns.
function effect(ctx)
  mbg.burn(ctx.params.burn_rounds or 4)
  return 0, -ctx.value
end
