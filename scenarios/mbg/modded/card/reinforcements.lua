-- 援军 (reinforcements): a modder's card, written only in Lua and TOML.
-- Heals the user's retinue and hurries it along for a few turns.
---@param ctx mbg.card.ctx
function play(ctx)
	mbg.heal_retinue(ctx.user, ctx.params.fraction or 0.3)
	mbg.set_move(ctx.user, "fast", ctx.params.turns or 2)
	return true
end
