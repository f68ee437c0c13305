package plugin

// ParamsField is the ctx field every kind with scenario parameters shares.
var ParamsField = Field{
	Name: "params",
	Type: "table<string, number>",
	Doc:  "The numeric parameters the scenario gives this use of the hook (a plain table, e.g. `params.burn_rounds`); absent names are nil.",
}

// HostErr is implemented by host values that record the first failure of a
// host call (a bad index from a script, say) rather than return it. After
// every host function a Lua hook calls, and after a Go hook returns, a
// non-nil Err ends the hook call with an *Error wrapping it; for Lua hooks
// that error points at the line of the failing call, and a script that
// catches it with pcall still fails when it returns. A Lua hook that calls
// no host function is not asked: the host should start each hook call
// without an error.
type HostErr interface {
	Err() error
}

// Rewinder is implemented by host values that keep a record of the calls
// made to them (a test's recording host, a tracer). The fast path may give
// up a hook call partway and run it again from the start (see
// HostFunc.ReadOnly); before it does, it calls Rewind, which should forget
// the calls of the hook call in progress, so the record shows each call of
// the script once. Hosts that keep no record need not implement it.
type Rewinder interface {
	Rewind()
}
