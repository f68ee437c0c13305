-- score_query: the score-query machine (查分机) of 阳光长跑 (facts §13,
-- brawl 4). Whoever owns a cell of the region score_query sees the whole
-- map: every cell and its owner.

---@param ctx xghj.effect.ctx
function vision(ctx)
	for _, c in ipairs(xghj.region("score_query")) do
		if xghj.owner(c) == ctx.player then
			return true
		end
	end
	return false
end
