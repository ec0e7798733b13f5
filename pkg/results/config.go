package results

// ConfigString returns the string at a nested key path of the run's decoded
// config (e.g. "model", "prior"), and whether there is one.
func (r *Result) ConfigString(keys ...string) (string, bool) {
	var v any = r.Config
	for _, k := range keys {
		m, ok := v.(map[string]any)
		if !ok {
			return "", false
		}
		v = m[k]
	}
	s, ok := v.(string)
	return s, ok
}
