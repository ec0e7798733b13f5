package sweep

import (
	"fmt"
	"io"
	"strconv"

	"github.com/mgpteam/mgp/pkg/results"
	"go.yaml.in/yaml/v3"
)

// WriteSpec checks s, a sweep built in code, as ReadSpec checks a file,
// writes it to path (atomically: the comment head, each line starting with
// "# ", then the sweep as YAML, which ReadSpec reads back to the same
// runs) and makes path its file (Path, and where the runs' seeds say they
// come from).
func WriteSpec(path, head string, s *Spec) error {
	if err := s.check(); err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	b, err := yaml.Marshal(s)
	if err != nil {
		return err
	}
	if err := results.WriteFileAtomic(path, func(w io.Writer) error {
		if _, err := io.WriteString(w, head); err != nil {
			return err
		}
		_, err := w.Write(b)
		return err
	}); err != nil {
		return err
	}
	s.path = path
	return nil
}

// MarshalYAML writes the seeds as ReadSpec reads them: a range "a-b" when
// they run from a up to b in steps of one (two or more), else a list on
// one line.
func (s Seeds) MarshalYAML() (any, error) {
	consecutive := len(s) > 1
	for i := 1; i < len(s) && consecutive; i++ {
		consecutive = s[i] == s[i-1]+1
	}
	if consecutive {
		return fmt.Sprintf("%d-%d", s[0], s[len(s)-1]), nil
	}
	n := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Style: yaml.FlowStyle}
	for _, v := range s {
		n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.FormatUint(v, 10)})
	}
	return n, nil
}

// MarshalYAML writes the overrides as a set: map, key: value in their
// order.
func (o Overrides) MarshalYAML() (any, error) {
	n := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
	for _, x := range o {
		n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: x.Key}, x.Value)
	}
	return n, nil
}
