-- 雷击 thunder: the opponent takes value (like arrows, with other numbers).
function effect(ctx)
  return 0, -ctx.value
end
