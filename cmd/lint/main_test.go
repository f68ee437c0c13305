package main

import (
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/sandtable/sandtable/kit/cli"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"lint": func() { os.Exit(run(os.Args[1:], cli.OSEnv())) },
	})
}

func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:           "testdata/script",
		UpdateScripts: os.Getenv("SANDTABLE_UPDATE") != "",
	})
}
