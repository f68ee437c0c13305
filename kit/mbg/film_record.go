package mbg

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	engine "github.com/sandtable/sandtable/engine/mbg"
	"github.com/sandtable/sandtable/engine/play"
	"github.com/sandtable/sandtable/kit/console"
)

// recordFormats says which recordings a film replays, for errors.
const recordFormats = "a mapc play save (JSON: format, game, scenario, seed, agents, decisions), " +
	"an mbg engine save (JSON: the play envelope with config_sha256, rng, state and decisions) " +
	"or a golden playthrough of mapc test (text: a \"# golden playthrough\" header, then event, decision and result lines)"

// recording is a recorded game: its seed and its decisions in game order.
// It answers every role's requests from the decisions, checking each is
// still the one recorded (same role, kind and option), and stops the game
// where it ends.
type recording struct {
	what string // the format, for messages
	seed uint64
	log  []recorded
	next int
}

// recorded is one decision of a recording.
type recorded struct {
	player int
	kind   string
	choice int
	option string // the option's stable ID
	where  string // where it is recorded, for messages
}

// Decide implements engine.Decider.
func (rec *recording) Decide(_ *engine.View, req *engine.Request) (int, error) {
	if rec.next >= len(rec.log) {
		return -1, errRecordEnd
	}
	d := rec.log[rec.next]
	if d.player != req.Player || d.kind != req.Kind.String() {
		return -1, fmt.Errorf("the %s does not replay on this scenario: %s is role %d's %s, but the game asks role %d for %s", rec.what, d.where, d.player, d.kind, req.Player, req.Kind)
	}
	if d.choice < 0 || d.choice >= len(req.Options) || req.Options[d.choice].ID() != d.option {
		return -1, fmt.Errorf("the %s does not replay on this scenario: %s chose %s (option %d), which the game does not offer there", rec.what, d.where, d.option, d.choice)
	}
	rec.next++
	return d.choice, nil
}

// readRecording reads the recorded game data holds: a mapc play save, an
// engine save or a golden playthrough.
func readRecording(cfg *engine.Config, data []byte) (*recording, error) {
	text := bytes.TrimSpace(data)
	if bytes.HasPrefix(text, []byte("# golden playthrough")) {
		return readGolden(cfg, text)
	}
	var probe struct {
		Game         string          `json:"game"`
		Format       int             `json:"format"`
		Scenario     *string         `json:"scenario"`
		ConfigSHA256 *string         `json:"config_sha256"`
		RNG          json.RawMessage `json:"rng"`
	}
	if len(text) == 0 || text[0] != '{' || json.Unmarshal(text, &probe) != nil || probe.Game == "" {
		return nil, fmt.Errorf("mbg film: cannot read the recording; want %s", recordFormats)
	}
	if probe.Game != "mbg" {
		return nil, fmt.Errorf("mbg film: the recording is a save of game %q, not of mbg", probe.Game)
	}
	switch {
	case probe.ConfigSHA256 != nil || probe.RNG != nil:
		env, err := play.Open[json.RawMessage, engine.Decision, json.RawMessage](text, "mbg", engine.SaveFormat, cfg)
		if err != nil {
			return nil, fmt.Errorf("mbg film: %w", err)
		}
		return fromLog("engine save", env.Seed, env.Decisions), nil
	case probe.Scenario != nil:
		var save console.SaveFile
		if err := json.Unmarshal(text, &save); err != nil {
			return nil, fmt.Errorf("mbg film: mapc play save: %w", err)
		}
		if save.Format != console.SaveFormat {
			return nil, fmt.Errorf("mbg film: mapc play save of format %d, this tool reads %d", save.Format, console.SaveFormat)
		}
		if save.Scenario != cfg.Name {
			return nil, fmt.Errorf("mbg film: the mapc play save is of scenario %q, not %q", save.Scenario, cfg.Name)
		}
		log, err := console.DecodeLog[engine.Decision](save.Decisions)
		if err != nil {
			return nil, fmt.Errorf("mbg film: mapc play save: %w", err)
		}
		return fromLog("mapc play save", save.Seed, log), nil
	}
	return nil, fmt.Errorf("mbg film: cannot read the recording; want %s", recordFormats)
}

