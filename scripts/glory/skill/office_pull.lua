-- office_pull: Office's CTMO (facts §10 row 11): move an enemy hero in the
-- caster's 视域 onto the OFFICE point. Needs the marker.

---@param ctx glory.skill.ctx
function can(ctx)
	return glory.var(ctx.caster, "office") > 0
end

---@param ctx glory.skill.ctx
function use(ctx)
	glory.move(ctx.target, glory.var(ctx.caster, "office") - 1)
end
