package native

import (
	"fmt"
	"math"
	"slices"

	"github.com/sandtable/sandtable/engine/mbg"
)

// Hook ids of the seed cards, as a config's Card.Hook names them.
const (
	HookBarrier     = "barrier"      // 障碍
	HookSlow        = "slow"         // 慢行
	HookFast        = "fast"         // 急行
	HookStop        = "stop"         // 停止
	HookDouble      = "double"       // 双行
	HookSteal       = "steal"        // 偷盗
	HookRecover     = "recover"      // 恢复
	HookRumour      = "rumour"       // 流言
	HookPoison      = "poison"       // 毒药
	HookDefect      = "defect"       // 离间
	HookRobber      = "robber"       // 山贼
	HookAlliance    = "alliance"     // 联盟
	HookPublicEnemy = "public_enemy" // 公愤
	HookReverse     = "reverse"      // 反向
)

// Param keys read from CardCall.Params, and the values used when a card's
// Params do not set them: the seed's (manual §卡牌系统; scripts/mbg/card/*.lua
// use the same defaults).
const (
	ParamTurns     = "turns"
	ParamAmount    = "amount"
	ParamFraction  = "fraction"
	ParamWholeRole = "whole_role"

	DefaultMoveTurns     = 3
	DefaultRumourTurns   = 4
	DefaultPoisonTurns   = 8
	DefaultAllianceTurns = 7
	DefaultEnemyTurns    = 5
	DefaultStealAmount   = 1500
	DefaultRecover       = 0.1
)

// play is one card kind's effect (the seed's Card.do).
type play func(call *mbg.CardCall, host mbg.CardHost) (bool, error)

// plays is the table from hook id to effect, built on demand so the package
// has no mutable state.
func plays() map[string]play {
	return map[string]play{
		HookBarrier:     place("barrier"),
		HookSlow:        setMove(mbg.MoveSlow),
		HookFast:        setMove(mbg.MoveFast),
		HookStop:        setMove(mbg.MoveStop),
		HookDouble:      double,
		HookSteal:       steal,
		HookRecover:     recoverCard,
		HookRumour:      rumour,
		HookPoison:      poison,
		HookDefect:      defect,
		HookRobber:      place("robber"),
		HookAlliance:    alliance,
		HookPublicEnemy: publicEnemy,
		HookReverse:     reverse,
	}
}

