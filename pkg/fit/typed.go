package fit

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/inputerr"
)

// ModelOptions are one model's keys as a typed struct (SGP, SHGP, ...), for
// NewWith: each field sets the model-section key of its `key` tag, the
// same key a config file's model section takes, and goes through the same
// decoding and validation (runconfig.NewModelConfig, ModelConfig.Validate).
// A field left zero takes the model's default (a bool whose default is
// true is spelt as its negation, NoWhiten, NoARD); to set a key to 0 where
// its default is not 0, use the map form, Options.Model.
type ModelOptions interface {
	// ModelName is the model's registry name.
	ModelName() string
}

// SGP are the keys of model sgp (configs/README.md, section model, says
// what every model's keys mean).
type SGP struct {
	M         int     `key:"m"`          // inducing points (default 100)
	NoWhiten  bool    `key:"whiten,not"` // an unwhitened q(u)
	NoARD     bool    `key:"ard,not"`    // one lengthscale for all inputs
	NoiseInit float64 `key:"noise_init"` // initial noise variance (default 1)
	Kernel    string  `key:"kernel"`     // se (default), matern12, matern32, matern52
}

// HeteroKeys are the keys SHGP and SVHGP share.
type HeteroKeys struct {
	M          int     `key:"m"`          // inducing points of the f-layer (default 100)
	MW         int     `key:"m_w"`        // inducing points of the w/g-layer (default: M)
	NoWhiten   bool    `key:"whiten,not"` // an unwhitened q(u)
	NoARD      bool    `key:"ard,not"`    // one lengthscale for all inputs
	CInit      float64 `key:"c_init"`     // SHGP's noise constant c (default 1)
	Mu0Init    float64 `key:"mu0_init"`   // prior mean of w/g (default 0)
	Quadrature int     `key:"quadrature"` // Gauss-Hermite nodes (default 20)
	Kernel     string  `key:"kernel"`     // the f-GP's kernel (default se)
	KernelW    string  `key:"kernel_w"`   // the modulating GP's kernel (default: Kernel)
	// Init is SHGP's start: "" (the prior) or "residuals" (a fit to the
	// data first, what Fit's small-data path sets when it is empty). SVHGP
	// refuses it.
	Init string `key:"init"`
}

// SHGP are the keys of model shgp.
type SHGP HeteroKeys

// SVHGP are the keys of model svhgp.
type SVHGP HeteroKeys

// MixtureKeys are the keys of DAGP (and, with Bound and SW, of SMGP).
type MixtureKeys struct {
	M           int     `key:"m"`            // inducing points per GP (default 100)
	T           int     `key:"t"`            // mixture components (default 4)
	S           int     `key:"s"`            // Monte Carlo samples (default 10)
	Lambda      float64 `key:"lambda"`       // Concrete temperature (default 0.01)
	NoWhiten    bool    `key:"whiten,not"`   // an unwhitened q(u)
	NoARD       bool    `key:"ard,not"`      // one lengthscale for all inputs
	NoiseInit   float64 `key:"noise_init"`   // initial noise variance (default 1)
	HardPredict bool    `key:"hard_predict"` // predict with hard assignments
	Kernel      string  `key:"kernel"`       // the components' kernel (default se)
	KernelA     string  `key:"kernel_a"`     // the assignment GPs' kernel (default: Kernel)
}

// SMGP are the keys of model smgp.
type SMGP struct {
	M           int     `key:"m"`            // inducing points per GP (default 100)
	T           int     `key:"t"`            // mixture components (default 4)
	S           int     `key:"s"`            // Monte Carlo samples (default 10)
	Lambda      float64 `key:"lambda"`       // Concrete temperature (default 0.01)
	NoWhiten    bool    `key:"whiten,not"`   // an unwhitened q(u)
	NoARD       bool    `key:"ard,not"`      // one lengthscale for all inputs
	NoiseInit   float64 `key:"noise_init"`   // initial noise variance (default 1)
	HardPredict bool    `key:"hard_predict"` // predict with hard assignments
	Bound       string  `key:"bound"`        // joint (default) or another bound of models.md
	SW          int     `key:"s_w"`          // samples of the assignments (default: S)
	Kernel      string  `key:"kernel"`       // the components' kernel (default se)
	KernelA     string  `key:"kernel_a"`     // the assignment GPs' kernel (default: Kernel)
}

// DAGP are the keys of model dagp.
type DAGP MixtureKeys

// SLGP are the keys of model slgp. The defaults named are the paper's;
// with every training option zero the fields left zero take mgp compare's
// values instead (Options: the recommended prior normal, beta 0.5,
// noise_init 0.01, and on rows that fit in one batch hidden [50, 50] and
// 5 samples).
type SLGP struct {
	M               int     `key:"m"`                // inducing points (default 100)
	DW              int     `key:"d_w"`              // latent dimensions (default 1)
	DH              int     `key:"d_h"`              // encoder output (default 0: d_x + d_w)
	S               int     `key:"s"`                // Monte Carlo samples (default 10)
	Beta            float64 `key:"beta"`             // KL weight (default 0.01)
	Bound           string  `key:"bound"`            // hybrid (default) or another bound
	Prior           string  `key:"prior"`            // mlp (default) or another prior
	Nu0Init         float64 `key:"nu0_init"`         // initial prior variance (default 0.01)
	Hidden          []int   `key:"hidden"`           // hidden widths (default 100, 100, 100)
	Inducing        string  `key:"inducing"`         // inducing design (default direct)
	NoWhiten        bool    `key:"whiten,not"`       // an unwhitened q(u)
	NoARD           bool    `key:"ard,not"`          // one lengthscale for all inputs
	NoiseInit       float64 `key:"noise_init"`       // initial noise variance (default 1)
	BetaWarmup      int     `key:"beta_warmup"`      // iterations of KL warm-up (default 0)
	LeakySlope      float64 `key:"leaky_slope"`      // leaky ReLU slope (default 0)
	EncoderResidual bool    `key:"encoder_residual"` // a residual encoder
	FixNu0          bool    `key:"fix_nu0"`          // keep the prior variance fixed
	NoisePerOutput  bool    `key:"noise_per_output"` // one noise variance per output
	Kernel          string  `key:"kernel"`           // the GP's kernel (default se)
}

