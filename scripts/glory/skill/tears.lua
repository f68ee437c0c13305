-- tears: LQL's 泪崩 (facts §10 row 26, §11.21), at the start of her side's
-- turn: if she took at least params.threshold damage during the opponent's
-- last turn (glory.taken; damage in her own side's turn never counts) and is
-- alive, every enemy in her 视域 must pass its next operation.

---@param ctx glory.skill.ctx
function use(ctx)
	if glory.taken(ctx.caster) < ctx.params.threshold then
		return
	end
	for v = 0, glory.heroes() - 1 do
		if glory.alive(v) and glory.side(v) ~= ctx.side and glory.line(ctx.point, glory.point(v)) >= 0 then
			glory.stun(v)
		end
	end
end
