package native

import "github.com/sandtable/sandtable/engine/mbg"

// StandardTechs returns the seed's 12 techs in the seed's order (manual
// §技能系统, facts §9), with the manual's status lengths as Params. IDs are the
// seed's names. Each call returns fresh values the caller may change.
func StandardTechs() []mbg.Tech {
	return []mbg.Tech{
		{ID: "弓箭", Hook: HookArrows, Study: 350, Trigger: mbg.TriggerAny, ProbLow: 0, ProbHigh: 0.8, ValueLow: 25, ValueHigh: 40, Cooldown: 2},
		{ID: "火箭", Hook: HookFireArrows, Study: 420, Trigger: mbg.TriggerAny, ProbLow: 0, ProbHigh: 0.7, ValueLow: 25, ValueHigh: 25, Cooldown: 3,
			Params: map[string]float64{ParamBurnRounds: DefaultBurnRounds}},
		{ID: "医疗", Hook: HookMedic, Study: 450, Trigger: mbg.TriggerAny, ProbLow: 0, ProbHigh: 0.6, ValueLow: 30, ValueHigh: 60, Cooldown: 4},
		{ID: "盾牌", Hook: HookShield, Study: 360, Trigger: mbg.TriggerRoundLost, ProbLow: 0, ProbHigh: 0.75, ValueLow: 1, ValueHigh: 1, Cooldown: 4},
		{ID: "转移", Hook: HookTransfer, Study: 360, Trigger: mbg.TriggerRoundLost, ProbLow: 0, ProbHigh: 0.75, ValueLow: 0.5, ValueHigh: 0.5, Cooldown: 4},
		{ID: "强击", Hook: HookStrongStrike, Study: 330, Trigger: mbg.TriggerRoundWon, ProbLow: 0, ProbHigh: 0.8, ValueLow: 0.5, ValueHigh: 1.2, Cooldown: 3},
		{ID: "离间", Hook: HookLifesteal, Study: 430, Trigger: mbg.TriggerRoundWon, ProbLow: 0, ProbHigh: 0.8, ValueLow: 0.4, ValueHigh: 0.8, Cooldown: 4},
		{ID: "雷击", Hook: HookThunder, Study: 400, Trigger: mbg.TriggerAny, ProbLow: 0.2, ProbHigh: 0.2, ValueLow: 100, ValueHigh: 200, Cooldown: 7},
		{ID: "混乱", Hook: HookChaos, Study: 450, Trigger: mbg.TriggerRoundWon, ProbLow: 0, ProbHigh: 0.4, ValueLow: 0, ValueHigh: 0, Cooldown: 6,
			Params: map[string]float64{ParamChaosRounds: DefaultChaosRounds}},
		{ID: "内讧", Hook: HookInfighting, Study: 380, Trigger: mbg.TriggerAny, ProbLow: 0, ProbHigh: 0.2, ValueLow: 0, ValueHigh: 0, Cooldown: 8,
			Params: map[string]float64{ParamInfightRounds: DefaultInfightRounds}},
		{ID: "攻城", Hook: HookSiege, Study: 500, Trigger: mbg.TriggerRoundWon, ProbLow: 1, ProbHigh: 1, ValueLow: 0.5, ValueHigh: 3, Cooldown: 0},
		{ID: "流放", Hook: HookExile, Study: 650, Trigger: mbg.TriggerBattleWon, ProbLow: 0, ProbHigh: 0.5, ValueLow: 0, ValueHigh: 0, Cooldown: 0},
	}
}
