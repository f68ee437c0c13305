package compiled

import (
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	lua "github.com/yuin/gopher-lua"

	"github.com/sandtable/sandtable/engine/plugin"
)

// This file is the harness of the fast path's differential tests: it runs
// the same hook, with the same inputs and the same host, on a worker that
// uses the fast path and on one that does not (WorkerOptions.NoFastPath),
// and reports any difference in results, errors or host calls.
//
// It works for any kind: diffKind clones a kind with host functions that
// check their arguments as the parameter types say (through the real Args
// getters), record every call, return results of the declared types and,
// now and then, fail in each of the ways a host function can.

// ---- canonical descriptions ----

// describeLua renders a gopher-lua value so that it can be compared with
// describeValue's rendering of a fast-path value: numbers by their bits
// (0 and -0 differ), tables by their contents.
func describeLua(v lua.LValue) string {
	switch v := v.(type) {
	case lua.LNumber:
		return describeNumber(float64(v))
	case lua.LString:
		return "s" + strconv.Quote(string(v))
	case lua.LBool:
		return strconv.FormatBool(bool(v))
	case *lua.LTable:
		var kv []string
		v.ForEach(func(k, x lua.LValue) { kv = append(kv, describeLua(k)+"="+describeLua(x)) })
		slices.Sort(kv)
		return "table{" + strings.Join(kv, ",") + "}"
	case *lua.LFunction:
		return "function"
	}
	if v == lua.LNil {
		return "nil"
	}
	return v.Type().String()
}

func describeValue(v plugin.Value) string {
	switch v.K {
	case plugin.VNil:
		return "nil"
	case plugin.VFalse:
		return "false"
	case plugin.VTrue:
		return "true"
	case plugin.VNumber:
		return describeNumber(v.N)
	case plugin.VString:
		return "s" + strconv.Quote(v.Str())
	case plugin.VTable:
		var kv []string
		if p := v.Params(); p != nil {
			for _, n := range p.Names() {
				x, _ := p.Get(n)
				kv = append(kv, describeLua(lua.LString(n))+"="+describeNumber(x))
			}
		}
		slices.Sort(kv)
		return "table{" + strings.Join(kv, ",") + "}"
	case plugin.VCtx:
		return "table{}" // the empty proxy the VM passes
	}
	return "function"
}

func describeNumber(f float64) string {
	if math.IsNaN(f) {
		return "NaN" // the VM may change a NaN's payload
	}
	return fmt.Sprintf("%v(%x)", f, math.Float64bits(f))
}

// argDesc renders host-call argument i on either path.
func argDesc(a *plugin.Args, i int) string {
	if v, l, compiled := a.Raw(i); !compiled {
		return describeLua(l)
	} else {
		return describeValue(v)
	}
}

// describeResults renders everything a Sig's read can learn from r.
func describeResults(r plugin.Results) string {
	var b strings.Builder
	fmt.Fprintf(&b, "len %d:", r.Len())
	for i := 0; i <= r.Len()+1; i++ {
		n, nerr := r.Number(i)
		bo, berr := r.Bool(i)
		s, serr := r.String(i)
		fmt.Fprintf(&b, " [%d nil=%v num=%s/%v bool=%v/%v str=%q/%v]", i, r.IsNil(i), describeNumber(n), nerr, bo, berr, s, serr)
	}
	return b.String()
}

// describeError renders every field of an *Error.
func describeError(err error) string {
	if err == nil {
		return "ok"
	}
	var e *plugin.Error
	if !errors.As(err, &e) {
		return "plain error: " + err.Error()
	}
	inner := "<nil>"
	if e.Err != nil {
		inner = e.Err.Error()
	}
	return fmt.Sprintf("%s line %d col %d %s %q %s limit %q: %q traceback %v err %s",
		e.Script, e.Line, e.Column, e.Kind, e.ID, e.Func, e.Limit, e.Message, e.Traceback, inner)
}

// limitOf returns the limit err broke, if it is an *Error.
func limitOf(err error) plugin.Limit {
	if e, ok := err.(*plugin.Error); ok {
		return e.Limit
	}
	return plugin.LimitNone
}

// ---- a kind with recording hosts ----

