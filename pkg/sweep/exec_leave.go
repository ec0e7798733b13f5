package sweep

import "fmt"

// leave reports and counts a run that Decide skips or holds, returning
// true; it returns false for a run to start, resume or replace.
func leave(r Run, st Status, o Options, p *progress) bool {
	act, why := Decide(st, o)
	if st.State == Failed && st.Retry != nil && o.RetryFailed {
		st = *st.Retry
	}
	switch {
	case act == Skip:
		p.finish(r, func(s *Summary) { s.AlreadyDone++ }, "")
	case act != Hold:
		return false
	case st.State == Locked:
		p.finish(r, func(s *Summary) { s.Locked++ }, fmt.Sprintf("%s: %s", r.ID(), why))
	case st.State == Failed:
		p.finish(r, func(s *Summary) { s.SkippedFailed++ }, fmt.Sprintf("%s: %s", r.ID(), why))
	case st.State == Changed:
		p.finish(r, func(s *Summary) { s.Changed++; s.HeldRuns = append(s.HeldRuns, r.ID()+": "+why) }, fmt.Sprintf("%s: %s", r.ID(), why))
	default:
		p.finish(r, func(s *Summary) { s.Refused++; s.HeldRuns = append(s.HeldRuns, r.ID()+": "+why) }, fmt.Sprintf("%s: %s", r.ID(), why))
	}
	return true
}
