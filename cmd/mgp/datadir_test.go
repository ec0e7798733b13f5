package main

import "testing"

// TestDataDirPrecedence: --data-dir beats $MGP_DATA_DIR, which beats the
// config's data.dir, which beats ./data; an empty variable counts as unset.
func TestDataDirPrecedence(t *testing.T) {
	for _, tc := range []struct{ flag, env, cfg, want string }{
		{"f", "e", "c", "f"},
		{"", "e", "c", "e"},
		{"", "", "c", "c"},
		{"", "", "", "data"},
		{"f", "", "", "f"},
		{"", "e", "", "e"},
	} {
		t.Setenv("MGP_DATA_DIR", tc.env)
		if got := resolveDataDir(tc.flag, tc.cfg); got != tc.want {
			t.Errorf("flag %q, env %q, config %q: %q, want %q", tc.flag, tc.env, tc.cfg, got, tc.want)
		}
	}
}
