-- 连弩 (repeating crossbow): a modder's tech, written only in Lua and TOML.
-- Two volleys: the tech's value, then a second one that grows with the
-- user's strategy (celve 0..100), capped so it never exceeds the first.
---@param ctx mbg.tech.ctx
function effect(ctx)
	local second = ctx.value * ctx.celve / 100 * (ctx.params.second_share or 0.5)
	second = math.min(second, ctx.value)
	return 0, -(ctx.value + math.floor(second))
end
