-- registration_centre: the registration centre (注册中心) of 上自习去哪儿
-- (facts §13, brawl 5). Whoever owns a cell of the region
-- registration_centre learns everything about every player (saving,
-- capital, wars: the union level); with params.full_vision = 1 it also
-- sees the whole map (default 0).

local function owns(player)
	for _, c in ipairs(xghj.region("registration_centre")) do
		if xghj.owner(c) == player then
			return true
		end
	end
	return false
end

---@param ctx xghj.effect.ctx
function info(ctx)
	return owns(ctx.player)
end

---@param ctx xghj.effect.ctx
function vision(ctx)
	return (ctx.params.full_vision or 0) ~= 0 and owns(ctx.player)
end
