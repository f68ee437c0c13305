-- 离间 (the seed's code makes it a lifesteal): the user heals value × |D|.
function effect(ctx)
  local d = ctx.dhp
  if d < 0 then
    return -d * ctx.value, 0
  end
  return 0, 0
end
