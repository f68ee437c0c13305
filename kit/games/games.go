// Package games is the one list of the games Sandtable knows. mapc, lint,
// the stub and documentation generators and the tests iterate over it, so
// adding a game is adding its kit package (source model, resolver, lint
// rules, and optionally importer, inspector and simulator), its engine and
// hook packages, its scripts and scenarios, and one line here.
package games

import (
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/ftbt"
	"github.com/sandtable/sandtable/kit/glory"
	"github.com/sandtable/sandtable/kit/mbg"
	"github.com/sandtable/sandtable/kit/xghj"
)

// All returns every game, in documentation order.
func All() []build.Game {
	return []build.Game{mbg.Game{}, ftbt.Game{}, xghj.Game{}, glory.Game{}}
}

// Names returns the games' names, in the order of All.
func Names() []string {
	var names []string
	for _, g := range All() {
		names = append(names, g.Name())
	}
	return names
}

// Kinds returns the hook kinds of every game, in the order of All.
func Kinds() []*plugin.Kind {
	var kinds []*plugin.Kind
	for _, g := range All() {
		kinds = append(kinds, g.Kinds()...)
	}
	return kinds
}
