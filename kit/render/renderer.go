package render

import "github.com/sandtable/sandtable/kit/build"

// Renderer is implemented by games that draw their map (mapc render).
type Renderer interface {
	// Render returns an SVG picture of the config's map. It must accept a
	// best-effort config of a scenario with errors (indices out of range,
	// missing references) without panicking: mapc render --diagnostics
	// draws those, with opts.Diagnostics placed on the map where the game
	// can locate them.
	Render(config any, opts build.RenderOptions) ([]byte, error)
}