// GPCDE are the keys of model gpcde.
type GPCDE struct {
	M          int     `key:"m"`           // inducing points (default 100)
	DW         int     `key:"d_w"`         // latent dimensions (default 1)
	S          int     `key:"s"`           // Monte Carlo samples (default 10)
	Prior      string  `key:"prior"`       // mlp (default) or another prior
	Hidden     []int   `key:"hidden"`      // hidden widths (default 100, 100, 100)
	NoWhiten   bool    `key:"whiten,not"`  // an unwhitened q(u)
	NoARD      bool    `key:"ard,not"`     // one lengthscale for all inputs
	NoiseInit  float64 `key:"noise_init"`  // initial noise variance (default 1)
	LeakySlope float64 `key:"leaky_slope"` // leaky ReLU slope (default 0)
	Kernel     string  `key:"kernel"`      // the GP's kernel (default se)
}

// HNN are the keys of model hnn.
type HNN struct {
	Hidden []int `key:"hidden"` // hidden widths (default 100, 100, 100)
}

// MDN are the keys of model mdn.
type MDN struct {
	Hidden []int `key:"hidden"` // hidden widths (default 100, 100, 100)
	T      int   `key:"t"`      // mixture components (default 4)
}

// CVAE are the keys of model cvae.
type CVAE struct {
	Hidden    []int   `key:"hidden"`     // hidden widths (default 100, 100, 100)
	DW        int     `key:"d_w"`        // latent dimensions (default 1)
	S         int     `key:"s"`          // Monte Carlo samples (default 10)
	Decoder   string  `key:"decoder"`    // heteroscedastic (default) or another decoder
	NoiseInit float64 `key:"noise_init"` // initial noise variance (default 1)
}

// ModelName is "sgp".
func (SGP) ModelName() string { return "sgp" }

// ModelName is "shgp".
func (SHGP) ModelName() string { return "shgp" }

// ModelName is "svhgp".
func (SVHGP) ModelName() string { return "svhgp" }

// ModelName is "smgp".
func (SMGP) ModelName() string { return "smgp" }

// ModelName is "dagp".
func (DAGP) ModelName() string { return "dagp" }

// ModelName is "slgp".
func (SLGP) ModelName() string { return "slgp" }

// ModelName is "gpcde".
func (GPCDE) ModelName() string { return "gpcde" }

// ModelName is "hnn".
func (HNN) ModelName() string { return "hnn" }

// ModelName is "mdn".
func (MDN) ModelName() string { return "mdn" }

// ModelName is "cvae".
func (CVAE) ModelName() string { return "cvae" }

// typedModels holds one zero ModelOptions per model, for the tests that
// keep them and the registry's keys in step.
var typedModels = []ModelOptions{SGP{}, SHGP{}, SVHGP{}, SMGP{}, DAGP{}, SLGP{}, GPCDE{}, HNN{}, MDN{}, CVAE{}}

// Keys returns mo's non-zero fields as model-section keys (the map form
// of Options.Model); a nil mo gives none.
func Keys(mo ModelOptions) map[string]any {
	out := map[string]any{}
	if mo != nil {
		addKeys(reflect.ValueOf(mo), out)
	}
	return out
}

// addKeys adds v's tagged non-zero fields (and those of its embedded
// structs) to out.
func addKeys(v reflect.Value, out map[string]any) {
	for i := range v.NumField() {
		f, fv := v.Type().Field(i), v.Field(i)
		if f.Anonymous && fv.Kind() == reflect.Struct {
			addKeys(fv, out)
			continue
		}
		key, flag, _ := strings.Cut(f.Tag.Get("key"), ",")
		if key == "" || fv.IsZero() {
			continue
		}
		if flag == "not" {
			out[key] = !fv.Bool()
			continue
		}
		out[key] = fv.Interface()
	}
}

// NewWith is New with typed model options: the model mo names, its keys
// from mo's fields. o.Model, if set, adds keys mo has no field for or
// overrides them (a key set in both must agree, else a *inputerr.Error wrapping a
// *config.KeyError).
func NewWith(mo ModelOptions, o Options) (*Model, error) {
	if mo == nil {
		return nil, &inputerr.Error{Err: config.Errorf("model.name", "fit.NewWith: no model options: pass a model's, e.g. fit.SHGP{M: 50}")}
	}
	keys := Keys(mo)
	for k, v := range o.Model {
		if w, ok := keys[k]; ok && fmt.Sprint(w) != fmt.Sprint(v) {
			return nil, &inputerr.Error{Err: config.Errorf("model."+k, "model.%s is %v in Options.Model and %v in %T: set it in one place", k, v, w, mo)}
		}
		keys[k] = v
	}
	o.Model = keys
	return New(mo.ModelName(), o)
}
