package ftbt

// Setting describes one integer setting of [constants] or [ai]: the
// original's constant, its star.tech value as default, the hard lower bound
// the schema enforces (divisors must be at least 1) and the sane range
// outside of which the ftbt-number-sane rule warns.
type Setting struct {
	Table, Key       string
	Default          int
	Min              int
	SaneMin, SaneMax int
	Doc              string
}

// Path is the setting's name as "table.key".
func (s Setting) Path() string { return s.Table + "." + s.Key }

// Settings are the rules file's global numbers (facts §2.1) and the 11 AI
// constants of its AI block (facts §9), with star.tech's values as defaults.
var Settings = []Setting{
	{Table: "constants", Key: "max_fly_weight", Default: 15, Min: 1, SaneMin: 2, SaneMax: 1000,
		Doc: "MAX_FLY_WEIGHT: a fly effect of strength a makes a cell cost (max_fly_weight − 1) × (max_abi − a) / max_abi + 1 to enter (facts §8.3)."},
	{Table: "constants", Key: "max_abi", Default: 30, Min: 1, SaneMin: 5, SaneMax: 1000,
		Doc: "MAX_ABI: the ability scale of fly and disable-long; their radius is aoe radius × abi / max_abi (× value / 100 for fly). Abilities above it give odd fly weights (facts §8.3)."},
	{Table: "ai", Key: "move_dist", Default: 3000, Min: 1, SaneMin: 10, SaneMax: 1000000,
		Doc: "AI_MAX_MOVE_DIST: goal distance beyond which a cell's location score is 0."},
	{Table: "ai", Key: "move_score", Default: 1500, Min: 0, SaneMin: 1, SaneMax: 1000000,
		Doc: "AI_MAX_MOVE_SCORE: location score of the goal itself; it falls linearly to 0 at move_dist."},
	{Table: "ai", Key: "buf_value", Default: 30, Min: 1, SaneMin: 1, SaneMax: 100000,
		Doc: "AI_MAX_BUF_VALUE: a buff of this value on a cell adds buf_score to its location score."},
	{Table: "ai", Key: "buf_score", Default: 1000, Min: 0, SaneMin: 0, SaneMax: 1000000,
		Doc: "AI_MAX_BUF_SCORE: location score of a buff of buf_value (not capped)."},
	{Table: "ai", Key: "def_dist", Default: 300, Min: 1, SaneMin: 1, SaneMax: 1000000,
		Doc: "AI_MAX_DEF_DIST: enemy distance from which a cell gets the full defence score."},
	{Table: "ai", Key: "def_score", Default: 500, Min: 0, SaneMin: 0, SaneMax: 1000000,
		Doc: "AI_MAX_DEF_SCORE: defence score of a cell at def_dist or more from every enemy."},
	{Table: "ai", Key: "tech_dist", Default: 80, Min: 1, SaneMin: 1, SaneMax: 1000000,
		Doc: "AI_MAX_TECH_DIST: buff, fly and disable-long scores count only cells whose goal distance is below it."},
	{Table: "ai", Key: "tech_score", Default: 1000, Min: 0, SaneMin: 1, SaneMax: 1000000,
		Doc: "AI_MAX_TECH_SCORE: score of a full tech use (one kill is worth about this much)."},
	{Table: "ai", Key: "buf_vmd", Default: 800, Min: 1, SaneMin: 1, SaneMax: 1000000,
		Doc: "AI_MAX_TECH_BUF_VMD: cap and divisor of a buff tech's value (the fly value is capped with it too, as in the original)."},
	{Table: "ai", Key: "fly_vmd", Default: 800, Min: 1, SaneMin: 1, SaneMax: 1000000,
		Doc: "AI_MAX_TECH_FLY_VMD: divisor of a fly tech's value."},
	{Table: "ai", Key: "dl_vmd", Default: 600, Min: 1, SaneMin: 1, SaneMax: 1000000,
		Doc: "AI_MAX_TECH_DL_VMD (AI_MAX_TECH_DL_DUR in the manual): cap and divisor of a disable-long tech's value."},
}
