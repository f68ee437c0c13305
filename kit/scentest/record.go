package scentest

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/sandtable/sandtable/engine/play"
	"github.com/sandtable/sandtable/kit/build"
)

// Resolver turns the integer value of a field of a record of kind into a
// name ("officer" 3 → "荀彧"); ok false keeps the number. It is how a game
// makes its event log read as its scenario does.
type Resolver func(kind, key string, n int) (name string, ok bool)

// RecordOf converts an event or decision value (a struct of plain fields
// with json tags) into a build.Record: turn is the value of the field
// tagged turnKey, kind that of "kind"; the other fields follow in
// declaration order, integer fields through resolve, floats in their
// shortest exact form. Left out are the fields in skip, index fields (keys
// in none) equal to -1 (their "no subject" value), other numbers equal to
// 0 (a missing number reads as 0) and empty omitempty fields.
func RecordOf(v any, turnKey string, resolve Resolver, none map[string]bool, skip ...string) build.Record {
	rv := reflect.ValueOf(v)
	for rv.Kind() == reflect.Pointer {
		rv = rv.Elem()
	}
	rt := rv.Type()
	var rec build.Record
	for i := range rt.NumField() {
		if key, _, _ := strings.Cut(rt.Field(i).Tag.Get("json"), ","); key == "kind" {
			rec.Kind = fmt.Sprint(rv.Field(i).Interface())
		}
	}
	for i := range rt.NumField() {
		f := rt.Field(i)
		tag := f.Tag.Get("json")
		key, opts, _ := strings.Cut(tag, ",")
		if key == "" || key == "-" || key == "kind" || contains(skip, key) {
			continue
		}
		fv := rv.Field(i)
		if key == turnKey {
			rec.Turn = int(fv.Int())
			continue
		}
		if strings.Contains(opts, "omitempty") && fv.IsZero() {
			continue
		}
		var text string
		switch fv.Kind() {
		case reflect.Int, reflect.Int64, reflect.Int32:
			n := int(fv.Int())
			if (n == -1 && none[key]) || (n == 0 && !none[key]) {
				continue
			}
			if name, ok := resolve(rec.Kind, key, n); ok {
				text = name
			} else {
				text = strconv.Itoa(n)
			}
		case reflect.Float64, reflect.Float32:
			if fv.Float() == 0 {
				continue
			}
			text = strconv.FormatFloat(fv.Float(), 'f', -1, 64)
		default:
			if s, ok := fv.Interface().(fmt.Stringer); ok {
				text = s.String()
			} else {
				text = fmt.Sprint(fv.Interface())
			}
		}
		rec.Fields = append(rec.Fields, build.Field{Key: key, Value: text})
	}
	return rec
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// DecisionRecord is the record of one logged decision: the round, the
// request kind, the deciding player's name, the choice and the chosen
// option's stable label.
func DecisionRecord(round int, kind fmt.Stringer, player string, choice int, option string) build.Record {
	return build.Record{Turn: round, Kind: kind.String(), Fields: []build.Field{
		{Key: "player", Value: player}, {Key: "choice", Value: strconv.Itoa(choice)}, {Key: "option", Value: option}}}
}

// Prefixed wraps the deciders of one game so that the first len(prefix)
// decisions, whoever makes them, are answered with prefix's option
// indices; the agents decide the rest. options returns a request's number
// of options: a prefix entry out of range is an error naming it.
func Prefixed[V, R any](ds []play.Decider[V, R], prefix []int, options func(R) int) []play.Decider[V, R] {
	if len(prefix) == 0 {
		return ds
	}
	shared := &prefixState{prefix: prefix}
	out := make([]play.Decider[V, R], len(ds))
	for i, d := range ds {
		out[i] = &prefixed[V, R]{state: shared, inner: d, options: options}
	}
	return out
}

type prefixState struct {
	prefix []int
	next   int
}

type prefixed[V, R any] struct {
	state   *prefixState
	inner   play.Decider[V, R]
	options func(R) int
}

func (p *prefixed[V, R]) Decide(v V, req R) (int, error) {
	if i, ok, err := nextAnswer(&p.state.next, p.state.prefix, p.options(req), "scripted decision"); ok {
		return i, err
	}
	return p.inner.Decide(v, req)
}

// nextAnswer answers the next decision from log (advancing *next) while it
// lasts: ok is false once it is used up; an option index out of the
// request's n options is an error naming the entry.
func nextAnswer(next *int, log []int, n int, what string) (choice int, ok bool, err error) {
	if *next >= len(log) {
		return 0, false, nil
	}
	i := *next
	*next++
	if log[i] < 0 || log[i] >= n {
		return -1, true, fmt.Errorf("%s %d is option %d, but the request has %d options", what, i+1, log[i], n)
	}
	return log[i], true, nil
}

// Repeat extends names to n entries by repeating its last one (the agents
// convention of mapc sim); an empty list stays empty.
func Repeat(names []string, n int) []string {
	out := append([]string(nil), names...)
	for len(out) > 0 && len(out) < n {
		out = append(out, out[len(out)-1])
	}
	if len(out) > n {
		out = out[:n]
	}
	return out
}
