package predict

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/mgpteam/mgp/pkg/results"
)

// WriteCSV predicts at in.X (Stream, with options o) and writes, atomically,
// one CSV row per input to path: the id columns as read, then for each
// output its mean, sd, the quantiles of o.Quantiles (q0.025, ...) and, with
// o.KeepSamples, every sample (s0 .. s{P-1}). A single output's columns are
// named mean, sd, ...; several outputs' blocks are headed by the target's
// name (y1_mean, y1_sd, ..., y2_mean, ...; y1, y2, ... when the run did not
// record one name per output). Numbers are written with
// results.FormatCSVFloat. On any error path is left as it was.
func (p *Predictor) WriteCSV(ctx context.Context, path string, in *Inputs, o Options) error {
	head := p.csvHeader(in.IDNames, o)
	dy := p.Dy()
	num := results.FormatCSVFloat
	return results.WriteCSVAtomic(path, head, func(emit func([]string) error) error {
		row := make([]string, 0, len(head))
		return p.Stream(ctx, in.X, o, func(i0 int, b *Prediction) error {
			nb, _ := b.Mean.Dims()
			for i := range nb {
				row = row[:0]
				if in.IDs != nil {
					row = append(row, in.IDs[i0+i]...)
				}
				for d := range dy {
					row = append(row, num(b.Mean.At(i, d)), num(b.SD.At(i, d)))
					for _, q := range b.Quantiles {
						row = append(row, num(q.At(i, d)))
					}
					if o.KeepSamples {
						for s := range o.Samples {
							row = append(row, num(b.Samples.At(s, i*dy+d)))
						}
					}
				}
				if err := emit(row); err != nil {
					return err
				}
			}
			return nil
		})
	})
}

// csvHeader names WriteCSV's columns.
func (p *Predictor) csvHeader(ids []string, o Options) []string {
	head := make([]string, 0, len(ids)+p.Dy()*(2+len(o.Quantiles)+o.Samples))
	head = append(head, ids...)
	for _, pre := range outputPrefixes(p.YNames, p.Dy()) {
		head = append(head, pre+"mean", pre+"sd")
		for _, q := range o.Quantiles {
			head = append(head, pre+"q"+strconv.FormatFloat(q, 'g', -1, 64))
		}
		if o.KeepSamples {
			for s := range o.Samples {
				head = append(head, fmt.Sprintf("%ss%d", pre, s))
			}
		}
	}
	return head
}

// outputPrefixes returns the column-name prefix of each output's block:
// none for a single output (columns mean, sd, q…, s…), otherwise the
// target's name and an underscore (y1_mean, y1_sd, …), or y1_, y2_, … when
// the run did not record one name per output.
func outputPrefixes(names []string, dy int) []string {
	out := make([]string, dy)
	if dy == 1 {
		return out
	}
	for d := range out {
		name := fmt.Sprintf("y%d", d+1)
		if len(names) == dy && strings.TrimSpace(names[d]) != "" {
			name = names[d]
		}
		out[d] = name + "_"
	}
	return out
}
