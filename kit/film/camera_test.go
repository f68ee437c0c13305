package film

import (
	"errors"
	"fmt"
	"reflect"
	"testing"

	"github.com/sandtable/sandtable/engine/play"
)

// scene is a game for a Camera: its events and decisions' choices so far.
type scene struct {
	events  []string
	choices []int
}

func (s *scene) Events() int { return len(s.events) }

func (s *scene) Choice(d int) (int, bool) {
	if d < len(s.choices) {
		return s.choices[d], true
	}
	return 0, false
}

func (s *scene) Fill(fr *Frame, event, decision int) {
	fr.Events = append([]string(nil), s.events[event:]...)
	fr.State = []string{fmt.Sprintf("decision %d", decision)}
}

// answer is a decider that answers k, or fails with err.
type answer struct {
	k   int
	err error
}

func (a answer) Decide(int, *req) (int, error) { return a.k, a.err }

// words words a request as its options' numbers.
func words(_ int, r *req) Frame {
	fr := Frame{Question: "your action"}
	for _, o := range r.Options {
		fr.Options = append(fr.Options, fmt.Sprint(o.a))
	}
	return fr
}

// A camera takes the start, each decision with the events up to the next
// one, the events of a step outside decisions, and nothing when nothing
// happened; it cuts the film at its limit.
func TestCameraFrames(t *testing.T) {
	s := &scene{}
	c := &Camera{Limit: 10}
	steps := []func() error{
		// step 1: a throw, then role 0 is asked and chooses 1, which moves it
		func() error {
			s.events = append(s.events, "throw")
			seat := Seat[int, *req, askKind](c, s, answer{k: 1}, words)
			r := &req{play.Ask[askKind, opt]{Player: 0, Options: []opt{{0, 0}, {1, 0}}}}
			if k, err := seat.Decide(0, r); k != 1 || err != nil {
				return fmt.Errorf("decide: %d, %v", k, err)
			}
			r.Attempt = 1 // asked again: no new frame
			if _, err := seat.Decide(0, r); err != nil {
				return err
			}
			s.choices = append(s.choices, 1)
			s.events = append(s.events, "move")
			return nil
		},
		// step 2: nothing happens
		func() error { return nil },
		// step 3: the end of the turn
		func() error { s.events = append(s.events, "settle"); return nil },
	}
	ended, err := c.Roll(s, func() (bool, error) {
		err := steps[0]()
		steps = steps[1:]
		return len(steps) == 0, err
	})
	if err != nil || ended || c.Film.Cut {
		t.Fatalf("roll: ended %v, cut %v, %v", ended, c.Film.Cut, err)
	}
	want := []Frame{
		{Step: 0, Role: -1, Chosen: -1, State: []string{"decision -1"}},
		{Step: 1, Role: -1, Chosen: -1, Events: []string{"throw"}, State: []string{"decision -1"}},
		{Step: 2, Role: 0, Question: "your action", Options: []string{"0", "1"}, Chosen: 1, Events: []string{"move"}, State: []string{"decision 0"}},
		{Step: 3, Role: -1, Chosen: -1, Events: []string{"settle"}, State: []string{"decision -1"}},
	}
	if !reflect.DeepEqual(c.Film.Frames, want) {
		t.Errorf("frames\n%+v\nwant\n%+v", c.Film.Frames, want)
	}

	// At the limit the camera stops the game and the film is cut.
	c = &Camera{Limit: 1}
	seat := Seat[int, *req, askKind](c, &scene{}, answer{}, words)
	ended, err = c.Roll(&scene{}, func() (bool, error) {
		_, err := seat.Decide(0, &req{play.Ask[askKind, opt]{Options: []opt{{0, 0}}}})
		return false, err
	})
	if err != nil || ended || !c.Film.Cut || len(c.Film.Frames) != 1 {
		t.Errorf("at the limit: ended %v, cut %v, %d frames, %v", ended, c.Film.Cut, len(c.Film.Frames), err)
	}
	// A recording's end ends the film uncut; another error is returned.
	c = &Camera{Limit: 5}
	if ended, err := c.Roll(&scene{}, func() (bool, error) { return false, fmt.Errorf("step: %w", ErrRecordEnd) }); !ended || err != nil || c.Film.Cut {
		t.Errorf("recording's end: ended %v, cut %v, %v", ended, c.Film.Cut, err)
	}
	boom := errors.New("boom")
	if _, err := (&Camera{Limit: 5}).Roll(&scene{}, func() (bool, error) { return false, boom }); !errors.Is(err, boom) {
		t.Errorf("a failing step: %v", err)
	}
}

// A decision whose answer fails leaves no frame of its own.
func TestCameraDrop(t *testing.T) {
	s := &scene{}
	c := &Camera{Limit: 10}
	if err := c.Shoot(s); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	seat := Seat[int, *req, askKind](c, s, answer{err: boom}, words)
	if _, err := seat.Decide(0, &req{play.Ask[askKind, opt]{Player: 1, Options: []opt{{0, 0}}}}); !errors.Is(err, boom) {
		t.Fatalf("the seat's error: %v", err)
	}
	if err := c.Shoot(s); err != nil || len(c.Film.Frames) != 1 {
		t.Errorf("%d frames after a dropped decision, want the start only (%v)", len(c.Film.Frames), err)
	}
}

// Choice reads a decision's choice from a game's log while it has it.
func TestChoice(t *testing.T) {
	log := []play.Decision[askKind, opt]{{Choice: 2}, {Choice: 0}}
	if k, ok := Choice(log, 1); k != 0 || !ok {
		t.Errorf("decision 1: %d, %v", k, ok)
	}
	if k, ok := Choice(log, 0); k != 2 || !ok {
		t.Errorf("decision 0: %d, %v", k, ok)
	}
	if _, ok := Choice(log, 2); ok {
		t.Error("a decision past the log")
	}
}
