-- 毒药 (poison): The officer's effective properties drop to p_poison_prop_scale.
---@param ctx mbg.card.ctx
function play(ctx)
	mbg.poison(ctx.target, ctx.params.turns or 8)
	return true
end
