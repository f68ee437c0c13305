// Package mbg is the run-time engine of mbg, the Monopoly-like city-siege
// game. It loads a Config (compiled by kit/mbg, validated against
// schemas/mbg.config.schema.json), consults the plugin registry for techs and
// cards, and never imports kit/.
package mbg
