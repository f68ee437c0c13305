package build

import (
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/schema"
	"github.com/sandtable/sandtable/kit/source"
)

// coreCodes documents the codes of the game-independent layers: TOML
// loading, includes, schema validation and the pipeline itself.
var coreCodes = []diag.CodeInfo{
	{Code: source.CodeSyntax, Category: "syntax", Title: "TOML syntax error",
		Doc:     "The file is not valid TOML 1.0. The caret points at the first character the parser could not accept; fix it and run mapc check again to see the next problem.",
		Example: "[scenario]\nname = \"demo\" extra\n"},
	{Code: source.CodeNonFinite, Category: "syntax", Title: "NaN or infinity in a number",
		Doc:     "TOML allows nan and inf, but a compiled config is JSON, which cannot hold them. Use a finite number.",
		Example: "[constants]\nburn_hurt = inf\n"},
	{Code: source.CodeIncludeType, Category: "include", Title: "malformed include list",
		Doc:     "include takes a list of non-empty strings: paths relative to the including file, or builtin:… paths of the content shipped with mapc.",
		Example: "include = \"common.toml\"\n"},
	{Code: source.CodeIncludeRead, Category: "include", Title: "included file cannot be read",
		Doc:     "A path in include does not name a readable file. Paths are relative to the file that contains the include key.",
		Example: "include = [\"../common/missing.toml\"]\n"},
	{Code: source.CodeIncludeCycle, Category: "include", Title: "include cycle",
		Doc:     "A file includes itself, directly or through other files. Remove one include of the cycle; a file included twice through different paths is merged only once.",
		Example: "# a.toml\ninclude = [\"b.toml\"]\n# b.toml\ninclude = [\"a.toml\"]\n"},
	{Code: source.CodeIncludeOutside, Category: "include", Title: "include or script outside the scenario's tree",
		Doc:     "Includes and scripts are read only from the scenario's own directory tree (or, when a directory above it holds a .sandtable-root file, from that directory's tree) and from builtin: files. Absolute paths, paths that climb out with .. and symbolic links that lead out are refused, so checking a downloaded scenario cannot read other files. To share includes between scenarios, put an empty .sandtable-root file in their common parent.",
		Example: "include = [\"../../../../etc/passwd\"]\n"},
	{Code: source.CodeNotRegular, Category: "include", Title: "not a regular file",
		Doc:     "mapc reads only regular files: a directory, a named pipe, a device or a socket in place of a scenario, include or script is refused before it is opened.",
		Example: "mkfifo scenarios/x/scenario.toml && mapc check scenarios/x\n", ExampleLang: "sh"},
	{Code: source.CodeTooLarge, Category: "limit", Title: "file larger than the size limit",
		Doc:     "A scenario file, include or script is larger than the size limit (16 MiB by default; source.Limits.MaxFileSize). Split it into included files.",
		Example: "include = [\"huge.toml\"] # 20 MB\n"},
	{Code: source.CodeTooDeep, Category: "limit", Title: "values nested too deeply",
		Doc:     "Values are nested more than 64 levels deep, counting table header segments, dotted key segments, arrays and inline tables. The position is where the limit is crossed. No scenario format needs more than a few levels.",
		Example: "a = [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]\n"},
	{Code: source.CodeTooManyKeys, Category: "limit", Title: "too many keys in one file",
		Doc:     "A file has more than 1,000,000 keys (key/value pairs and table headers). Split it into included files.",
		Example: "# a generated file with a million [[officers]]\n"},
	{Code: source.CodeLineTooLong, Category: "limit", Title: "line longer than the limit",
		Doc:     "A line is longer than 256 KiB. Break long lists over several lines; TOML allows newlines inside arrays.",
		Example: "board = [\"许昌\", \"hall\", … 300,000 bytes … ]\n"},
	{Code: source.CodeDuplicateKey, Category: "include", Title: "key defined in two files",
		Doc:     "Included files are merged into one tree: tables merge key by key and lists concatenate, but a plain value (a string, number or boolean) may be set only once.",
		Example: "# common.toml\n[scenario]\nname = \"a\"\n# scenario.toml\ninclude = [\"common.toml\"]\n[scenario]\nname = \"b\"\n"},
	{Code: source.CodeNoScenario, Category: "include", Title: "scenario file not found",
		Doc:     "mapc was given a directory without scenario.toml, or a file that cannot be read.",
		Example: "mapc check scenarios/mbg/typo\n", ExampleLang: "sh"},
	{Code: schema.CodeType, Category: "schema", Title: "value of the wrong type",
		Doc:     "The value has a different TOML type than the key takes: for example a string where a number is expected. The detail names the expected type.",
		Example: "[[officers]]\nname = \"曹操\"\nwu = \"high\"\n"},
	{Code: schema.CodeUnknownKey, Category: "schema", Title: "unknown key",
		Doc:     "The key is not part of the format; unknown keys are errors so that typos are not silently ignored. The detail suggests the closest known key.",
		Example: "[[cities]]\nname = \"许昌\"\nscope = \"large\"\nmayr = \"曹操\"\n"},
	{Code: schema.CodeRequired, Category: "schema", Title: "required key missing",
		Doc:     "A table lacks a key that has no default. The diagnostic points at the table's header; the detail explains the key.",
		Example: "[[cities]]\nname = \"许昌\"\n"},
	{Code: schema.CodeEnum, Category: "schema", Title: "value not among the allowed words",
		Doc:     "The key takes one of a fixed set of words, listed in the detail.",
		Example: "[[cities]]\nname = \"许昌\"\nscope = \"huge\"\n"},
	{Code: schema.CodeRange, Category: "schema", Title: "number outside its allowed range",
		Doc:     "The number is outside the hard bounds of the key (for example a negative amount of money).",
		Example: "[constants]\nmax_step = 0\n"},
	{Code: schema.CodeLength, Category: "schema", Title: "wrong length or empty value",
		Doc:     "A list has too few or too many items, or a name is empty.",
		Example: "[[techs]]\nid = \"弓箭\"\nprob = [0.8]\n"},
	{Code: schema.CodeUnique, Category: "schema", Title: "item repeated in a list",
		Doc:     "A list that names a set of things repeats an item.",
		Example: "[[institutes]]\nname = \"太学\"\ntechs = [\"弓箭\", \"弓箭\"]\n"},
	{Code: schema.CodeConfigInvalid, Category: "internal", Title: "compiled config fails its schema",
		Doc:     "The compiler produced a config that its own schema rejects. This is a bug in mapc; please report it with the scenario.",
		Example: "# no example: this is an internal check\n"},
	{Code: schema.CodeInternal, Category: "internal", Title: "internal error",
		Doc:     "Something went wrong inside mapc. Please report it with the scenario.",
		Example: "# no example: this is an internal check\n"},
	{Code: CodeUnknownGame, Category: "include", Title: "unknown game in the #:schema line",
		Doc:     "The first line #:schema …/<game>.scenario.schema.json names the game of the scenario; mapc does not know the named game.",
		Example: "#:schema ../../../schemas/chess.scenario.schema.json\n"},
	{Code: CodeWrite, Category: "output", Title: "output cannot be written",
		Doc:     "The compiled config could not be written (a missing permission or a full disk). The previous output, if any, is left untouched.",
		Example: "mapc build scenarios/mbg/sample -o /read-only/out.json\n", ExampleLang: "sh"},
	{Code: CodeConfigRef, Category: "config", Title: "compiled config refused by the engine",
		Doc:     "mapc sim and mapc inspect read compiled configs too. A config edited by hand can pass its schema and still name things that do not exist (an officer index past the list, a mayor outside the garrison). The engine's complaint is reported at the value it names, as a line and column of the config file.",
		Example: "# build/mbg/sample.json, cities[0]: \"mayor\": 99\nmapc sim build/mbg/sample.json\n", ExampleLang: "sh"},
	{Code: plugin.CodeSyntax, Category: "script", Title: "syntax error in a Lua script",
		Doc:     "A hook script does not parse. The position is the script's line and column; the detail is the Lua parser's message.",
		Example: "function effect(ctx)\n\treturn 0, -ctx.value\n-- missing end\n", ExampleLang: "lua"},
	{Code: plugin.CodeMissingFunction, Category: "script", Title: "hook script lacks a required function",
		Doc:     "Every hook kind requires some functions (an mbg.tech exports effect(ctx), an mbg.card play(ctx)); docs/lua-api.md lists them. Define the function as a global.",
		Example: "-- an mbg.tech script\nfunction efect(ctx) return 0, -ctx.value end\n", ExampleLang: "lua"},
	{Code: plugin.CodeUnknownGlobal, Category: "script", Severity: diag.Warning, Title: "script sets a global variable",
		Doc:     "A script's top level assigns a global that is not one of its kind's functions. Globals are private to the hook and start afresh every game, so this is usually a missing local.",
		Example: "count = 0\nfunction effect(ctx)\n\treturn 0, -ctx.value\nend\n", ExampleLang: "lua"},
	{Code: plugin.CodeStateWrite, Category: "script", Title: "hook function writes a global or a top-level local",
		Doc: "While a hook function runs it may not assign a global or a top-level local of its script (an upvalue): such state lives only in the Lua environment, which a saved game does not hold, so a loaded game or a replay would differ. " +
			"It is an error at the script's line both in mapc check and when the game runs. Use a local of the function; keep lasting state through the host API. The top level (and functions it calls while the script loads) may set up its locals and globals, and tables they hold may be changed.",
		Example: "local count = 0\nfunction effect(ctx)\n\tcount = count + 1 -- lost by save and load\n\treturn 0, -ctx.value\nend\n", ExampleLang: "lua"},
	{Code: plugin.CodeUnavailable, Category: "script", Title: "name the sandbox does not provide",
		Doc:     "The script uses a standard Lua name the sandbox removes: os, io, require, load, loadstring, dofile, debug, coroutine, setfenv, getfenv, package, collectgarbage, module, newproxy, loadfile. Scripts reach no files, processes, clock or other code; math.random draws from the game's seeded stream.",
		Example: "function effect(ctx)\n\tlocal seed = os.time()\n\treturn 0, -ctx.value\nend\n", ExampleLang: "lua"},
	{Code: CodeLuaRuntime, Category: "script", Title: "hook failed while a game ran",
		Doc:     "A Lua hook raised an error, broke a sandbox limit (instructions, memory per call or per game, stack) or called a host function with bad arguments during a game. The position is the script line; related locations are the traceback. The game that called it stops with its state unchanged.",
		Example: "function effect(ctx)\n\treturn 0, -ctx.nope.value -- indexing a nil field\nend\n", ExampleLang: "lua"},
}

// CoreCatalogue documents the codes of the game-independent layers.
func CoreCatalogue() diag.Catalogue {
	c, err := diag.NewCatalogue(coreCodes...)
	if err != nil {
		panic(err) // a programming error, caught by TestCatalogue
	}
	return c
}
