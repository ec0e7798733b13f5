package report

import (
	"encoding/csv"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/results"

	"github.com/gocarina/gocsv"

	"github.com/mgpteam/mgp/pkg/paper/values"
)

// recordText prints every field of a CSVRecord, following pointers, so
// that two records print alike exactly when their values are equal (NaN
// included).
func recordText(r CSVRecord) string {
	opt := func(p *float64) string {
		if p == nil {
			return "nil"
		}
		return fmt.Sprint(*p)
	}
	rank := "nil"
	if r.Rank != nil {
		rank = fmt.Sprint(*r.Rank)
	}
	return fmt.Sprintf("%s|%s|%s|%d|%d|%s|%d|%v|%v|%v|%v|%v|%v|%s|%s|%s|%s|%s|%s|%s",
		r.Model, r.Variant, r.Dataset, r.Iterations, r.Samples, r.Split, r.N, r.Mean, r.Std, r.StdErr, r.Median,
		r.RMSEMean, r.RMSEStd, r.Values, r.SplitSeeds, r.ModelSeeds, opt(r.PaperMean), opt(r.PaperStd), opt(r.Z), rank)
}

// TestCSVRoundTrip: the CSV reads back through gocsv into the same records,
// with the columns the table promises.
func TestCSVRoundTrip(t *testing.T) {
	rs := append(syntheticResults(),
		with(run("sgp", "boston", 0, 1.0/3, 0.1), func(r *results.Result) { r.Iterations = 20000; r.Variant = "x, \"y\"" }),
		with(run("sgp", "energy", 0, math.NaN(), 0.1), func(r *results.Result) { r.Split = "fixed split 4, 90/10" }),
		run("slgp", "wine-red", 3, math.Inf(1), 0.1),
	)
	rows := SummariseResults(rs).Rows
	text, err := CSVTable(rows, values.Table3())
	if err != nil {
		t.Fatal(err)
	}
	header, err := csv.NewReader(strings.NewReader(text)).Read()
	if err != nil {
		t.Fatal(err)
	}
	wantHeader := "model,variant,dataset,iterations,samples,split,n,mean,std,stderr,median,rmse_mean,rmse_std," +
		"values,split_seeds,model_seeds,paper_mean,paper_std,z,rank"
	if got := strings.Join(header, ","); got != wantHeader {
		t.Fatalf("header %s\nwant   %s", got, wantHeader)
	}
	var back []CSVRecord
	if err := gocsv.UnmarshalString(text, &back); err != nil {
		t.Fatal(err)
	}
	want := CSVRecords(rows, values.Table3())
	if len(back) != len(want) || len(want) != len(rows) {
		t.Fatalf("%d records read back, %d written, %d rows", len(back), len(want), len(rows))
	}
	for i := range want {
		if g, w := recordText(back[i]), recordText(want[i]); g != w {
			t.Errorf("record %d reads back as\n%s\nwant\n%s", i, g, w)
		}
	}
	byName := map[string]CSVRecord{}
	for _, r := range want {
		byName[r.Model+"/"+r.Variant+"/"+r.Dataset] = r
	}
	sgp := byName["sgp//boston"]
	if sgp.Values != "2.2;2.3;2.4" || sgp.SplitSeeds != "0;1;2" || sgp.PaperMean == nil || *sgp.PaperMean != 2.3325 ||
		sgp.Z == nil || math.Abs(*sgp.Z-(2.3-2.3325)/math.Hypot(sgp.Std, 0.0723)) > 1e-12 || sgp.Rank == nil || *sgp.Rank != 1 {
		t.Errorf("sgp/boston record %s", recordText(sgp))
	}
	// Cells with fewer than MinMarkRuns runs get no rank (SLGP n = 2 and
	// this variant n = 1 on boston), however low their mean.
	if x := byName[`sgp/x, "y"/boston`]; x.Iterations != 20000 || x.Rank != nil {
		t.Errorf("variant record %s", recordText(x))
	}
	if f := byName["sgp//energy"]; f.Split != SplitFixed || f.SplitSeeds != "4" || f.Rank != nil || f.Z == nil || !math.IsNaN(*f.Z) {
		t.Errorf("fixed-split NaN record %s", recordText(f))
	}
	if m := byName["mine//toy"]; m.PaperMean != nil || m.Z != nil || !strings.Contains(text, ",NaN,1,0.5,0,1,0,0,,,,\n") {
		t.Errorf("record without a paper value %s in\n%s", recordText(m), text)
	}
	if w := byName["slgp//wine-red"]; w.Rank != nil || w.Z == nil || !math.IsInf(*w.Z, 1) {
		t.Errorf("infinite record %s", recordText(w))
	}
}