// CardHooks returns the card hook ids this package implements, sorted.
func CardHooks() []string {
	ids := make([]string, 0, 14)
	for id := range plays() {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

// Cards plays the cards of one config natively, as an mbg.CardRunner. It
// holds no game state and may be shared by concurrent games.
type Cards struct {
	fx []play // indexed by card index
}

// NewCards returns the provider for a config's cards; every card's Hook must
// be one of CardHooks().
func NewCards(cards []mbg.Card) (*Cards, error) {
	table := plays()
	p := &Cards{fx: make([]play, len(cards))}
	for i, c := range cards {
		fn, ok := table[c.Hook]
		if !ok {
			return nil, fmt.Errorf("card %q: no native hook %q", c.ID, c.Hook)
		}
		p.fx[i] = fn
	}
	return p, nil
}

// Play implements mbg.CardRunner.
func (p *Cards) Play(card int, call *mbg.CardCall, host mbg.CardHost) (bool, error) {
	if card < 0 || card >= len(p.fx) {
		return false, fmt.Errorf("native: card index %d out of range [0, %d)", card, len(p.fx))
	}
	return p.fx[card](call, host)
}

// turns reads a whole number of turns ≥ 0, def when absent.
func turns(params map[string]float64, def int) (int, error) {
	v, ok := params[ParamTurns]
	if !ok {
		return def, nil
	}
	if v < 0 || v > math.MaxInt32 || v != math.Trunc(v) {
		return 0, fmt.Errorf("param %s = %g is not a whole number of turns", ParamTurns, v)
	}
	return int(v), nil
}

// number reads a parameter, def when absent.
func number(params map[string]float64, key string, def float64) float64 {
	if v, ok := params[key]; ok {
		return v
	}
	return def
}

// The effects below follow scripts/mbg/card/*.lua line for line.

func place(what string) play {
	return func(c *mbg.CardCall, h mbg.CardHost) (bool, error) {
		h.Place(c.Target, what)
		return true, nil
	}
}

func setMove(state string) play {
	return func(c *mbg.CardCall, h mbg.CardHost) (bool, error) {
		n, err := turns(c.Params, DefaultMoveTurns)
		if err != nil {
			return false, err
		}
		h.SetMove(c.Target, state, n)
		return true, nil
	}
}

func double(c *mbg.CardCall, h mbg.CardHost) (bool, error) {
	h.ExtraAction(c.User)
	return true, nil
}

func steal(c *mbg.CardCall, h mbg.CardHost) (bool, error) {
	h.Steal(c.Target, c.User, number(c.Params, ParamAmount, DefaultStealAmount))
	return true, nil
}

// recoverCard heals the user's officers; whole_role (default 1, the manual)
// heals every officer of the role, 0 the retinue only (the original).
func recoverCard(c *mbg.CardCall, h mbg.CardHost) (bool, error) {
	h.Heal(c.User, number(c.Params, ParamFraction, DefaultRecover), number(c.Params, ParamWholeRole, 1) != 0)
	return true, nil
}

func rumour(c *mbg.CardCall, h mbg.CardHost) (bool, error) {
	n, err := turns(c.Params, DefaultRumourTurns)
	if err != nil {
		return false, err
	}
	h.Rumour(c.Target, n)
	return true, nil
}

func poison(c *mbg.CardCall, h mbg.CardHost) (bool, error) {
	n, err := turns(c.Params, DefaultPoisonTurns)
	if err != nil {
		return false, err
	}
	h.Poison(c.Target, n)
	return true, nil
}

func defect(c *mbg.CardCall, h mbg.CardHost) (bool, error) {
	h.Defect(c.Target)
	return true, nil
}

func alliance(c *mbg.CardCall, h mbg.CardHost) (bool, error) {
	n, err := turns(c.Params, DefaultAllianceTurns)
	if err != nil {
		return false, err
	}
	return h.Alliance(c.User, c.Target, n), nil
}

func publicEnemy(c *mbg.CardCall, h mbg.CardHost) (bool, error) {
	n, err := turns(c.Params, DefaultEnemyTurns)
	if err != nil {
		return false, err
	}
	return h.PublicEnemy(c.Target, n), nil
}

func reverse(c *mbg.CardCall, h mbg.CardHost) (bool, error) {
	h.Reverse(c.Target)
	return true, nil
}

// StandardCards returns the seed's 14 cards in the seed's order (manual
// §卡牌系统, facts §12), with the manual's parameters (scripts/mbg/standard.toml):
// the recover card heals every officer of the role. IDs are the seed's names.
// Each call returns fresh values the caller may change.
func StandardCards() []mbg.Card {
	return []mbg.Card{
		{ID: "障碍", Hook: HookBarrier, Target: mbg.TargetSquare, Side: mbg.SideAny},
		{ID: "慢行", Hook: HookSlow, Target: mbg.TargetRole, Side: mbg.SideAny, Params: map[string]float64{ParamTurns: DefaultMoveTurns}},
		{ID: "急行", Hook: HookFast, Target: mbg.TargetRole, Side: mbg.SideAny, Params: map[string]float64{ParamTurns: DefaultMoveTurns}},
		{ID: "停止", Hook: HookStop, Target: mbg.TargetRole, Side: mbg.SideAny, Params: map[string]float64{ParamTurns: DefaultMoveTurns}},
		{ID: "双行", Hook: HookDouble, Target: mbg.TargetSelf, Side: mbg.SideSelf},
		{ID: "偷盗", Hook: HookSteal, Target: mbg.TargetRole, Side: mbg.SideOthers, Params: map[string]float64{ParamAmount: DefaultStealAmount}},
		{ID: "恢复", Hook: HookRecover, Target: mbg.TargetSelf, Side: mbg.SideSelf, Params: map[string]float64{ParamFraction: DefaultRecover, ParamWholeRole: 1}},
		{ID: "流言", Hook: HookRumour, Target: mbg.TargetOfficer, Side: mbg.SideOthers, Params: map[string]float64{ParamTurns: DefaultRumourTurns}},
		{ID: "毒药", Hook: HookPoison, Target: mbg.TargetOfficer, Side: mbg.SideOthers, Params: map[string]float64{ParamTurns: DefaultPoisonTurns}},
		{ID: "离间", Hook: HookDefect, Target: mbg.TargetOfficer, Side: mbg.SideOthers},
		{ID: "山贼", Hook: HookRobber, Target: mbg.TargetSquare, Side: mbg.SideAny},
		{ID: "联盟", Hook: HookAlliance, Target: mbg.TargetRole, Side: mbg.SideOthers, Params: map[string]float64{ParamTurns: DefaultAllianceTurns}},
		{ID: "公愤", Hook: HookPublicEnemy, Target: mbg.TargetRole, Side: mbg.SideOthers, Params: map[string]float64{ParamTurns: DefaultEnemyTurns}},
		{ID: "反向", Hook: HookReverse, Target: mbg.TargetRole, Side: mbg.SideAny},
	}
}
