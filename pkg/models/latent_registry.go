package models

import "fmt"

// newSLGP is SLGP's registry constructor: the decoded config on top of
// DefaultSLGPConfig.
func newSLGP(decode func(any) error, spec Spec) (Model, error) {
	cfg := DefaultSLGPConfig()
	if err := decode(&cfg); err != nil {
		return nil, err
	}
	return NewSLGP(cfg, spec)
}

// newGPCDE is GPCDE's registry constructor: the decoded config on top of
// DefaultGPCDEConfig; a refused key of SLGP's gets GPCDEConfig.KeyHint's
// explanation.
func newGPCDE(decode func(any) error, spec Spec) (Model, error) {
	cfg := DefaultGPCDEConfig()
	if err := decode(&cfg); err != nil {
		for _, k := range slgpOnlyKeys {
			if containsWord(err.Error(), k) {
				return nil, fmt.Errorf("%w; %s", err, cfg.KeyHint(k))
			}
		}
		return nil, err
	}
	return NewGPCDE(cfg, spec)
}

// containsWord reports whether key occurs in msg as a whole word (letters,
// digits and underscores).
func containsWord(msg, key string) bool {
	isWord := func(b byte) bool { return b == '_' || b >= 'a' && b <= 'z' || b >= '0' && b <= '9' }
	for i := 0; i+len(key) <= len(msg); i++ {
		if msg[i:i+len(key)] == key && (i == 0 || !isWord(msg[i-1])) && (i+len(key) == len(msg) || !isWord(msg[i+len(key)])) {
			return true
		}
	}
	return false
}