// diffHost records host calls and decides their outcomes from a hash of the
// call, so both workers see the same behaviour for the same call.
type diffHost struct {
	calls []string
	err   error // HostErr
	salt  uint64
	// effects counts the calls of functions that are not read-only;
	// rewoundEffect is set when Rewind forgets one (a call given up after
	// an effect would make the effect twice).
	effects       int
	rewoundEffect bool
	// views: the host functions read like arrays (newDiffKind); their
	// calls are not recorded (register code reads views without calling),
	// and binds counts the views asked for.
	views bool
	binds int
}

func (h *diffHost) Err() error { return h.err }

// Rewind forgets the calls made so far: a diffHost serves one hook call.
func (h *diffHost) Rewind() {
	h.calls = h.calls[:0]
	if h.effects > 0 {
		h.rewoundEffect = true
	}
}

var errDiffHost = errors.New("the host refused")

// diffKind returns a copy of k whose host functions record their calls.
// Each checks its declared parameters with the Args getter of their type,
// then describes all arguments, then (depending on a hash of the call)
// fails through Errorf, through Fail, through HostErr, or with a Go panic,
// or returns values of its declared result types.
//
// With views, every read-only function that may have one gets a View
// (HostFunc.View): for the first indices whose calls return whole numbers
// without failing, at an offset and stride. Such functions describe their
// integer arguments as Args.Int reads them (-0 as 0, as a view cannot tell
// them apart), and the hosts do not record their calls.
func diffKind(k *plugin.Kind) *plugin.Kind { return newDiffKind(k, false) }

func newDiffKind(k *plugin.Kind, views bool) *plugin.Kind {
	c := *k
	c.Host = slices.Clone(k.Host)
	for i := range c.Host {
		hf := &c.Host[i]
		name := c.HostTable + "." + hf.Name
		hf.Impl = func(host any, a *plugin.Args) {
			h := host.(*diffHost)
			for j, p := range hf.Params {
				checkArg(a, j+1, p.Type)
			}
			var args []string
			for j := 1; j <= a.N(); j++ {
				if hf.View != nil && j <= len(hf.Params) && hf.Params[j-1].Type == "integer" {
					args = append(args, describeNumber(float64(a.Int(j))))
					continue
				}
				args = append(args, argDesc(a, j))
			}
			call := name + "(" + strings.Join(args, ", ") + ")"
			h.record(hf, call)
			x := diffCallHash(h, call)
			switch x % 41 {
			case 0:
				a.Errorf("refused %s", call)
			case 1:
				a.Fail(fmt.Errorf("failed %s: %w", call, errDiffHost))
			case 2:
				if h.err == nil {
					h.err = fmt.Errorf("recorded %s: %w", call, errDiffHost)
				}
			case 3:
				panic("host exploded in " + call)
			}
			for j, r := range hf.Returns {
				y := diffResult(x, j)
				switch {
				case strings.HasSuffix(r.Type, "[]") && y%11 != 0:
					// An array (now and then a number, which ipairs refuses).
					a.ReturnInts(diffArray(y))
				case r.Type == "boolean":
					a.ReturnBool(y%2 == 0)
				case r.Type == "string" || strings.HasPrefix(r.Type, `"`):
					a.ReturnString([]string{"", "a", "10", "chaos"}[y%4])
				default:
					a.ReturnNumber(h.number(y))
				}
			}
		}
		hf.Fast = diffFast(hf, name)
		if hf.MayFastInts() {
			hf.FastInts = diffFastInts(hf, name)
		}
		if views && hf.MayView() {
			hf.View = diffView(hf, name)
		}
	}
	return &c
}

// diffArray is the array a recording host returns for hash y.
func diffArray(y uint64) []int {
	xs := make([]int, y%6)
	for k := range xs {
		xs[k] = int(y>>(4*k)%50) - 5
	}
	return xs
}

