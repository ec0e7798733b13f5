package score

import (
	"github.com/mgpteam/mgp/pkg/eval"
	"github.com/mgpteam/mgp/pkg/results"
)

// calibrationRecord turns eval's calibration into the result file's record
// (the levels of eval.CentralLevels: 50, 90 and 95 %).
func calibrationRecord(c eval.Calibration) *results.Calibration {
	return &results.Calibration{
		CRPS: c.CRPS, Coverage50: c.Coverage[0], Coverage90: c.Coverage[1], Coverage95: c.Coverage[2],
		PITKS: c.PITKS, PITHist: c.PITHist,
	}
}
