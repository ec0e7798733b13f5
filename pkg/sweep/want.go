package sweep

import (
	"fmt"

	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/runconfig"
)

// Want is what a run's files must match for the sweep to count the run as
// done or to resume it: the sweep's effective config for the run (its
// config file after every override) and its training data.
type Want struct {
	// Config is the run's effective config.
	Config runconfig.RunConfig
	// DataFingerprint returns the fingerprint of the run's data as the
	// sweep would load them (nil: the data are not checked).
	DataFingerprint func() (string, error)
}

// resultChanges compares a finished result with the run the sweep wants.
// It returns "" when the result is the wanted run's, else what differs;
// legacy is true for a result of a version before fingerprints, whose
// recorded config was compared instead. err reports data that could not be
// read for the comparison.
func (w *Want) resultChanges(res *results.Result) (diff string, legacy bool, err error) {
	legacy = res.ConfigFingerprint == ""
	if w == nil {
		return "", legacy, nil
	}
	if legacy {
		return describeChanges(legacyChanges(runconfig.ConfigChanges(res.Config, w.Config))), true, nil
	}
	if res.ConfigFingerprint != runconfig.ConfigFingerprint(w.Config) {
		diff = describeChanges(runconfig.ConfigChanges(res.Config, w.Config))
		if diff == "" {
			diff = "config fingerprint " + shortFP(res.ConfigFingerprint) + " in result.json, " + shortFP(runconfig.ConfigFingerprint(w.Config)) + " now"
		}
		return diff, false, nil
	}
	return w.dataChanges(res.DataFingerprint, "result.json")
}

// legacyChanges drops from the changes of a result of a version before
// fingerprints the keys it does not record: those versions recorded only
// the model keys a config set, not the model's defaults, so a key missing
// there is taken to have had the value it has now.
func legacyChanges(cs []results.ConfigChange) []results.ConfigChange {
	var out []results.ConfigChange
	for _, c := range cs {
		if c.Old != nil {
			out = append(out, c)
		}
	}
	return out
}

// dataChanges compares a recorded data fingerprint (none: not checked)
// with the wanted data's.
func (w *Want) dataChanges(recorded, where string) (string, bool, error) {
	if w == nil || recorded == "" || w.DataFingerprint == nil {
		return "", false, nil
	}
	now, err := w.DataFingerprint()
	if err != nil {
		return "", false, err
	}
	if now != recorded {
		return fmt.Sprintf("the data changed (data fingerprint %s in %s, %s now)", shortFP(recorded), where, shortFP(now)), false, nil
	}
	return "", false, nil
}

// describeChanges renders config changes as "key: old → new; ...", at
// most six of them.
func describeChanges(cs []results.ConfigChange) string {
	return results.FormatChanges(cs, 6, ": ", "; ")
}

// shortFP abbreviates a "sha256:..." fingerprint.
func shortFP(fp string) string {
	if len(fp) > 19 {
		return fp[:19]
	}
	return fp
}
