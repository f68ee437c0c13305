// Package legacy reads and writes the data files of the original ftbt
// engine (tfcolin/ftbt): the rules file (.tech, loaded by LoadDX, LoadTech
// and LoadAIBase), the level file (.map, loaded by LoadMap, LoadPeople and
// LoadAIPeople) and the intro text.
//
// The formats have no keywords: a file is a flat stream of values separated
// by any run of white space, and only their order gives them a meaning (see
// Rules and Level). ParseRules and ParseLevel read exactly what the original
// reads and keep every value with the Range of the text it came from, so
// that an importer can point its own diagnostics at the legacy file.
//
// # Token semantics
//
// The original reads every value with fmt.Fscan on an *os.File. This
// package emulates that reader character by character rather than
// splitting the file into tokens first, because fmt does not read whole
// tokens:
//
//   - Integers take an optional sign, 0b/0o/0x prefixes and underscores
//     ("1_000" is 1000), and a leading 0 makes them octal: "010" is 8.
//     The reader stops at the first character that cannot continue the
//     number, so "08" is 0 and leaves "8", and "12abc" is 12 and leaves
//     "abc" for the next read, which fails if it wants a number.
//   - Booleans are true and false in any letter case, or t, T, f, F, 1 and
//     0. Only the first character decides: the rest of "true" or "false" is
//     checked only when its second letter follows, so "tru" is an error,
//     "10" is true and leaves "0", and a word such as "yes" is false and
//     leaves "es" (which a following boolean reads as false again, and a
//     following number rejects).
//   - Names are every character up to the next white space, fmt's white
//     space including U+0085, U+00A0, U+3000 and the other Unicode spaces.
//     An invalid UTF-8 byte reads as U+FFFD.
//   - An *os.File cannot put a character back, so each Fscan call reads
//     through a look-ahead buffer of its own and drops what that buffer
//     holds when it returns: the character after the call's last value.
//     That is usually the white space after a token, but a value split
//     inside a token loses the next character: "08" read as nx ny gives
//     0 and 8, while "08" read as a terrain index (a call of its own)
//     gives 0 and drops the 8. The parser groups values into calls exactly
//     as the original does (a terrain's name and weight, a tech's header
//     quadruple and its AOE quadruple, an offset's dx dy, a person's nine
//     header values, an AI line's factors and its goal are one call each;
//     every other value is a call of its own).
//
// Whenever this emulation reads a text differently from what it says to a
// person (an octal number, a split token, a dropped character, a word read
// as false, invalid UTF-8), the parser warns with ftbt-legacy-quirk at the
// token, and still returns what the original reads.
//
// # Diagnostics
//
// Parsing stops at the first value the original cannot read, as the
// original does (it then refuses the file), and reports:
//
//   - ftbt-legacy-token (error): a value that cannot be read as its type;
//   - ftbt-legacy-eof (error): the file ends before a required value;
//   - ftbt-legacy-count (error): a negative or absurd count (above
//     MaxCount), or a rules file without terrains;
//   - ftbt-legacy-trailing (warning): tokens after the last value read,
//     which the original ignores;
//   - ftbt-legacy-quirk (warning): see above.
//
// The AI blocks at the ends of both files are optional: a file that ends
// (or has only white space left) where its AI block would start has none,
// and anything else starts the block, which must then be complete. Only
// the original's AI build reads them.
//
// CheckRules and CheckLevel validate what the original never checks and
// what makes it panic or misbehave: ftbt-legacy-index (terrain index, tech
// id, side, start position, AI goal), ftbt-legacy-overlap (two people on
// one cell), ftbt-legacy-duplicate (a tech listing an offset twice, a
// warning: star.tech does it) and ftbt-legacy-value (zero divisors as
// errors; unknown tech classes, negative terrain weights, people without
// hp and an AI block in only one file as warnings). Codes documents every
// code for the diagnostics reference.
//
// Parsing applies none of the original's post-processing (the AI's
// defaults, side-0 AI lines discarded): that belongs to the importer; see
// PersonAI.Params. FormatRules and FormatLevel write the structures back in
// the legacy format, and Intro gives a level's introduction text.
package legacy
