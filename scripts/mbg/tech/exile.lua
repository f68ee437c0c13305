-- 流放 (exile): The loser's main general leaves his role after the battle.
---@param ctx mbg.tech.ctx
function effect(ctx)
	mbg.exile()
	return 0, 0
end