// diffFastInts is the FastInts shortcut of a recording host function that
// returns an array: what Impl does for calls that return an array (a
// HostErr included); it declines the others (and calls with a 0, as
// diffFast does) before it records anything.
func diffFastInts(hf *plugin.HostFunc, name string) func(host any, in []int) ([]int, bool) {
	return func(host any, in []int) ([]int, bool) {
		h := host.(*diffHost)
		if hasZero(nil, in) {
			return nil, false
		}
		call := diffCall(name, nil, in)
		x := diffCallHash(h, call)
		y := diffResult(x, 0)
		if x%41 <= 3 && x%41 != 2 || y%11 == 0 {
			return nil, false
		}
		h.record(hf, call)
		if x%41 == 2 && h.err == nil {
			h.err = fmt.Errorf("recorded %s: %w", call, errDiffHost)
		}
		return diffArray(y), true
	}
}

// record records a call of hf (but for a read through a view).
func (h *diffHost) record(hf *plugin.HostFunc, call string) {
	if !hf.ReadOnly {
		h.effects++
	}
	if !h.views || !hf.ReadOnly {
		h.calls = append(h.calls, call)
	}
}

// diffCallHash is the hash from which a recording host decides the outcome
// of call.
func diffCallHash(h *diffHost, call string) uint64 {
	f := fnv.New64a()
	f.Write([]byte(call))
	return f.Sum64() ^ h.salt
}

// diffView is the View of a recording host function (see newDiffKind):
// up to the first of 12 indices whose call fails or returns what is not a
// whole number, the results at offset 1 and stride len(Returns)+1 (the gaps
// hold -999, which no call returns).
func diffView(hf *plugin.HostFunc, name string) func(host any, rest []int) ([]int, int, int, bool) {
	enums, _ := diffEnums(hf)
	return func(host any, rest []int) ([]int, int, int, bool) {
		h := host.(*diffHost)
		h.binds++
		stride := len(hf.Returns) + 1
		xs := []int{-999}
	index:
		for i := range 12 {
			x := diffCallHash(h, diffCall(name, enums, append([]int{i}, rest...)))
			if x%41 <= 3 {
				break
			}
			for j := range hf.Returns {
				r := h.number(diffResult(x, j))
				if r != math.Trunc(r) || r == 0 && math.Signbit(r) || math.Abs(r) > 1<<53 {
					xs = xs[:1+i*stride]
					break index
				}
				xs = append(xs, int(r))
			}
			xs = append(xs, -999)
		}
		return xs, 1, stride, true
	}
}

// diffFast is the Fast shortcut of a recording host function whose
// parameters are integers and enums and whose results are numbers, or
// nil. It does what the recording Impl does for the calls whose outcome
// is whole numbers other than -0 (or a HostErr, or a panic) and declines
// the others before it records anything. Calls with a 0 are declined
// too: Impl describes the argument, which may be -0.
func diffFast(hf *plugin.HostFunc, name string) func(host any, in, out []int) (int, bool) {
	if len(hf.Params) == 0 || len(hf.Params) > 4 || len(hf.Returns) > 4 {
		return nil
	}
	enums, ok := diffEnums(hf)
	if !ok {
		return nil
	}
	for _, r := range hf.Returns {
		if r.Type != "number" && r.Type != "integer" {
			return nil
		}
	}
	return func(host any, in, out []int) (int, bool) {
		h := host.(*diffHost)
		if hasZero(enums, in) {
			return 0, false
		}
		call := diffCall(name, enums, in)
		x := diffCallHash(h, call)
		if x%41 <= 1 {
			return 0, false
		}
		for j := range hf.Returns {
			r := h.number(diffResult(x, j))
			if r != math.Trunc(r) || r == 0 && math.Signbit(r) {
				return 0, false
			}
			out[j] = int(r)
		}
		h.record(hf, call)
		switch x % 41 {
		case 2:
			if h.err == nil {
				h.err = fmt.Errorf("recorded %s: %w", call, errDiffHost)
			}
		case 3:
			panic("host exploded in " + call)
		}
		return len(hf.Returns), true
	}
}

// diffEnums returns the strings of hf's enum parameters, by parameter (nil
// for an integer), or false when a parameter is neither.
func diffEnums(hf *plugin.HostFunc) ([][]string, bool) {
	enums := make([][]string, len(hf.Params))
	for i, p := range hf.Params {
		if p.Type != "integer" {
			vs, ok := enumValues(p.Type)
			if !ok {
				return nil, false
			}
			enums[i] = vs
		}
	}
	return enums, true
}

