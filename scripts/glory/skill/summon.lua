-- summon: YR's 约谈 (facts §10 row 6, §11.17), at the start of YR's turn:
-- the first enemy that damaged YR since YR's side's last turn start (up to
-- params.count enemies: the scenario's [rules] summons, 1 by default) is pulled onto YR's point
-- (r = 0, road-connected by definition).

---@param ctx glory.skill.ctx
function use(ctx)
	local left = ctx.params.count or 1
	for _, v in ipairs(glory.hit_by(ctx.caster)) do
		if left <= 0 then
			return
		end
		if glory.alive(v) and glory.side(v) ~= ctx.side then
			glory.move(v, ctx.point)
			left = left - 1
		end
	end
end
