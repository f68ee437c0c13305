-- heal_female: 郑阁's 医疗 (facts §10 row 13): females only; strong and super
-- 极值点 (极值 9–14) params.strong, weak 极值点 (7–8) params.weak, other
-- females params.other.

---@param ctx glory.skill.ctx
function can(ctx)
	return glory.female(ctx.target)
end

---@param ctx glory.skill.ctx
function use(ctx)
	local x = glory.extreme(ctx.target)
	local amount = ctx.params.other
	if x >= 9 and x <= 14 then
		amount = ctx.params.strong
	elseif x >= 7 and x <= 8 then
		amount = ctx.params.weak
	end
	glory.heal(ctx.caster, ctx.target, amount)
end
