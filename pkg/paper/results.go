package paper

import (
	"errors"
	"fmt"
	"strings"

	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/runconfig"
	"github.com/mgpteam/mgp/pkg/rundir"
)

// completeConfigs fills in, in memory, the model defaults that results of
// earlier versions left out of their recorded configs
// (runconfig.CompleteRecordedConfig), so that tables compare the configs of
// old and new runs alike; a record that does not decode is left as it is.
func completeConfigs(files []results.ResultFile) {
	for _, f := range files {
		if f.Result.ConfigFingerprint != "" || len(f.Result.Config) == 0 {
			continue
		}
		if c, err := runconfig.CompleteRecordedConfig(f.Result.Config); err == nil {
			f.Result.Config = c
		}
	}
}

// LoadResultDirs reads every result under the directories. Files that are
// not results are returned in the *results.LoadError beside the results; no
// result at all, or a directory that cannot be read, is an input error
// naming the directories.
func LoadResultDirs(dirs []string) ([]results.ResultFile, *results.LoadError, error) {
	var files []results.ResultFile
	var le *results.LoadError
	for _, d := range dirs {
		f, err := rundir.LoadResultFiles(d)
		var e *results.LoadError
		if err != nil && !errors.As(err, &e) {
			return nil, nil, inputErr(err)
		}
		if e != nil {
			if le == nil {
				le = &results.LoadError{}
			}
			le.Files = append(le.Files, e.Files...)
			le.Scanned += e.Scanned
		}
		files = append(files, f...)
	}
	completeConfigs(files)
	if len(files) == 0 {
		dir := strings.Join(dirs, ", ")
		if le != nil {
			return nil, nil, inputErr(fmt.Errorf("%s: none of the %d JSON files is a result:\n  %s",
				dir, le.Scanned, strings.Join(FileErrors(le), "\n  ")))
		}
		return nil, nil, inputErr(fmt.Errorf("%s: no result files found", dir))
	}
	return files, le, nil
}

// FileErrors lists the files rundir.LoadResultFiles skipped and why, one a line.
func FileErrors(le *results.LoadError) []string {
	out := make([]string, len(le.Files))
	for i, f := range le.Files {
		out[i] = f.Error()
	}
	return out
}
