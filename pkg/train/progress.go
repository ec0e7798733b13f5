package train

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/mgpteam/mgp/internal/awake"
	"golang.org/x/term"
)

// Progress reports training progress: a redrawn bar on a terminal, plain
// periodic lines otherwise.
type Progress struct {
	W        io.Writer
	TTY      bool
	Every    int // plain-line cadence
	Total    int
	Label    string
	start    time.Duration // awake.Now at the session's start: stops do not lower the rate
	from     int           // iterations done before this session
	lastDraw time.Time
}

// IsTerminal reports whether f is a terminal (not merely a character
// device such as /dev/null) and the CI variable is unset.
func IsTerminal(f *os.File) bool {
	return term.IsTerminal(int(f.Fd())) && os.Getenv("CI") == ""
}

// Start marks the beginning of training.
func (p *Progress) Start() { p.StartAt(0) }

// StartAt marks the beginning of a training session that continues after
// iteration from (a resumed run), so that rates count this session only.
func (p *Progress) StartAt(from int) {
	if p == nil {
		return
	}
	p.start, p.from = awake.Now(), from
}

// Update reports iteration it (1-based) with the current objective.
func (p *Progress) Update(it int, elbo float64) {
	if p == nil || p.W == nil {
		return
	}
	rates := func() (float64, time.Duration) {
		el := (awake.Now() - p.start).Seconds()
		rate := float64(it-p.from) / max(el, 1e-9)
		return rate, time.Duration(float64(p.Total-it)/max(rate, 1e-9)) * time.Second
	}
	if p.TTY {
		if time.Since(p.lastDraw) < 100*time.Millisecond && it != p.Total {
			return
		}
		rate, eta := rates()
		p.lastDraw = time.Now()
		const width = 30
		done := width * it / max(p.Total, 1)
		bar := make([]byte, width)
		for i := range bar {
			bar[i] = '.'
			if i < done {
				bar[i] = '='
			}
		}
		fmt.Fprintf(p.W, "\r%s [%s] %d/%d  ELBO %.4f  %.0f it/s  ETA %s   ", p.Label, bar, it, p.Total, elbo, rate, eta.Round(time.Second))
		if it == p.Total {
			fmt.Fprintln(p.W)
		}
		return
	}
	if p.Every > 0 && (it%p.Every == 0 || it == p.Total) {
		rate, eta := rates()
		fmt.Fprintf(p.W, "%s iter %d/%d  ELBO %.6f  %.1f it/s  ETA %s\n", p.Label, it, p.Total, elbo, rate, eta.Round(time.Second))
	}
}
