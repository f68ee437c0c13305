-- 公愤 (public_enemy): The target becomes a public enemy: battles with it are forced; fails if it is allied.
---@param ctx mbg.card.ctx
function play(ctx)
	return mbg.public_enemy(ctx.target, ctx.params.turns or 5)
end
