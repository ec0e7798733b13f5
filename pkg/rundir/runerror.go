package rundir

import (
	"encoding/json"
	"os"
	"path/filepath"
	"time"

	"github.com/mgpteam/mgp/pkg/results"
)

// RunError is what error.json holds.
type RunError struct {
	// Run is the run's ID.
	Run string `json:"run"`
	// Error is the failure's message.
	Error string `json:"error"`
	// Date is when it failed, RFC 3339.
	Date string `json:"date"`
	// Version is the program version.
	Version string `json:"version"`
}

// WriteError records in dir's error.json that the run id failed with msg
// now, under the program version.
func WriteError(dir, id, msg, version string) error {
	return results.WriteJSONAtomic(filepath.Join(dir, ErrorFile), RunError{
		Run: id, Error: msg, Date: time.Now().UTC().Format(time.RFC3339), Version: version,
	})
}

// readError reads dir's error.json: ok false when there is none, a nil
// *RunError when there is one that does not decode.
func readError(dir string) (re *RunError, ok bool) {
	b, err := os.ReadFile(filepath.Join(dir, ErrorFile))
	if err != nil {
		return nil, false
	}
	re = &RunError{}
	if json.Unmarshal(b, re) != nil {
		return nil, true
	}
	return re, true
}
