-- A scenario-local class: pushes the target one cell away.
function apply(ctx)
end
