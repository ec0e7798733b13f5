package runconfig

// Map renders cfg as a generic map, as result.json records it: the
// model section as ModelConfig.Map, the other sections as they are.
func (cfg RunConfig) Map() map[string]any {
	return map[string]any{
		"model": cfg.Model.Map(),
		"data":  cfg.Data,
		"train": cfg.Train,
		"eval":  cfg.Eval,
	}
}
