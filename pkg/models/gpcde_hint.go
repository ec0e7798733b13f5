package models

import (
	"slices"
	"strings"
)

// KeyHint says why GPCDE lacks one of SLGP's keys (config.KeyHinter).
// Temporary on this branch: the latent-model rewrite carries its own.
func (GPCDEConfig) KeyHint(key string) string {
	if !slices.Contains(slgpOnlyKeys, key) {
		return ""
	}
	return "gpcde has no h-encoder, no β and only the VI bound (models.md §6.3): " +
		strings.Join(slgpOnlyKeys, ", ") + " are slgp's keys, remove them or use model slgp"
}
