-- summon: YR's 约谈 (facts §10 row 6, §11.17; rulebook §6.1), free, at the
-- start of YR's turn before any own hero acts: the player may pull an enemy
-- that damaged YR in the opponent's last turn (glory.hit_by, splash
-- included) to a point at r ≤ 1 road-connected to YR: his own point or one
-- drawn edge away at r = 1 (declared aim = "near"; never across a diagonal,
-- r = √2). The skill is optional: the engine asks (a "start" decision)
-- and asks again after each pull while this hook offers one, so a turn
-- allows up to params.count pulls (the scenario's [rules] summons, 1 by
-- default), each enemy at most once. The pulls of the current turn are
-- counted in vars stamped with the round (each side has one turn a round).

local function pulls(ctx)
	if glory.var(ctx.caster, "pull_round") ~= glory.round() then
		return 0
	end
	return glory.var(ctx.caster, "pulls")
end

---@param ctx glory.skill.ctx
function ready(ctx)
	return #glory.hit_by(ctx.caster) > 0 and pulls(ctx) < (ctx.params.count or 1)
end

---@param ctx glory.skill.ctx
function can(ctx)
	if ctx.aim < 0 or glory.r2(ctx.point, ctx.aim) > 1 then
		return false
	end
	if glory.var(ctx.caster, "pulled" .. ctx.target) == glory.round() then
		return false
	end
	for _, v in ipairs(glory.hit_by(ctx.caster)) do
		if v == ctx.target then
			return true
		end
	end
	return false
end

---@param ctx glory.skill.ctx
function use(ctx)
	local n = pulls(ctx)
	glory.set_var(ctx.caster, "pull_round", glory.round())
	glory.set_var(ctx.caster, "pulls", n + 1)
	glory.set_var(ctx.caster, "pulled" .. ctx.target, glory.round())
	glory.move(ctx.target, ctx.aim)
end
