package mbg

// Constant describes one entry of the seed's constant table: the source key
// under [constants], its seed default and the sane range outside of which
// the mbg-constant-range rule warns. Its type and hard bounds are the
// scenario schema's alone (schemas/mbg.scenario.schema.json), which checks
// them.
type Constant struct {
	Name             string
	Default          float64
	SaneMin, SaneMax float64
	Doc              string
}

// Constants is the seed's constant table (manual §"所有常数", facts §1) plus
// mayor_heal_scale from rules/mbg.md. TECH_COUNT and CARD_COUNT are not
// settings: they are the lengths of the techs and cards lists.
var Constants = []Constant{
	{Name: "train_round", Default: 6, SaneMin: 1, SaneMax: 30,
		Doc: "Turns of training for one improvement (TRAIN_ROUND)."},
	{Name: "train_plus", Default: 3, SaneMin: 1, SaneMax: 10,
		Doc: "A finished training adds 1..train_plus to the room's property (TRAIN_PLUS)."},
	{Name: "study_scale", Default: 1, SaneMin: 0.1, SaneMax: 10,
		Doc: "Research points per turn per point of the researcher's effective strategy (STUDY_SCALE)."},
	{Name: "p_hp_base", Default: 1000, SaneMin: 100, SaneMax: 10000,
		Doc: "Officer hpmax base (P_HP_BASE): hpmax = p_hp_base + 0.2 × p_hp_scale × (sum of the five properties)."},
	{Name: "p_hp_scale", Default: 20, SaneMin: 1, SaneMax: 100,
		Doc: "Officer hpmax per point of average property (P_HP_SCALE)."},
	{Name: "p_price_scale", Default: 30, SaneMin: 1, SaneMax: 200,
		Doc: "Hiring price scale (P_PRICE_SCALE): price = scale × (0.1 × sum + 0.5 × max) × (0.9 + 0.2·U)."},
	{Name: "p_poison_prop_scale", Default: 0.75, SaneMin: 0.1, SaneMax: 1,
		Doc: "Effective property multiplier while poisoned (P_POISON_PROP_SCALE)."},
	{Name: "def_small", Default: 500, SaneMin: 50, SaneMax: 10000,
		Doc: "Maximum defence of a small city (DEF_SMALL)."},
	{Name: "def_medium", Default: 800, SaneMin: 50, SaneMax: 10000,
		Doc: "Maximum defence of a medium city (DEF_MEDIUM)."},
	{Name: "def_big", Default: 1200, SaneMin: 50, SaneMax: 10000,
		Doc: "Maximum defence of a large city (DEF_BIG)."},
	{Name: "def_plus_scale", Default: 0.05, SaneMin: 0, SaneMax: 0.5,
		Doc: "City defence regained per turn, as a fraction of its maximum (DEF_PLUS_SCALE)."},
	{Name: "fengshui_round", Default: 5, SaneMin: 1, SaneMax: 50,
		Doc: "Fengshui of every city is re-rolled when turn % fengshui_round == 0 (FENGSHUI_ROUND)."},
	{Name: "min_earn", Default: 20, SaneMin: 0, SaneMax: 100,
		Doc: "Floor for the treasurer's economy value; used when there is no treasurer (MIN_EARN)."},
	{Name: "max_step", Default: 6, SaneMin: 2, SaneMax: 20,
		Doc: "Normal die: 1..max_step (MAX_STEP)."},
	{Name: "fast_scale", Default: 2, SaneMin: 1, SaneMax: 5,
		Doc: "Fast die: 1..max_step × fast_scale (FAST_SCALE)."},
	{Name: "slow_scale", Default: 2, SaneMin: 1, SaneMax: 6,
		Doc: "Slow die: 1..int(max_step / slow_scale) (SLOW_SCALE)."},
	{Name: "robber_steal", Default: 2000, SaneMin: 0, SaneMax: 100000,
		Doc: "Money lost when a robber battle is not won (ROBBER_STEAL)."},
	{Name: "meetion_steal", Default: 0.04, SaneMin: 0, SaneMax: 0.5,
		Doc: "Share of the loser's money paid to the winner of a meeting battle (MEETION_STEAL)."},
	{Name: "tax_scale", Default: 6, SaneMin: 0, SaneMax: 30,
		Doc: "Toll on an enemy city = tax_scale × the city's earn (TAX_SCALE)."},
	{Name: "own_tax_scale", Default: 3, SaneMin: 0, SaneMax: 30,
		Doc: "Bonus on one's own city = own_tax_scale × the city's earn (OWN_TAX_SCALE)."},
	{Name: "hpplus_scale", Default: 1.5, SaneMin: 0, SaneMax: 10,
		Doc: "Informational city heal scale of the manual (HPPLUS_SCALE); the heal actually applied uses mayor_heal_scale."},
	{Name: "allocate_turn", Default: 8, SaneMin: 2, SaneMax: 50,
		Doc: "Allocation phase every allocate_turn turns (ALLOCATE_TURN)."},
	{Name: "battle_round_min", Default: 40, SaneMin: 5, SaneMax: 500,
		Doc: "Battle round limit at scale 0 (BATTLE_ROUND_MIN)."},
	{Name: "battle_round_step", Default: 30, SaneMin: 0, SaneMax: 500,
		Doc: "Extra battle rounds per scale step (BATTLE_ROUND_STEP)."},
	{Name: "burn_hurt", Default: 20, SaneMin: 0, SaneMax: 500,
		Doc: "Burn damage per round (BURN_HURT)."},
	{Name: "card_steal_money", Default: 1500, SaneMin: 0, SaneMax: 100000,
		Doc: "Money moved by the steal card (CARD_STEAL_MONEY)."},
	{Name: "card_hp_recover_scale", Default: 0.1, SaneMin: 0, SaneMax: 1,
		Doc: "Share of hpmax healed by the recover card (CARD_HP_RECOVER_SCALE)."},
	{Name: "mayor_heal_scale", Default: 1.5, SaneMin: 0, SaneMax: 10,
		Doc: "Garrison heal per turn = mayor's effective politics × mayor_heal_scale (manual 1.5; the original engine heals 1.0)."},
}
