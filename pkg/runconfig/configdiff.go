package runconfig

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mgpteam/mgp/pkg/results"
)

// resumeIgnoredKeys are the config keys a resume may change: they do not
// change the numbers (log cadence, checkpoint cadence, data directory).
var resumeIgnoredKeys = FingerprintIgnoredKeys

// configDiff compares two run configs as a resume must, by
// results.DiffConfigs on their JSON form (so integers and floats compare
// alike): every key counts except resumeIgnoredKeys. It returns "" when they
// agree, else the differing keys with both values.
func configDiff(a, b RunConfig) string {
	a.Data.Path, b.Data.Path = absIfRelative(a.Data), absIfRelative(b.Data)
	var diffs []string
	for _, c := range results.DiffConfigs(jsonConfig(a), jsonConfig(b)) {
		if slices.Contains(resumeIgnoredKeys, c.Key) {
			continue
		}
		diffs = append(diffs, fmt.Sprintf("%s: %v in the checkpoint, %v now", c.Key, show(c.Old), show(c.New)))
	}
	return strings.Join(diffs, "; ")
}

// absIfRelative is a CSV data.path made absolute against the working
// directory (mgp train records it so since issue 31; a run trained before
// with a relative path resumes from the same directory as one that
// recorded it absolute). Other paths are returned as they are.
func absIfRelative(dc DataConfig) string {
	if !dc.IsCSV() || filepath.IsAbs(dc.Path) {
		return dc.Path
	}
	if abs, err := filepath.Abs(dc.Path); err == nil {
		return abs
	}
	return dc.Path
}

// show prints a missing value as "unset".
func show(v any) any {
	if v == nil {
		return "unset"
	}
	return v
}

// jsonConfig renders cfg through JSON into a nested map, numbers as
// float64.
func jsonConfig(cfg RunConfig) map[string]any {
	b, _ := json.Marshal(cfg)
	var m map[string]any
	_ = json.Unmarshal(b, &m)
	return m
}

// ConfigDiff compares a checkpoint's config with now as a resume does
// (every key but FingerprintIgnoredKeys); "" when they agree, else the
// differing keys with both values.
func ConfigDiff(ck, now RunConfig) string { return configDiff(ck, now) }
