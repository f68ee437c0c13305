-- print_shop: the 听涛 print shop (听涛打印店) of 上自习去哪儿 (facts §13,
-- brawl 5). Whoever owns a cell of the region print_shop earns
-- ⌊(100 + params.bonus_percent) / 100 · income⌋ from its land (default
-- bonus_percent 5: fc14 then gives 1 + ⌊1.05 · Σ res⌋).

---@param ctx xghj.effect.ctx
function income(ctx)
	for _, c in ipairs(xghj.region("print_shop")) do
		if xghj.owner(c) == ctx.player then
			local pct = 100 + (ctx.params.bonus_percent or 5)
			return math.floor(ctx.income * pct / 100)
		end
	end
	return ctx.income
end
