package sweep

import (
	"errors"
	"strings"
	"testing"
)

// TestRestrictErrorNamesTheSelection checks that a refused selection is a
// *RestrictError whose message begins with what was selected.
func TestRestrictErrorNamesTheSelection(t *testing.T) {
	for what, f := range map[string]func(*Spec) error{
		"models":   func(s *Spec) error { return s.Restrict([]string{"mdn"}, nil, "") },
		"datasets": func(s *Spec) error { return s.Restrict(nil, []string{"power"}, "") },
		"seeds":    func(s *Spec) error { return s.Restrict(nil, nil, "1.5") },
		"variants": func(s *Spec) error { return s.RestrictVariants([]string{"nope"}) },
	} {
		s, err := ReadSpec(writeSpec(t, specGrid))
		if err != nil {
			t.Fatal(err)
		}
		var re *RestrictError
		if err := f(s); !errors.As(err, &re) || re.What != what || !strings.HasPrefix(re.Msg, what) {
			t.Errorf("%s: %v", what, err)
		}
	}
}
