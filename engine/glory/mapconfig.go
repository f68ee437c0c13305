package glory

// Sides. Red starts at the bottom left, blue at the top right.
const (
	Red  = 0
	Blue = 1
)

// SideNames are the sides' names in configs and messages, indexed by side.
var SideNames = [2]string{"red", "blue"}

// SideByName returns the side called name, or -1.
func SideByName(name string) int {
	for i, n := range SideNames {
		if n == name {
			return i
		}
	}
	return -1
}

// Edge kinds of a drawn unit edge (facts §1.2).
const (
	EdgeNormal   = "normal"   // black road
	EdgeCentral  = "central"  // blue road of the central area
	EdgeRail     = "rail"     // railway track between two rail points
	EdgeBoarding = "boarding" // link between a rail point and a non-rail point
)

// MapConfig is the map part of a compiled config: the points and the drawn
// unit edges. Every reference is a point id.
type MapConfig struct {
	Name   string        `json:"name"`
	Points []PointConfig `json:"points"`
	Edges  []EdgeConfig  `json:"edges"`
	// Spawn is the point every hero of a side starts on, indexed by side
	// (the main towers on the standard map).
	Spawn [2]int `json:"spawn"`
	// CentralDiagonals allows a move between two diagonally adjacent
	// central points without a drawn edge (facts §3, §11.2). It never
	// counts for steps, 视域 or road-connection.
	CentralDiagonals bool `json:"central_diagonals"`
}

// PointConfig is one map point.
type PointConfig struct {
	ID      int  `json:"id"`
	X       int  `json:"x"`
	Y       int  `json:"y"`
	Rail    bool `json:"rail,omitempty"`
	Central bool `json:"central,omitempty"`
	Econ    bool `json:"econ,omitempty"`
	// Tower is set on a tower's point.
	Tower *TowerConfig `json:"tower,omitempty"`
	// TowerZone names the side whose tower zone holds the point ("" for
	// none); it has no rule of its own (facts §2) but skills and agents
	// read it.
	TowerZone string `json:"tower_zone,omitempty"`
}

// TowerConfig is a tower: its side and starting HP.
type TowerConfig struct {
	Side string `json:"side"`
	HP   int    `json:"hp"`
}

// EdgeConfig is one drawn unit edge between two lattice neighbours
// (orthogonal or diagonal).
type EdgeConfig struct {
	A    int    `json:"a"`
	B    int    `json:"b"`
	Kind string `json:"kind"`
}
