package legacy

import "github.com/sandtable/sandtable/kit/diag"

// Limits and index spaces of the original engine.
const (
	// MaxCount is the largest count Parse accepts. The original has no limit,
	// but no real map comes near it and a bigger count is a typo or garbage;
	// refusing it keeps Parse's allocations bounded.
	MaxCount = 100000

	// TechCount is the number of battle techs; tech ids are 0..TechCount-1.
	TechCount = 12

	// PropCount is the number of officer props; a training room's item is a
	// prop index 0..PropCount-1.
	PropCount = 5
)

// Officer prop indices, in file order.
const (
	PropWu    = 0 // 武 force
	PropZhan  = 1 // 战 command
	PropMou   = 2 // 谋 strategy
	PropZheng = 3 // 政 politics
	PropJing  = 4 // 经 economy
)

// Square classes.
const (
	ClassEmpty     = 0
	ClassCity      = 1
	ClassSaloon    = 2 // 会馆, hiring
	ClassInstitute = 3
	ClassTraining  = 4
	ClassChance    = 5
)

// City scopes (sizes).
const (
	ScopeSmall  = 0
	ScopeMedium = 1
	ScopeLarge  = 2
)

// Tok is one value read from the file together with the Range of the token
// it was read from. A Tok that was never read (a count missing at the end of
// the file, or a Map built in code) has a zero Range; see Present.
type Tok[T any] struct {
	V T
	R diag.Range
}

// Present reports whether the value was read from a token.
func (t Tok[T]) Present() bool { return t.R.Start.Line > 0 }

// strip drops the range, for value comparisons.
func strip[T any](t Tok[T]) Tok[T] { return Tok[T]{V: t.V} }

// Rect is a facility's rectangle x0 y0 x1 y1 (UI only; every shipped map
// has 0 0 0 0).
type Rect struct {
	X0, Y0, X1, Y1 Tok[int]
}

// Square is one board square: `class base x y`.
type Square struct {
	Class Tok[int]
	// Base is the index into the class's facility list, as read. The original
	// overwrites it with 0 for classes 0, 2 and 5; see EffectiveBase.
	Base Tok[int]
	X, Y Tok[int] // UI only
}

// EffectiveBase is the base the original engine uses after loading: 0 for
// the classes that have no facility (empty, saloon, chance), else Base.
func (s Square) EffectiveBase() int {
	switch s.Class.V {
	case ClassEmpty, ClassSaloon, ClassChance:
		return 0
	}
	return s.Base.V
}

// Officer is one person: `name wu zhan mou zheng jing`.
type Officer struct {
	Name Tok[string]
	// Props are indexed by PropWu..PropJing. The original stores them as
	// float32; Parse keeps the float64 value of the text and rejects values
	// a float32 cannot hold.
	Props [PropCount]Tok[float64]
}

// City is `name scope nmos` + nmos officer indices +
// `mayor treasurer x0 y0 x1 y1`. The file has no owner: ownership comes
// only from the roles' owned-city lists.
type City struct {
	Name Tok[string]
	// Scope is the size as read (0 small, 1 medium, 2 large); other values
	// are kept for Check to report.
	Scope     Tok[int]
	NGarrison Tok[int] // the count token; Garrison is authoritative
	Garrison  []Tok[int]
	Mayor     Tok[int] // officer index or -1
	Treasurer Tok[int] // officer index or -1
	Rect      Rect
}

// Role is one player: `name loc ntech` + tech ids, `nmos` + retinue officer
// indices, `nmcs` + owned city indices, `money dir`.
type Role struct {
	Name     Tok[string]
	Loc      Tok[int] // start square, -1 = the role never plays
	NTech    Tok[int] // the count token; Techs is authoritative
	Techs    []Tok[int]
	NRetinue Tok[int]
	Retinue  []Tok[int]
	NCities  Tok[int]
	Cities   []Tok[int]
	Money    Tok[float64]
	// Dir is the step increment as read; the original uses any integer.
	Dir Tok[int]
}

