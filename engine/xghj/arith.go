package xghj

import "math"

// arith is the arithmetic of one rule variant: float32 like the original
// (bit exact) or exact fixed point.
type arith struct {
	bitExact bool
	// float32 coefficients (bit exact)
	allyF, capF, corrF float32
	// fixed-point coefficients, in millionths (exact)
	allyX, capX, corrX int64
	// kernel as float32 and in millionths, flattened row-major
	kf []float32
	kx []int64
}

func newArith(c *Config) arith {
	k := c.Constants
	a := arith{
		bitExact: c.Rules.BitExact,
		allyF:    float32(k.UnitAreaAllyCost), capF: float32(k.CapitalInfluence), corrF: float32(k.CorruptionCoef),
		allyX: toFixed(k.UnitAreaAllyCost), capX: toFixed(k.CapitalInfluence), corrX: toFixed(k.CorruptionCoef),
	}
	for _, row := range c.Kernel {
		for _, w := range row {
			a.kf = append(a.kf, float32(w))
			a.kx = append(a.kx, toFixed(w))
		}
	}
	return a
}

func toFixed(v float64) int64 { return int64(math.Round(v * fixed)) }

// scaleFloor returns ⌊coef·v⌋ (truncated toward zero), coef given both
// ways.
func (a *arith) scaleFloor(f float32, x int64, v int) int {
	if a.bitExact {
		return int(int32(f * float32(v)))
	}
	return int(x * int64(v) / fixed)
}

// allyCost is the price of FormAlliance toward a player of income inc.
func (a *arith) allyCost(inc int) int { return a.scaleFloor(a.allyF, a.allyX, inc) }

// capitalBomb is the free bomb of a capital with last income inc.
func (a *arith) capitalBomb(inc int) int { return a.scaleFloor(a.capF, a.capX, inc) }

// corrupt applies the savings decay of facts §7 step 2.
func (a *arith) corrupt(saving, inc int) int {
	if a.bitExact {
		// Every rounding is forced by a conversion, so nothing fuses
		// (facts §16): f = 1 − inc·c in float32, then trunc(f·saving).
		p := float32(float32(inc) * a.corrF)
		f := float32(float32(1) - p)
		return int(int32(float32(f * float32(saving))))
	}
	return int((fixed - a.corrX*int64(inc)) * int64(saving) / fixed)
}

// addInfluence adds the influence of kernel weight k (flat index) for a
// bomb of size to acc.
func (a *arith) addInfluence(acc int64, k int, size int) int64 {
	if a.bitExact {
		// C++ int += float: the product in float32, the sum in float32,
		// then truncated.
		p := float32(a.kf[k] * float32(size))
		return int64(int32(float32(float32(int32(acc)) + p)))
	}
	return acc + a.kx[k]*int64(size)/fixed
}

// mul is a product of two influence-sized values: 32-bit wraparound when
// bit exact (the original's ints), 64-bit otherwise.
func (a *arith) mul(x, y int64) int64 {
	if a.bitExact {
		return int64(int32(x) * int32(y))
	}
	return x * y
}
