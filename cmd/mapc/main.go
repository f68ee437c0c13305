// Command mapc compiles Sandtable scenarios (TOML + Lua) into validated JSON
// engine configs, checks them, and prints the schemas.
//
// Usage:
//
//	mapc build [flags] [SCENARIO...]   compile (default: every scenario under ./scenarios into ./build)
//	mapc check [flags] [SCENARIO...]   report problems, write nothing
//	mapc schema [NAME]                 list the JSON Schemas or print one
//
// Exit status: 0 clean (warnings allowed), 1 errors found, 2 usage or internal failure.
package main

import (
	"os"

	"github.com/sandtable/sandtable/kit/cli"
)

func main() {
	os.Exit(run(os.Args[1:], cli.OSEnv()))
}
