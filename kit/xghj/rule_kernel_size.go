package xghj

import (
	"fmt"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// KernelSize reports a kernel whose shape does not fit
// military_kernel_size.
var KernelSize = &lint.Rule[*Unit]{
	Name: "xghj-kernel-size",
	Doc: `kernel shape does not fit military_kernel_size

The influence kernel is a square of side 2·military_kernel_size − 1 (9 for
the contest's 5). Every row needs that many weights.`,
	Categories: []string{"kernel"},
	Severity:   diag.Error,
	Example:    "[kernel]\nrows = [[1, 0.5], [0.5, 0.2]]\n",
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		if u.Kernel == nil {
			if side := len(u.Config.Kernel); side != 2*u.Config.Constants.MilitaryKernelSize-1 {
				p.Reportf(u.Src.Range("/constants/military_kernel_size"), "Kernel size without a kernel",
					"military_kernel_size %d needs a %d×%d [kernel]; the default kernel is 9×9.", u.Config.Constants.MilitaryKernelSize, 2*u.Config.Constants.MilitaryKernelSize-1, 2*u.Config.Constants.MilitaryKernelSize-1)
			}
			return
		}
		side := 2*u.Config.Constants.MilitaryKernelSize - 1
		if len(u.Kernel.Rows) != side {
			p.Reportf(u.Src.Range("/kernel/rows"), "Kernel of the wrong size", "The kernel has %d rows; military_kernel_size %d needs %d.", len(u.Kernel.Rows), u.Config.Constants.MilitaryKernelSize, side)
		}
		for j, row := range u.Kernel.Rows {
			if len(row) != len(u.Kernel.Rows) {
				p.Reportf(u.Src.Range(fmt.Sprintf("/kernel/rows/%d", j)), "Kernel row of the wrong length", "Kernel row %d has %d weights; the kernel has %d rows.", j, len(row), len(u.Kernel.Rows))
			}
		}
	},
}