// diffCall describes the call name(in…) of arguments as Fast takes them
// (enums[i], if not nil, names argument i's enum), as a recording Impl
// describes it.
func diffCall(name string, enums [][]string, in []int) string {
	args := make([]string, len(in))
	for i, n := range in {
		if i < len(enums) && enums[i] != nil {
			args[i] = describeValue(plugin.StringValue(enums[i][n]))
		} else {
			args[i] = describeNumber(float64(n))
		}
	}
	return name + "(" + strings.Join(args, ", ") + ")"
}

// hasZero reports whether an integer argument is 0, which a recording Impl
// may see as -0 and describe so: the Fast shortcuts decline such calls.
func hasZero(enums [][]string, in []int) bool {
	for i, n := range in {
		if n == 0 && (i >= len(enums) || enums[i] == nil) {
			return true
		}
	}
	return false
}

// diffResult is the hash from which a recording host draws result j.
func diffResult(x uint64, j int) uint64 { return x >> (8 * (j + 1)) }

// number is the number h returns for hash y: with views, mostly whole
// numbers, so that views hold more than a few indices.
func (h *diffHost) number(y uint64) float64 { return diffNumberOf(y, h.views) }

func diffNumberOf(y uint64, whole bool) float64 {
	if whole && y%8 != 0 {
		return float64(int(y%41) - 20)
	}
	if y%7 == 0 {
		return -float64(y % 5)
	}
	return float64(y%200) / 4
}

// checkArg reads argument i with the getter its type calls for.
func checkArg(a *plugin.Args, i int, typ string) {
	switch {
	case typ == "integer":
		a.Int(i)
	case typ == "number":
		a.Number(i)
	case typ == "string":
		a.String(i)
	case typ == "boolean":
		a.Bool(i)
	case strings.HasPrefix(typ, `"`):
		var opts []string
		for _, o := range strings.Split(typ, "|") {
			opts = append(opts, strings.Trim(o, `"`))
		}
		a.Enum(i, opts...)
	}
}

// diffField is one ctx field of a generated call: which Table setter to use
// (0: leave the field as the previous call left it).
type diffField struct {
	set byte // 'n' Number, 'i' Int, 'b' Bool, 's' String, 'p' Params
	n   float64
	s   string
	p   *plugin.Params
}

type diffCtx struct{ fields []diffField }

// diffSigs returns a Sig for each function of k.
func diffSigs(k *plugin.Kind) []*plugin.Sig[diffCtx, any, string] {
	fill := func(t *plugin.Table, c *diffCtx) {
		for i, f := range c.fields {
			switch f.set {
			case 'n':
				t.Number(i, f.n)
			case 'i':
				t.Int(i, int(f.n))
			case 'b':
				t.Bool(i, f.n != 0)
			case 's':
				t.String(i, f.s)
			case 'p':
				t.Params(i, f.p)
			}
		}
	}
	read := func(r plugin.Results) (string, error) { return describeResults(r), nil }
	var sigs []*plugin.Sig[diffCtx, any, string]
	for _, f := range k.Funcs {
		sigs = append(sigs, plugin.NewSig[diffCtx, any, string](k, f.Name, fill, read, nil))
	}
	return sigs
}

// ---- random inputs ----

var diffNumbers = []float64{
	0, math.Copysign(0, -1), 1, -1, 0.5, -0.5, 2, 3, -3, 7, 10, 100, -100, 1e15, -1e15, 1 << 53, 1<<53 + 2,
	1e308, -1e308, 5e-324, math.Inf(1), math.Inf(-1),
}

var diffStrings = []string{"", "a", "b", "chaos", "slow", "infighting", "10", " 7 ", "0x10", "1e3", "-2", "nan", "inf", "abc", "b\x00"}

// diffGen draws inputs from a seeded generator.
type diffGen struct {
	r      *rand.Rand
	keys   []string // params names the script reads
	finite bool     // no NaN or infinities
}

