-- heal_class: 581's 医疗 (facts §10 row 3, §11.12). Class-5 heroes (students
-- and teachers) get params.class5, else strong 极值点 (females with 极值
-- 9–10) get params.strong, everyone else params.other. Never above max HP.

---@param ctx glory.skill.ctx
function use(ctx)
	local t = ctx.target
	local x = glory.extreme(t)
	local amount = ctx.params.other
	if glory.class5(t) then
		amount = ctx.params.class5
	elseif glory.female(t) and x >= 9 and x <= 10 then
		amount = ctx.params.strong
	end
	glory.heal(ctx.caster, t, amount)
end
