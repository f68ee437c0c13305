// Package legacy reads the two data files of the original XiangGuHuaJi
// contest engine (FC14 "百团大战"): the map (Data/Tsinghua.map.txt) and the
// military kernel (Data/mykernel.txt), exactly as facts §2 and §4 describe
// them, with a diagnostic at the offending token for anything the original
// would misread or choke on.
//
// Map: white-space separated integers. First cols and rows, then three
// blocks of rows×cols values (resource, attack ratio, defence ratio), each
// row-major with y outer and x inner.
//
// Kernel: lines are skipped until one starts with '|'; the first nine such
// lines, with every '|' removed, hold nine decimal weights each. Row n is
// the x offset n−4, column m the y offset m−4.
package legacy