func (g *diffGen) number() float64 {
	for {
		var f float64
		switch g.r.IntN(4) {
		case 0:
			f = diffNumbers[g.r.IntN(len(diffNumbers))]
		case 1:
			f = float64(g.r.IntN(101) - 50)
		case 2:
			f = math.Round(g.r.NormFloat64()*1000) / 8
		default:
			f = float64(g.r.IntN(11))
		}
		if g.r.IntN(50) == 0 && !g.finite {
			f = math.NaN()
		}
		if !g.finite || !math.IsInf(f, 0) && !math.IsNaN(f) {
			return f
		}
	}
}

func (g *diffGen) string() string {
	if g.r.IntN(8) == 0 {
		return strconv.Itoa(g.r.IntN(20) - 5)
	}
	return diffStrings[g.r.IntN(len(diffStrings))]
}

// params returns nil, an empty table, or a table with some of g.keys.
func (g *diffGen) params() *plugin.Params {
	switch g.r.IntN(6) {
	case 0:
		return nil
	case 1:
		return plugin.NewParams(nil)
	}
	m := map[string]float64{}
	for _, k := range g.keys {
		if g.r.IntN(3) > 0 {
			m[k] = g.number()
			if g.r.IntN(2) == 0 {
				m[k] = float64(g.r.IntN(12) - 2)
			}
		}
	}
	if g.r.IntN(4) == 0 {
		m["extra"] = g.number()
	}
	return plugin.NewParams(m)
}

// field returns a value for a field of type typ, now and then of another
// type or left unset.
func (g *diffGen) field(typ string) diffField {
	if g.r.IntN(12) == 0 {
		typ = []string{"number", "integer", "boolean", "string", "table", ""}[g.r.IntN(6)]
	}
	switch {
	case typ == "":
		return diffField{}
	case typ == "integer":
		return diffField{set: 'i', n: float64(g.r.IntN(21) - 10)}
	case strings.HasPrefix(typ, "number"):
		return diffField{set: 'n', n: g.number()}
	case typ == "boolean":
		return diffField{set: 'b', n: float64(g.r.IntN(2))}
	case typ == "string" || strings.HasPrefix(typ, `"`):
		return diffField{set: 's', s: g.string()}
	case strings.HasPrefix(typ, "table"):
		return diffField{set: 'p', p: g.params()}
	}
	return diffField{set: 'n', n: g.number()}
}

func (g *diffGen) ctx(k *plugin.Kind) *diffCtx {
	c := &diffCtx{fields: make([]diffField, len(k.Ctx))}
	for i, f := range k.Ctx {
		c.fields[i] = g.field(f.Type)
	}
	return c
}

var paramsKeyRE = regexp.MustCompile(`\.([A-Za-z_][A-Za-z0-9_]*)`)

// scriptKeys lists the names src reads with a dot: candidates for params.
func scriptKeys(src string) []string {
	var keys []string
	for _, m := range paramsKeyRE.FindAllStringSubmatch(src, -1) {
		if !slices.Contains(keys, m[1]) {
			keys = append(keys, m[1])
		}
	}
	slices.Sort(keys)
	return keys
}

// ---- running both paths ----

// diffPair is one hook on a fast-path worker and on a VM worker.
type diffPair struct {
	t        testing.TB
	kind     *plugin.Kind
	sigs     []*plugin.Sig[diffCtx, any, string]
	reg      *plugin.Registry
	fast, vm *plugin.Worker
	ref      plugin.Ref
	hook     *plugin.LuaHook
	views    bool // the kind's read-only functions have views (newDiffKind)
	binds    int  // the views the fast path asked for
	// The ctx fields a call leaves unset get the values the last call
	// set (last), explicitly.
	last []diffField
}

// newDiffPair registers src as the hook "h" of a recording copy of kind.
func newDiffPair(t testing.TB, kind *plugin.Kind, path, src string, limits plugin.Limits) (*diffPair, error) {
	return newDiffPairOf(t, kind, path, src, limits, false)
}

// newDiffPairViews is newDiffPair with views (newDiffKind).
func newDiffPairViews(t testing.TB, kind *plugin.Kind, path, src string, limits plugin.Limits) (*diffPair, error) {
	return newDiffPairOf(t, kind, path, src, limits, true)
}

