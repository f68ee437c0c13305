-- 弓箭 arrows: the opponent takes value.
function effect(ctx)
  return 0, -ctx.value
end
