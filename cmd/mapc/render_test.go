package main

import (
	"bytes"
	"encoding/xml"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/cli"
	"github.com/sandtable/sandtable/kit/render"
	"github.com/sandtable/sandtable/kit/scentest"
)

// TestRenderGolden draws every shipped scenario and compares the SVG with
// testdata/render/<game>-<name>.svg (SANDTABLE_UPDATE=1 rewrites them).
// Each picture must be well-formed XML and name its places and people.
// When rsvg-convert is installed the SVG is also rasterised to PNG, as a
// person would look at it (set SANDTABLE_PNG=DIR to keep the PNGs); the
// golden comparison never depends on it.
func TestRenderGolden(t *testing.T) {
	found, err := build.FindScenarios("../../scenarios")
	if err != nil || len(found) == 0 {
		t.Fatalf("no shipped scenarios: %v", err)
	}
	update := os.Getenv("SANDTABLE_UPDATE") != ""
	rsvg, _ := exec.LookPath("rsvg-convert")
	if rsvg == "" && os.Getenv("CI") != "" {
		t.Fatal("rsvg-convert is not installed; .ci/run installs it (apt-get install librsvg2-bin)")
	}
	for _, dir := range found {
		name := filepath.Base(filepath.Dir(dir)) + "-" + filepath.Base(dir)
		t.Run(name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			env := cli.Env{Stdout: &stdout, Stderr: &stderr, Getenv: func(string) string { return "" }}
			game := filepath.Base(filepath.Dir(dir))
			if g, ok := withGames(env).Compiler().Game(game); ok {
				if _, ok := g.(render.Renderer); !ok {
					// A game that cannot draw yet says so and writes nothing.
					if code := run([]string{"render", dir}, env); code == 0 || stdout.Len() > 0 ||
						!strings.Contains(stderr.String(), game+" scenarios cannot be drawn yet") {
						t.Errorf("render of a %s scenario: exit %d, stdout %d bytes, stderr %q", game, code, stdout.Len(), stderr.String())
					}
					return
				}
			}
			if code := run([]string{"render", dir}, env); code != 0 {
				t.Fatalf("mapc render %s: exit %d\n%s", dir, code, stderr.String())
			}
			svg := stdout.Bytes()
			checkXML(t, svg)
			golden := filepath.Join("testdata", "render", name+".svg")
			if update {
				if err := os.WriteFile(golden, svg, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("missing golden file (run with SANDTABLE_UPDATE=1): %v", err)
			}
			if d := scentest.Diff(want, svg); d != "" {
				t.Errorf("%s differs from the golden file %s (SANDTABLE_UPDATE=1 rewrites it):\n%s", dir, golden, d)
			}
			if rsvg != "" {
				png := filepath.Join(t.TempDir(), name+".png")
				if keep := os.Getenv("SANDTABLE_PNG"); keep != "" {
					png = filepath.Join(keep, name+".png")
				}
				cmd := exec.Command(rsvg, "-o", png)
				cmd.Stdin = bytes.NewReader(svg)
				if out, err := cmd.CombinedOutput(); err != nil {
					t.Errorf("rsvg-convert: %v\n%s", err, out)
				} else if st, err := os.Stat(png); err != nil || st.Size() < 1000 {
					t.Errorf("rsvg-convert wrote no picture: %v", err)
				}
			}
		})
	}
}

// checkXML fails unless svg is well-formed XML with an <svg> root.
func checkXML(t *testing.T, svg []byte) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(svg))
	root := ""
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok && root == "" {
			root = se.Name.Local
		}
	}
	if root != "svg" {
		t.Fatalf("root element is %q, want svg", root)
	}
}