func newDiffPairOf(t testing.TB, kind *plugin.Kind, path, src string, limits plugin.Limits, views bool) (*diffPair, error) {
	k := newDiffKind(kind, views)
	reg, err := compilingRegistry([]*plugin.Kind{k}, testLimits(limits))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := reg.AddLua(k, "h", path, []byte(src)); err != nil {
		return nil, err
	}
	ref, _ := reg.Lookup(k, "h")
	h, _ := reg.Hook(ref)
	p := &diffPair{t: t, kind: k, sigs: diffSigs(k), last: make([]diffField, len(k.Ctx)),
		reg: reg, ref: ref, hook: h.(*plugin.LuaHook), views: views}
	p.fast = reg.NewWorker(plugin.WorkerOptions{Rand: seeded(3)})
	p.vm = reg.NewWorker(plugin.WorkerOptions{Rand: seeded(3), NoFastPath: true})
	return p, nil
}

func (p *diffPair) close() {
	p.fast.Close()
	p.vm.Close()
}

// call runs function fn of the hook on both workers with ctx and hosts of
// the same salt; it returns a description of the difference, or "", and
// whether the call failed (on the VM).
func (p *diffPair) call(fn int, ctx *diffCtx, salt uint64) (string, bool) {
	hf, hv := &diffHost{salt: salt, views: p.views}, &diffHost{salt: salt, views: p.views}
	for i, f := range ctx.fields {
		if f.set == 0 {
			ctx.fields[i] = p.last[i]
		} else {
			p.last[i] = f
		}
	}
	sig := p.sigs[fn]
	cf, cv := *ctx, *ctx
	rf, errf := plugin.Call(p.fast, sig, p.ref, &cf, any(hf))
	rv, errv := plugin.Call(p.vm, sig, p.ref, &cv, any(hv))
	p.binds += hf.binds
	// The fast path counts a lower bound of the VM's instructions (see
	// fastcall.go): where the VM runs out, the fast path may stop later
	// (at another line, after more host calls, with the budget's error or,
	// having run further, another) or finish; it must never stop a call
	// the VM finishes.
	if limitOf(errv) == plugin.LimitInstructions {
		return "", true
	}
	var diffs []string
	// The lower bound itself, on every call that ran through.
	if fastOf(p.hook) != nil && errf == nil && errv == nil && frameOf(p.fast).n > p.vm.Instructions() {
		diffs = append(diffs, fmt.Sprintf("instructions: fast counted %d, the VM ran %d", frameOf(p.fast).n, p.vm.Instructions()))
	}
	if rf != rv {
		diffs = append(diffs, fmt.Sprintf("results:\n  fast %s\n  vm   %s", rf, rv))
	}
	if df, dv := describeError(errf), describeError(errv); df != dv {
		diffs = append(diffs, fmt.Sprintf("errors:\n  fast %s\n  vm   %s", df, dv))
	}
	if hf.rewoundEffect {
		diffs = append(diffs, "the fast path gave a call up after an effect and ran it again")
	}
	if !slices.Equal(hf.calls, hv.calls) {
		diffs = append(diffs, fmt.Sprintf("host calls:\n  fast %q\n  vm   %q", hf.calls, hv.calls))
	}
	return strings.Join(diffs, "\n"), errv != nil
}

// run calls every function the script defines n times with random inputs
// and fails the test at the first difference. It returns how many calls
// failed (the same way on both paths).
func (p *diffPair) run(name, src string, seed uint64, n int, finite bool) (failed int) {
	p.t.Helper()
	g := &diffGen{r: rand.New(rand.NewPCG(seed, 17)), keys: scriptKeys(src), finite: finite}
	for i := 0; i < n; i++ {
		for fn := range p.kind.Funcs {
			if ok, err := p.vm.Exports(p.ref, p.kind.Funcs[fn].Name); err != nil || !ok {
				continue
			}
			ctx := g.ctx(p.kind)
			salt := g.r.Uint64()
			d, bad := p.call(fn, ctx, salt)
			if d != "" {
				p.t.Fatalf("%s: call %d of %s with %+v differs:\n%s\nscript:\n%s", name, i, p.kind.Funcs[fn].Name, ctx.fields, d, src)
			}
			if bad {
				failed++
			}
		}
	}
	return failed
}
