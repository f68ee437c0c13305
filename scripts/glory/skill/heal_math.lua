-- heal_math: Fakeflower's 医疗 (facts §10 row 8): 神 params.god, 巨
-- params.giant, 强 params.strong; 中 and 弱 are not eligible targets.

local function amount(ctx, t)
	local tier = glory.math(t)
	if tier >= 4 then
		return ctx.params.god
	elseif tier == 3 then
		return ctx.params.giant
	elseif tier == 2 then
		return ctx.params.strong
	end
	return 0
end

---@param ctx glory.skill.ctx
function can(ctx)
	return amount(ctx, ctx.target) > 0
end

---@param ctx glory.skill.ctx
function use(ctx)
	glory.heal(ctx.caster, ctx.target, amount(ctx, ctx.target))
end
