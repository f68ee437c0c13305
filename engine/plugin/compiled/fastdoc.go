package compiled

// FastPathDoc is the section of docs/lua-api.md (kit/luadoc) on the fast
// path: what runs fast and why. It follows the subset this package accepts
// (fast.go, fastcall.go) and its register code (fastreg.go); keep them in
// step.
func FastPathDoc() string {
	return `### What runs fast

Most hooks are small: a little arithmetic over ` + "`ctx`" + `, a few host calls, a loop over an
area. For such scripts the Lua VM's fixed costs (building the ` + "`ctx`" + ` table, the call itself,
a check per instruction, every ` + "`ctx.x`" + ` and ` + "`ftbt.x`" + ` looked up in a table) dwarf the work. So
when every function a script defines for its kind is written in the plain subset below, the
script is also compiled, once, into Go code that computes exactly what the VM would (results,
errors and their lines, host calls, random draws), and the engine runs that instead. Nothing
else changes: the same limits, the same error messages, the same game. A script outside the
subset simply runs on the VM; it is never rejected for it.

The subset is ordinary Lua; write it the way you would anyway:

- top level: ` + "`function NAME(ctx) … end`" + ` for the kind's functions, ` + "`local NAME = value`" + `
  constants (literals, arithmetic, ` + "`math`" + ` calls), and ` + "`local function NAME(…) … end`" + ` helpers,
  which may call themselves, earlier helpers and host functions, and may receive ` + "`ctx`" + `;
- statements: ` + "`local`" + ` declarations (also of several values: ` + "`local _, left = ftbt.effect(…)`" + `,
  ` + "`local a, b = helper(ctx)`" + `), assigning one value to a local, ` + "`if`/`elseif`/`else`" + `, ` + "`do … end`" + `,
  ` + "`return`" + ` (early returns too; ` + "`return helper(…)`" + ` is a tail call, as in Lua), calls of host
  functions and helpers, numeric ` + "`for i = a, b, step`" + `, and ` + "`for i, c in ipairs(HOST CALL)`" + ` over a
  host function that returns an array (such as ` + "`ftbt.aoe`" + `): the loop walks the engine's own list,
  and no Lua table is built;
- expressions: ` + "`nil`" + `, booleans, numbers, strings (up to 1024 bytes), locals, ` + "`ctx.NAME`" + `, ` + "`ctx.params.NAME`" + `,
  ` + "`and`/`or`/`not`" + `, arithmetic, comparisons, ` + "`math.floor`, `ceil`, `abs`, `sqrt`, `min`, `max`" + `,
  ` + "`math.random()`" + ` without arguments, ` + "`math.pi`, `math.huge`" + `, host and helper calls.

Outside it (the script then runs on the VM): tables, closures (a function defined inside a
function), ` + "`while`/`repeat`/`break`" + `, ` + "`pairs`" + `, ` + "`..`" + `, ` + "`#`" + `, method calls, varargs, the ` + "`string`" + ` and
` + "`table`" + ` libraries, other globals, assigning a global or a top-level local, several values assigned at
once to existing locals, and a top level that runs code. All shipped scripts are in the subset;
a test keeps them there.

Three kinds of code run faster still. A helper that only computes numbers from numbers (no loops,
no host calls, no recursion; such as the ` + "`idiv`" + ` and ` + "`amount`" + ` helpers of the ftbt scripts, which may read
` + "`ctx`" + ` fields and call each other) is compiled a second time over plain numbers, and a call uses that
form whenever its arguments are numbers (and ` + "`ctx`" + `) and the limits are not close; otherwise the
general form runs, so the outcome is the same either way. Host functions that take integers
and names (` + "`ftbt.occupant`, `ftbt.hp`, `ftbt.goal_dist`, `ftbt.effect`" + ` …) are called directly when
their arguments are valid. And a hook function whose values are all numbers, and which reads the
game through host functions marked read-only in the reference below (the ftbt AI's ` + "`score`" + `
functions, for instance) and changes it, if at all, only at its end (` + "`mbg.burn(ctx.params.burn_rounds or 4)`" + `
then ` + "`return 0, -ctx.value`" + `: after the change, no more host calls, loops or ` + "`ctx.params`" + ` values that
may be absent) is compiled a third time, to code for a small register machine: the
` + "`ctx`" + ` fields and constants it reads sit in registers, the numeric helpers it calls are copied into
it (so ` + "`idiv(amount(ctx, c0, c) * rem * g, ctx.tech_dist)`" + ` costs no call at all), conditions are
compare-and-jump, and host calls read their arguments from registers. Some read-only functions
are marked in the reference below as read by index (` + "`ftbt.occupant`, `ftbt.effect`, `ftbt.goal_dist`, `ftbt.static_weight`" + `):
the game hands such code its own array once per call, and a read in the loop is then an array
access instead of a call (an index outside the array is an ordinary call); and a loop's array
function (` + "`ftbt.aoe`" + `) is called directly, its cells copied once. Arithmetic a loop repeats on
values it does not change (the fly score's ` + "`idiv(a0 * ctx.aoe_ratio, 100)`" + `, the same for every
cell, inside a helper the loop calls) is done once before the loop, also when an ` + "`if`" + ` picks one of
two such values first (the fly weight: one value for the target cell, another for the rest), so
there is no need to move it out by hand; a helper that computes it stays readable. That code runs
first; when it
meets something it does not handle (a ` + "`ctx.params`" + ` value that is absent where a number is needed, an
argument that is not a whole number, a limit getting close) it gives the call up, and the call runs
again from the start in the general form, which can do so because nothing the first attempt did could
be seen (it never gives up after a change). So, to be fast, write hooks the plain way: numbers in
locals, host reads in the hook function, arithmetic in small helpers, changes at the end. Strings,
booleans in locals, tables and random numbers keep a function in the general form.

Limits work the same on both paths. The call depth is counted exactly as on the VM. A loop or a
helper that recurses counts instructions too: each iteration and call counts the instructions the
VM certainly runs for it, a lower bound of the VM's count. A script that runs away (an endless
` + "`for`" + `, a huge array, unbounded recursion) is stopped by the same instruction or call-depth limit
with the same message; near the budget the compiled code may stop a little later than the VM, at
another line (or, having run further, with the error it meets there), but it never stops a call
the VM would finish.

`
}
