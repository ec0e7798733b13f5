package checkpoint

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// checksumPlaceholder stands for the checksum while it is computed: the
// checksum is the SHA-256 of the file with its own value replaced by this
// string of the same length.
var checksumPlaceholder = "sha256:" + strings.Repeat("0", 2*sha256.Size)

// Encode renders the checkpoint as the file Save writes: indented JSON
// whose first key, "checksum", holds the SHA-256 of the whole file with
// that value replaced by checksumPlaceholder. Any change to the file
// after it was written (a digit of a parameter, a cut-off end) fails
// Load's check.
func (ck *Checkpoint) Encode() ([]byte, error) {
	c := *ck
	c.Checksum = checksumPlaceholder
	b, err := json.MarshalIndent(&c, "", "  ")
	if err != nil {
		return nil, err
	}
	b = append(b, '\n')
	sum := sha256.Sum256(b)
	i := bytes.Index(b, []byte(checksumPlaceholder))
	copy(b[i:], "sha256:"+hex.EncodeToString(sum[:]))
	return b, nil
}

// verifyChecksum checks the file b against the checksum it records
// (decoded as want); a file without one (written before checksums) passes.
func verifyChecksum(b []byte, want string) error {
	if want == "" {
		return nil
	}
	field := []byte(`"checksum": "` + want + `"`)
	i := bytes.Index(b, field)
	if len(want) != len(checksumPlaceholder) || i < 0 {
		return errors.New(`its "checksum" is malformed`)
	}
	c := bytes.Clone(b)
	copy(c[i+len(`"checksum": "`):], checksumPlaceholder)
	sum := sha256.Sum256(c)
	if got := "sha256:" + hex.EncodeToString(sum[:]); got != want {
		return fmt.Errorf("its content does not match its checksum (%s recorded, %s now): it was changed or damaged after it was written", Abbrev(want), Abbrev(got))
	}
	return nil
}

// Abbrev abbreviates a "sha256:..." checksum or fingerprint for messages
// (its first 12 hex digits).
func Abbrev(fp string) string {
	if len(fp) > len("sha256:")+12 {
		return fp[:len("sha256:")+12]
	}
	return fp
}

// CorruptError reports a checkpoint that cannot be trusted: unreadable,
// cut off, failing its checksum, or trained on other data than the run's
// now. The run must start again (a restart, which discards it).
type CorruptError struct {
	// Path is the checkpoint file.
	Path string
	// Reason says what is wrong.
	Reason string
}

// CorruptRemedy ends a CorruptError's message: what to do, in words that
// name no flag (the CLI names its own).
const CorruptRemedy = "it is refused: start the run again, which discards it"

// Error names the file, the problem and the way out.
func (e *CorruptError) Error() string {
	return fmt.Sprintf("checkpoint %s: %s; %s", e.Path, e.Reason, CorruptRemedy)
}

// ResultBytes returns result.json's content from a result's compact JSON,
// as results.WriteJSONAtomic writes a Result: indented, with a final
// newline. The run writes result.json through it from the same bytes the
// complete checkpoint keeps, so a rebuilt result.json is identical.
func ResultBytes(compact json.RawMessage) ([]byte, error) {
	var c, out bytes.Buffer
	if err := json.Compact(&c, compact); err != nil {
		return nil, err
	}
	if err := json.Indent(&out, c.Bytes(), "", "  "); err != nil {
		return nil, err
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}
