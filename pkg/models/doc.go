// Package models holds mgp's models, one file each, built from the GP blocks
// of package gp, the MLPs of package nn and the tape ops of autodiff, and
// registered by name. The mathematics of every model is models.md (the
// shared specification); comments cite its sections.
//
// A model sees plain matrices: standardised training inputs X (n x d_x) and
// targets Y (n x d_y). It never imports the data, evaluation or training
// packages.
package models
