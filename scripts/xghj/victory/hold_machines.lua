-- hold_machines: 阳光长跑's victory (facts §13, brawl 4). A player holds
-- the pattern when it owns working card machines (cells of the machine
-- regions not marked "broken.<cell>" by the card_machines effect) in one
-- of the shapes 2 south + 1 north, 1 south + 2 north, or both machines of
-- the sculpture park. Its counter "hold.<player>" grows each round the
-- pattern holds (any machines, not necessarily the same ones) and drops to
-- 0 otherwise; at params.hold_rounds (default 20) the player wins, scored
-- by its counter.

local function working(name, player)
	local n = 0
	for _, c in ipairs(xghj.region(name)) do
		if xghj.owner(c) == player and xghj.get("broken." .. c) ~= 1 then
			n = n + 1
		end
	end
	return n
end

---@param ctx xghj.victory.ctx
function check(ctx)
	local need = ctx.params.hold_rounds or 20
	for p = 0, ctx.players - 1 do
		local key = "hold." .. p
		local s, n = working("card_machine_south", p), working("card_machine_north", p)
		local held = xghj.alive(p) and ((s >= 2 and n >= 1) or (s >= 1 and n >= 2) or working("card_machine_sculpture", p) >= 2)
		local count = 0
		if held then
			count = xghj.get(key) + 1
		end
		xghj.set(key, count)
		if count >= need then
			xghj.win(p, count)
		end
	end
end
