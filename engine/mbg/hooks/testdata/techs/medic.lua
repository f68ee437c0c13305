-- 医疗 medic: the user heals value.
function effect(ctx)
  return ctx.value, 0
end
