package xghj

import (
	"fmt"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// KernelUnusual warns about a kernel that is not 9×9 or not symmetric.
var KernelUnusual = &lint.Rule[*Unit]{
	Name: "xghj-kernel-unusual",
	Doc: `kernel not 9×9 or not symmetric

The contest's kernel is 9×9 and symmetric in both axes and under
transposition, so no direction is favoured. Another size or an asymmetric
kernel is allowed, but usually a typo; the detail names the first weight
that differs from its mirror.`,
	Categories: []string{"kernel"},
	Severity:   diag.Warning,
	Example:    "[kernel]\nrows = [ ... 9 rows, one with 0.3 where its mirror has 0.2 ... ]\n",
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		if u.Kernel == nil {
			return
		}
		rows := u.Kernel.Rows
		n := len(rows)
		if n != 9 {
			p.Reportf(u.Src.Range("/kernel/rows"), "Kernel is not 9×9", "The kernel has %d rows; the contest's is 9×9 (military_kernel_size 5).", n)
		}
		at := func(j, i int) (float64, bool) {
			if j < n && i < len(rows[j]) {
				return rows[j][i], true
			}
			return 0, false
		}
		for j := range n {
			for i := range rows[j] {
				w, _ := at(j, i)
				for _, m := range [][2]int{{n - 1 - j, i}, {j, n - 1 - i}, {i, j}} {
					if v, ok := at(m[0], m[1]); ok && v != w {
						p.Reportf(u.Src.Range(fmt.Sprintf("/kernel/rows/%d/%d", j, i)), "Kernel is not symmetric",
							"The weight %v at row %d, column %d differs from %v at row %d, column %d.", w, j, i, v, m[0], m[1])
						return
					}
				}
			}
		}
	},
}
