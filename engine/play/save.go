package play

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/sandtable/sandtable/engine/rng"
)

// Envelope is the JSON form of a saved game. Everything a game needs to
// continue is in it: which game and config it belongs to, the seed, the RNG
// state, the game's own state S, the decision log (entries D: Decision or
// OrderRecord) and the event log (entries E).
type Envelope[S, D, E any] struct {
	Format int    `json:"format"`
	Game   string `json:"game"`
	// Config names the config and fingerprints it (sha256 of its JSON), so
	// a save is not loaded against another scenario.
	Config       string   `json:"config"`
	ConfigSHA256 string   `json:"config_sha256"`
	Seed         uint64   `json:"seed"`
	RNG          *rng.RNG `json:"rng"`
	State        S        `json:"state"`
	Decisions    []D      `json:"decisions"`
	Events       []E      `json:"events"`
}

// Fingerprint is the sha256 of cfg's JSON, in hex.
func Fingerprint(cfg any) (string, error) {
	data, err := json.Marshal(cfg)
	if err != nil {
		return "", fmt.Errorf("fingerprint config: %w", err)
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:]), nil
}

// Seal fingerprints cfg into e and returns e as JSON.
func Seal[S, D, E any](e *Envelope[S, D, E], cfg any) ([]byte, error) {
	fp, err := Fingerprint(cfg)
	if err != nil {
		return nil, err
	}
	e.ConfigSHA256 = fp
	return json.Marshal(e)
}

// Open decodes a save of game in format and checks it belongs to cfg. Its
// errors say what does not match: another game, another format, another
// config (naming the one it was made with), or missing parts.
func Open[S, D, E any](data []byte, game string, format int, cfg any) (*Envelope[S, D, E], error) {
	var e Envelope[S, D, E]
	if err := json.Unmarshal(data, &e); err != nil {
		return nil, fmt.Errorf("load %s save: %w", game, err)
	}
	if e.Game != game {
		return nil, fmt.Errorf("load %s save: it is a save of %q", game, e.Game)
	}
	if e.Format != format {
		return nil, fmt.Errorf("load %s save: format %d, this engine reads %d", game, e.Format, format)
	}
	fp, err := Fingerprint(cfg)
	if err != nil {
		return nil, err
	}
	if e.ConfigSHA256 != fp {
		return nil, fmt.Errorf("load %s save: it was made with another config (%q, sha256 %s)", game, e.Config, e.ConfigSHA256)
	}
	if e.RNG == nil {
		return nil, errors.New("load " + game + " save: missing rng")
	}
	return &e, nil
}
