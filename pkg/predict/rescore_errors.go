package predict

import "fmt"

// NoTestSetError reports a run trained on every row (data.split: none): it
// has no test set to score.
type NoTestSetError struct {
	// Dir is the run directory.
	Dir string
}

// Error says why the run cannot be scored.
func (e *NoTestSetError) Error() string {
	return fmt.Sprintf("%s was trained on every row (data.split: none): it has no test set to score", e.Dir)
}

// LatentError reports a predictive that cannot be scored: a latent choice
// for a model without latent variables, an unknown one, or a held-out
// choice that failed (Err).
type LatentError struct {
	// Latent is the choice asked for (RescoreOptions.Latent).
	Latent string
	// Model is the model's name, when it has no latent variables.
	Model string
	// Unknown is set for a choice that is none of draws, mean, select.
	Unknown bool
	// Err is the cause of a failed held-out choice.
	Err error
}

// Error says what was asked and why it cannot be done.
func (e *LatentError) Error() string {
	switch {
	case e.Err != nil:
		return fmt.Sprintf("latent %s: %v", e.Latent, e.Err)
	case e.Unknown:
		return fmt.Sprintf("latent %q: give draws, mean or select", e.Latent)
	}
	return fmt.Sprintf("latent %s: %s has no latent variables to fix", e.Latent, e.Model)
}

// Unwrap returns the cause of a failed held-out choice.
func (e *LatentError) Unwrap() error { return e.Err }

// NonFiniteError reports a re-evaluation whose metrics are not finite.
type NonFiniteError struct {
	// Metrics names the metrics that are NaN or infinite.
	Metrics string
}

// Error names the metrics and the likely causes.
func (e *NonFiniteError) Error() string {
	return fmt.Sprintf("the re-evaluation gives a non-finite %s; nothing was written (a model whose predictions overflow, or too few samples for the KDE)", e.Metrics)
}
