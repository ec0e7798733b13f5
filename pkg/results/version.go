package results

import "runtime/debug"

// BuildVersion is the version a result records as its provenance: git,
// the git description set at build time when not empty, otherwise the
// module version and VCS revision the Go toolchain recorded in the binary
// (with "+dirty" for a modified tree), or "unknown" without build info.
func BuildVersion(git string) string {
	if git != "" {
		return git
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	v := bi.Main.Version
	for _, s := range bi.Settings {
		if s.Key == "vcs.revision" {
			v += " " + s.Value[:min(12, len(s.Value))]
		}
		if s.Key == "vcs.modified" && s.Value == "true" {
			v += "+dirty"
		}
	}
	return v
}
