-- A scenario's own card machines, clashing with the builtin id.
function round_start(ctx)
end
