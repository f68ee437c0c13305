// Package legacy reads and writes the rules file of the original mbg engine
// (tfcolin/mbg), the whitespace-token ".map" format loaded by its LoadMap.
//
// The format has no keywords: a file is a flat stream of tokens separated by
// any run of white space, and only the order of the tokens gives them a
// meaning (see Map for the order). Line structure is irrelevant, so a role's
// header may share a line with its tech list.
//
// Parse reads exactly what the original reads, token for token, and keeps
// every value as written (x/y and rectangles, dir and scope as read,
// win_money and officer props as floats) together with the Range of the
// token it came from, so that an importer can point its own diagnostics at
// the legacy file. Unlike the original, which silently misparses, Parse
// reports malformed input as diagnostics and never panics:
//
//   - mbg-legacy-token (error): a token that is not a number of the needed
//     kind, such as a name where a number belongs or a float where an
//     integer count belongs (a warning for a leading-zero integer, which
//     the original reads as octal, and for invalid UTF-8 in a name);
//   - mbg-legacy-eof (error): the file ends before a required token;
//   - mbg-legacy-count (error): a count that is negative or above MaxCount;
//   - mbg-legacy-trailing (warning): tokens after the last training room.
//
// Check validates the cross-references that the original never checks and
// that make it panic or misbehave (mbg-legacy-index, mbg-legacy-value as
// errors), and flags the quirks it accepts (mbg-legacy-value warnings).
//
// Parse applies none of the original's post-processing (computed hp, base
// forced to 0, ownership propagation, free pools): that belongs to the
// importer and the engine. Format writes a Map back in the legacy format.
package legacy
