package main

import (
	"context"
	"io"

	"github.com/sandtable/sandtable/kit/cli"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lsp"
)

// runLSP serves the Language Server Protocol on stdin and stdout
// (docs/editors.md).
func runLSP(args []string, env cli.Env) int {
	fs := flags("lsp", env)
	fs.Bool("stdio", true, "speak LSP over stdin and stdout (the only transport; accepted for editors that pass it)")
	positional, code, ok := parse(fs, args)
	if !ok {
		return code
	}
	if len(positional) > 0 || env.Stdin == nil {
		fs.Usage()
		return diag.ExitFailure
	}
	lsp.NewServer(env.Compiler()).Serve(context.Background(), stdio{env.Stdin, env.Stdout})
	return diag.ExitOK
}

// stdio joins stdin and stdout into the stream the server reads and writes.
type stdio struct {
	io.Reader
	io.Writer
}

func (stdio) Close() error { return nil }
