package sweep

import (
	"context"
	"fmt"
	"time"
)

// checkedAgain ends the line of a run a shared sweep finds held by another
// process.
const checkedAgain = "left for now, checked again when this task has nothing else to do"

// say writes msg with the progress counts.
func (p *progress) say(msg string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.line(msg)
}

// awaitElsewhere comes back, in a shared sweep, to the runs that another
// process held when this one reached them, so that a task ends only when
// the whole sweep has (its exit status then speaks for every run, and a
// job that depends on the task's success does not start on a partial
// tree). Every o.Poll it re-reads the held runs' status: a run finished
// elsewhere is counted done; a run whose holder is gone (its lock stale by
// package runlock's rules: a dead process on this host and PID namespace
// at once, another host's holder once its heartbeat is older than
// o.Stale) or that is free for any other reason goes through executeOne,
// which takes it and resumes it from its checkpoint, up to o.Jobs at a
// time; a run taken by yet another process meanwhile is waited for again.
// The wait lasts as long as some live holder keeps its run, and at most
// o.Stale after a holder elsewhere stops. When ctx ends, the runs still
// held are counted Locked.
func awaitElsewhere(ctx context.Context, held []Run, run Runner, o Options, p *progress) {
	if len(held) == 0 || ctx.Err() != nil {
		countLocked(held, p)
		return
	}
	what := fmt.Sprintf("%d runs", len(held))
	if len(held) == 1 {
		what = "1 run"
	}
	p.say(fmt.Sprintf("%s unfinished elsewhere: waiting for their holders (checked every %s; a run whose holder has died, or has been silent for %s, is taken over and resumes here from its checkpoint)",
		what, o.Poll, o.Stale))
	type ended struct {
		r   Run
		out outcome
	}
	done := make(chan ended)
	slots := make(chan struct{}, o.Jobs)
	busy := 0
	tick := time.NewTicker(o.Poll)
	defer tick.Stop()
	ctxDone := ctx.Done()
	for len(held) > 0 || busy > 0 {
		if ctx.Err() == nil {
			var still []Run
			for _, r := range held {
				switch st := RunStatus(r, o.Stale); {
				case st.State == Locked:
					still = append(still, r)
				case st.State == Done:
					p.finish(r, func(s *Summary) { s.AlreadyDone++ }, r.ID()+": finished elsewhere")
				default:
					busy++
					go func() {
						slots <- struct{}{}
						defer func() { <-slots }()
						done <- ended{r, executeOne(ctx, r, run, o, p)}
					}()
				}
			}
			held = still
		}
		if busy == 0 && (len(held) == 0 || ctx.Err() != nil) {
			break
		}
		select {
		case <-ctxDone:
			ctxDone = nil
		case <-tick.C:
		case e := <-done:
			busy--
			if e.out == elsewhere {
				held = append(held, e.r)
			}
		}
	}
	countLocked(held, p)
}

// countLocked counts the runs still held elsewhere when a sweep ends.
func countLocked(held []Run, p *progress) {
	for _, r := range held {
		p.finish(r, func(s *Summary) { s.Locked++ }, r.ID()+": still running elsewhere")
	}
}