// Institute is `name ntech` + tech ids + `x0 y0 x1 y1`.
type Institute struct {
	Name  Tok[string]
	NTech Tok[int]
	Techs []Tok[int]
	Rect  Rect
}

// TrainingRoom is `name item x0 y0 x1 y1`; item is a prop index.
type TrainingRoom struct {
	Name Tok[string]
	Item Tok[int]
	Rect Rect
}

// Map is a legacy .map file as read, in file order:
//
//	ngrid nx ny win_money
//	ngrid × Square
//	npeople, npeople × Officer
//	ncity, ncity × City
//	nrole, nrole × Role
//	ninst, ninst × Institute
//	ntrain, ntrain × TrainingRoom
//
// The N* fields hold the count tokens as read (for diagnostics); the slices
// are authoritative, and Format writes their lengths. NInst and NTrain are
// not Present when the file ends before them, which the original reads as 0.
type Map struct {
	NGrid    Tok[int]
	NX, NY   Tok[int] // UI only
	WinMoney Tok[float64]
	Squares  []Square

	NPeople  Tok[int]
	Officers []Officer

	NCity  Tok[int]
	Cities []City

	NRole Tok[int]
	Roles []Role

	NInst      Tok[int]
	Institutes []Institute

	NTrain Tok[int]
	Trains []TrainingRoom
}

// StripRanges returns a deep copy of m with every Range zeroed and empty
// slices set to nil, so that two maps can be compared by value alone
// (for example with reflect.DeepEqual in round-trip tests).
func (m *Map) StripRanges() *Map {
	if m == nil {
		return nil
	}
	out := &Map{
		NGrid: strip(m.NGrid), NX: strip(m.NX), NY: strip(m.NY), WinMoney: strip(m.WinMoney),
		NPeople: strip(m.NPeople), NCity: strip(m.NCity), NRole: strip(m.NRole),
		NInst: strip(m.NInst), NTrain: strip(m.NTrain),
	}
	for _, s := range m.Squares {
		out.Squares = append(out.Squares, Square{strip(s.Class), strip(s.Base), strip(s.X), strip(s.Y)})
	}
	for _, o := range m.Officers {
		c := Officer{Name: strip(o.Name)}
		for i, p := range o.Props {
			c.Props[i] = strip(p)
		}
		out.Officers = append(out.Officers, c)
	}
	for _, c := range m.Cities {
		out.Cities = append(out.Cities, City{
			Name: strip(c.Name), Scope: strip(c.Scope), NGarrison: strip(c.NGarrison),
			Garrison: stripList(c.Garrison), Mayor: strip(c.Mayor), Treasurer: strip(c.Treasurer),
			Rect: stripRect(c.Rect),
		})
	}
	for _, r := range m.Roles {
		out.Roles = append(out.Roles, Role{
			Name: strip(r.Name), Loc: strip(r.Loc),
			NTech: strip(r.NTech), Techs: stripList(r.Techs),
			NRetinue: strip(r.NRetinue), Retinue: stripList(r.Retinue),
			NCities: strip(r.NCities), Cities: stripList(r.Cities),
			Money: strip(r.Money), Dir: strip(r.Dir),
		})
	}
	for _, in := range m.Institutes {
		out.Institutes = append(out.Institutes, Institute{
			Name: strip(in.Name), NTech: strip(in.NTech), Techs: stripList(in.Techs), Rect: stripRect(in.Rect),
		})
	}
	for _, t := range m.Trains {
		out.Trains = append(out.Trains, TrainingRoom{Name: strip(t.Name), Item: strip(t.Item), Rect: stripRect(t.Rect)})
	}
	return out
}

func stripList(l []Tok[int]) []Tok[int] {
	var out []Tok[int]
	for _, t := range l {
		out = append(out, strip(t))
	}
	return out
}

func stripRect(r Rect) Rect {
	return Rect{strip(r.X0), strip(r.Y0), strip(r.X1), strip(r.Y1)}
}