// fromLog is the recording of an engine decision log.
func fromLog(what string, seed uint64, log []engine.Decision) *recording {
	rec := &recording{what: what, seed: seed}
	for i, d := range log {
		rec.log = append(rec.log, recorded{player: d.Player, kind: d.Kind.String(), choice: d.Choice, option: d.Option.ID(),
			where: fmt.Sprintf("decision %d", i+1)})
	}
	return rec
}

var goldenSeed = regexp.MustCompile(`^# golden playthrough .*: seed (\d+),`)

// readGolden reads a golden playthrough of mapc test (scentest.Transcript):
// the header's seed and the decision lines, `decision TURN KIND
// player=NAME choice=K option=ID`. Events and the result are what the
// replay shows again; they are not needed to replay it. A playthrough cut
// after some turns (`turns` in the test) replays as far as it goes.
func readGolden(cfg *engine.Config, text []byte) (*recording, error) {
	var roles []string
	for _, r := range cfg.Roles {
		roles = append(roles, r.Name)
	}
	rec := &recording{what: "golden playthrough"}
	sc := bufio.NewScanner(bytes.NewReader(text))
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	n, seeded := 0, false
	for sc.Scan() {
		n++
		line := strings.TrimSuffix(sc.Text(), "\r")
		bad := func(format string, args ...any) error {
			return fmt.Errorf("mbg film: golden playthrough line %d: %s", n, fmt.Sprintf(format, args...))
		}
		switch {
		case strings.HasPrefix(line, "#"):
			if m := goldenSeed.FindStringSubmatch(line); m != nil {
				seed, err := strconv.ParseUint(m[1], 10, 64)
				if err != nil {
					return nil, bad("seed %s: %v", m[1], err)
				}
				rec.seed, seeded = seed, true
			}
		case strings.HasPrefix(line, "players "):
			if got, want := strings.TrimPrefix(line, "players "), strings.Join(roles, " "); got != want {
				return nil, bad("it is a game of the roles %s, this scenario has %s", got, want)
			}
		case strings.HasPrefix(line, "decision "):
			fields, err := recordFields(strings.TrimPrefix(line, "decision "))
			if err != nil {
				return nil, bad("%v", err)
			}
			if len(fields) < 2 {
				return nil, bad("a decision needs its turn and kind")
			}
			d := recorded{kind: fields[1][1], player: -1, where: fmt.Sprintf("golden playthrough line %d", n)}
			for _, kv := range fields[2:] {
				switch kv[0] {
				case "player":
					for i, r := range roles {
						if r == kv[1] {
							d.player = i
						}
					}
				case "choice":
					d.choice, err = strconv.Atoi(kv[1])
				case "option":
					d.option = kv[1]
				}
			}
			if d.player < 0 || err != nil || d.option == "" {
				return nil, bad("want a decision as player=ROLE choice=K option=ID")
			}
			rec.log = append(rec.log, d)
		case line == "", strings.HasPrefix(line, "event "), strings.HasPrefix(line, "result "):
		default:
			return nil, bad("not a line of a golden playthrough: %.40q", line)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("mbg film: golden playthrough: %w", err)
	}
	if !seeded {
		return nil, fmt.Errorf("mbg film: golden playthrough without its seed in the header")
	}
	return rec, nil
}

// recordFields splits a record line (build.Record.String) into its turn,
// kind and key=value fields, unquoting quoted values: the turn and the
// kind come first as {"", text}.
func recordFields(s string) ([][2]string, error) {
	var out [][2]string
	for s = strings.TrimSpace(s); s != ""; s = strings.TrimLeft(s, " ") {
		if len(out) < 2 {
			word, rest, _ := strings.Cut(s, " ")
			out, s = append(out, [2]string{"", word}), rest
			continue
		}
		key, rest, ok := strings.Cut(s, "=")
		if !ok || strings.Contains(key, " ") {
			return nil, fmt.Errorf("want key=value at %.20q", s)
		}
		var value string
		if strings.HasPrefix(rest, `"`) {
			q, err := strconv.QuotedPrefix(rest)
			if err != nil {
				return nil, fmt.Errorf("bad quoted value at %.20q", rest)
			}
			value, _ = strconv.Unquote(q)
			rest = rest[len(q):]
		} else {
			value, rest, _ = strings.Cut(rest, " ")
		}
		out, s = append(out, [2]string{key, value}), rest
	}
	return out, nil
}
