// Package glory is the engine of 58Glory (唔叭荣耀), a two-side hero game on
// a 98-point map (rules/glory.md, glory.facts.md).
//
// The map is a graph of points on a lattice joined by drawn unit edges of
// four kinds (normal, central, rail track, boarding). Board derives every
// distance the rules use from it once per map: steps (BFS over drawn edges),
// steps with the implicit central diagonals, grid (Manhattan) distance,
// Euclidean r, 视域 (line of sight along maximal straight chains of drawn
// edges, never across the rail boundary) and "r<2 and road-connected".
//
// The engine loads only from its Config (compiled by kit/glory), never
// imports kit/ and knows no hero by name.
package glory
