function play(ctx)
	return true
end
