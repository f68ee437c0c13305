function effect(ctx)
	return 0, -2 * ctx.value
end
