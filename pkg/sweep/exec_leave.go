package sweep

import "fmt"

// leave reports and counts a run that Decide skips or holds, returning
// handled; it returns proceed for a run to start, resume or replace, and
// elsewhere, uncounted, for a run another process holds in a shared sweep
// (which comes back to it at the end).
func leave(r Run, st Status, o Options, p *progress) outcome {
	act, why := Decide(st, o)
	if st.State == Failed && st.Retry != nil && o.RetryFailed {
		st = *st.Retry
	}
	switch {
	case act == Skip:
		p.finish(r, func(s *Summary) { s.AlreadyDone++ }, "")
	case act != Hold:
		return proceed
	case st.State == Locked && o.Shared:
		p.say(fmt.Sprintf("%s: %s; %s", r.ID(), st.Detail, checkedAgain))
		return elsewhere
	case st.State == Locked:
		p.finish(r, func(s *Summary) { s.Locked++ }, fmt.Sprintf("%s: %s", r.ID(), why))
	case st.State == Failed:
		p.finish(r, func(s *Summary) { s.SkippedFailed++ }, fmt.Sprintf("%s: %s", r.ID(), why))
	case st.State == Changed:
		p.finish(r, func(s *Summary) { s.Changed++; s.HeldRuns = append(s.HeldRuns, r.ID()+": "+why) }, fmt.Sprintf("%s: %s", r.ID(), why))
	default:
		p.finish(r, func(s *Summary) { s.Refused++; s.HeldRuns = append(s.HeldRuns, r.ID()+": "+why) }, fmt.Sprintf("%s: %s", r.ID(), why))
	}
	return handled
}
