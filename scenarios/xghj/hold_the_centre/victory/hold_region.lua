-- hold_region: a victory condition written for this scenario alone. A
-- player holds the region "centre" when it owns more than params.share
-- percent of its cells (default 50; params are numbers, so the region's
-- name is fixed here). Its counter "centre.hold.<player>" grows every round it
-- holds the centre and drops to 0 otherwise; at params.rounds (default 10)
-- it wins.

---@param ctx xghj.victory.ctx
function check(ctx)
	local cells = xghj.region("centre")
	local share = ctx.params.share or 50
	local need = ctx.params.rounds or 10
	for p = 0, ctx.players - 1 do
		local owned = 0
		for _, c in ipairs(cells) do
			if xghj.owner(c) == p then
				owned = owned + 1
			end
		end
		local key = "centre.hold." .. p
		local count = 0
		if xghj.alive(p) and owned * 100 > share * #cells then
			count = xghj.get(key) + 1
		end
		xghj.set(key, count)
		if count >= need then
			xghj.win(p, count)
		end
	end
end
