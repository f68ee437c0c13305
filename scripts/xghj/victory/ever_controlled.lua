-- ever_controlled: 上自习去哪儿's victory "清华哪个教室我没有去过" (facts
-- §13, brawl 5). The study buildings are the regions study_1 …
-- study_<params.buildings> (default 11: 六教, 三教, 四教, 五教, 二教, 一教,
-- 新水, 老馆, 新馆, 北馆, 文图). A player controls a building when it owns
-- at least one of its cells, or, with params.majority = 1, more than half
-- of them. Control is remembered ("ever.<player>.<k>" = 1, checked at the
-- end of every round, when the land is as the military phase left it);
-- the first player who has ever controlled every building wins.

local function controls(cells, player, majority)
	local owned = 0
	for _, c in ipairs(cells) do
		if xghj.owner(c) == player then
			owned = owned + 1
		end
	end
	if majority then
		return owned * 2 > #cells
	end
	return owned > 0
end

---@param ctx xghj.victory.ctx
function check(ctx)
	local count = ctx.params.buildings or 11
	local majority = (ctx.params.majority or 0) ~= 0
	for k = 1, count do
		local cells = xghj.region("study_" .. k)
		for p = 0, ctx.players - 1 do
			if xghj.alive(p) and controls(cells, p, majority) then
				xghj.set("ever." .. p .. "." .. k, 1)
			end
		end
	end
	for p = 0, ctx.players - 1 do
		local all = true
		for k = 1, count do
			if xghj.get("ever." .. p .. "." .. k) ~= 1 then
				all = false
				break
			end
		end
		if all then
			xghj.win(p, 0)
		end
	end
end
