-- card_passive: while QC holds the 坤卡 (var card = 1) she deals
-- params.vs_male more to males and takes params.from_female less from
-- females (never below 0).

---@param ctx glory.skill.ctx
function modify(ctx)
	if glory.var(ctx.caster, "card") ~= 1 then
		return ctx.amount
	end
	local d = ctx.amount
	if ctx.source == ctx.caster and not glory.female(ctx.victim) then
		d = d + ctx.params.vs_male
	end
	if ctx.victim == ctx.caster and ctx.source >= 0 and glory.female(ctx.source) then
		d = d - ctx.params.from_female
	end
	if d < 0 then
		d = 0
	end
	return d
end
