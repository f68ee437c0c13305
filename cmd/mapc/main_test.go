package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/sandtable/sandtable/kit/cli"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"mapc": func() { os.Exit(run(os.Args[1:], cli.OSEnv())) },
	})
}

// TestScripts runs the txtar scripts of testdata/script. Set
// SANDTABLE_UPDATE=1 to rewrite the golden files they compare against.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		UpdateScripts:       os.Getenv("SANDTABLE_UPDATE") != "",
		RequireExplicitExec: false,
		Setup: func(env *testscript.Env) error {
			env.Setenv("NO_COLOR", "")
			// $REPO reaches the shipped scenarios.
			root, err := filepath.Abs(filepath.Join("..", ".."))
			if err != nil {
				return err
			}
			env.Setenv("REPO", root)
			return nil
		},
	})
}
