package plugin

import (
	"bytes"
	"fmt"

	lua "github.com/yuin/gopher-lua"
	"github.com/yuin/gopher-lua/parse"

	"github.com/sandtable/sandtable/engine/plugin/luarewrite"
)

// sourceError is a load error the sandbox itself finds in a script: one the
// rewrite refuses, or one found here.
type sourceError = luarewrite.Error

// compileSource parses, rewrites (engine/plugin/luarewrite: state writes,
// and the operations whose cost or memory the Worker must check) and
// compiles one script.
func compileSource(path string, src []byte, limits Limits) (proto *lua.FunctionProto, err error) {
	if len(src) > limits.MaxSourceBytes {
		return nil, &sourceError{Msg: fmt.Sprintf("script is too large (%d bytes; the limit is %d)", len(src), limits.MaxSourceBytes)}
	}
	chunk, err := parse.Parse(bytes.NewReader(src), path)
	if err != nil {
		return nil, err
	}
	luarewrite.MarkStateWrites(chunk, limits.MaxNesting)
	chunk, err = luarewrite.Rewrite(chunk, luarewrite.Options{MaxNesting: limits.MaxNesting, ShortString: bytesPerInstruction})
	if err != nil {
		return nil, err
	}
	defer func() {
		// lua.Compile re-panics anything but its own CompileError; a
		// malformed script must not take the program down with it.
		if r := recover(); r != nil {
			proto, err = nil, &sourceError{Line: 1, Msg: fmt.Sprintf("cannot compile: %v", r)}
		}
	}()
	return lua.Compile(chunk, path)
}
