package train

import (
	"os"
	"testing"
)

// TestIsTerminalNotDevNull: /dev/null is a character device but not a
// terminal, so output sent there gets plain lines, not a redrawn bar.
func TestIsTerminalNotDevNull(t *testing.T) {
	f, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	t.Setenv("CI", "")
	if IsTerminal(f) {
		t.Errorf("%s counts as a terminal", os.DevNull)
	}
}
