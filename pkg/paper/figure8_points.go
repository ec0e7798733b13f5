package paper

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/rundir"
)

// Figure8PointsFile keeps, in a run's directory, what Fig. 8 draws of the
// run: every test point's pickup coordinates and log density. figure8 writes
// it when it evaluates a run from its checkpoint with the run's own samples,
// and reads it when the checkpoint is gone (checkpoints are not committed;
// this file of a few hundred kB is), so that the figure can be drawn again
// from the results tree alone. It is a points file of package rundir.
const Figure8PointsFile = "figure8" + rundir.PointsSuffix

// figure8PointsHeader is the file's header row.
var figure8PointsHeader = []string{"pickup_longitude", "pickup_latitude", "log_density_per_second"}

// writeFigure8Points writes pd's points to dir's points file, atomically.
func writeFigure8Points(dir string, pd *pickupDensity) error {
	g := results.FormatCSVFloat
	return results.WriteCSVAtomic(filepath.Join(dir, Figure8PointsFile), figure8PointsHeader, func(emit func([]string) error) error {
		for i := range pd.lon {
			if err := emit([]string{g(pd.lon[i]), g(pd.lat[i]), g(pd.logDens[i])}); err != nil {
				return err
			}
		}
		return nil
	})
}

// readFigure8Points reads the points file of the run in dir. The mean of
// -log density must agree with the NLL in the run's result.json: a file
// that does not belongs to an earlier run in that directory and is refused.
func readFigure8Points(dir string) (*pickupDensity, error) {
	path := filepath.Join(dir, Figure8PointsFile)
	r, err := results.ReadResult(filepath.Join(dir, rundir.ResultFile))
	if err != nil {
		return nil, inputErr(fmt.Errorf("%s: %v (the points file needs the run's result.json beside it)", path, err))
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, inputErr(err)
	}
	defer f.Close()
	cr := csv.NewReader(bufio.NewReader(f))
	cr.FieldsPerRecord = len(figure8PointsHeader)
	head, err := cr.Read()
	if err != nil || strings.Join(head, ",") != strings.Join(figure8PointsHeader, ",") {
		return nil, inputErr(fmt.Errorf("%s: line 1: want the header %s (a file written by mgp figure8)", path, strings.Join(figure8PointsHeader, ",")))
	}
	pd := &pickupDensity{label: strings.ToUpper(r.Model)}
	var sum float64
	for line := 2; ; line++ {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, inputErr(fmt.Errorf("%s: %v", path, err))
		}
		var v [3]float64
		for k, s := range rec {
			x, err := strconv.ParseFloat(s, 64)
			if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
				return nil, inputErr(fmt.Errorf("%s: line %d, column %s: %q is not a finite number", path, line, figure8PointsHeader[k], s))
			}
			v[k] = x
		}
		pd.lon, pd.lat, pd.logDens = append(pd.lon, v[0]), append(pd.lat, v[1]), append(pd.logDens, v[2])
		sum -= v[2]
	}
	n := len(pd.logDens)
	if n == 0 {
		return nil, inputErr(fmt.Errorf("%s: no points", path))
	}
	pd.nll = sum / float64(n)
	rec := r.Metrics.NLL
	pd.recorded = &rec
	if n != r.Metrics.NTest || !sameNLL(pd.nll, rec) {
		return nil, inputErr(fmt.Errorf("%s: %d points with mean NLL %.6f, but %s records %d test points and NLL %.6f: the file is from an earlier run in this directory; draw the run from its checkpoint again, or delete the file",
			path, n, pd.nll, rundir.ResultFile, r.Metrics.NTest, rec))
	}
	return pd, nil
}

// sameNLL says whether a test NLL computed from a run's points is the one
// its result.json records (to 1e-6 relative: the points file keeps 10
// significant digits).
func sameNLL(a, recorded float64) bool {
	return math.Abs(a-recorded) <= 1e-6*math.Max(1, math.Abs(recorded))
}
