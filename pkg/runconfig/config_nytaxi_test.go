package runconfig

import (
	"errors"
	"testing"

	"github.com/mgpteam/mgp/pkg/config"
	"go.yaml.in/yaml/v3"
)

// TestNYTaxiConfigKeys: the nytaxi keys decode and bad values are refused
// with the key named.
func TestNYTaxiConfigKeys(t *testing.T) {
	decode := func(src string) error {
		var doc yaml.Node
		if err := yaml.Unmarshal([]byte(src), &doc); err != nil {
			t.Fatal(err)
		}
		_, err := DecodeRunConfig(&doc, nil)
		return err
	}
	if err := decode("model: {name: sgp}\ndata: {name: nytaxi, weekday_period: 7, path: /x/train.csv}\n"); err != nil {
		t.Fatal(err)
	}
	for src, key := range map[string]string{
		"model: {name: sgp}\ndata: {name: nytaxi, weekday_period: 5}\n": "data.weekday_period",
		"model: {name: sgp}\ndata: {name: nytaxi, split: fixed}\n":      "data.split",
		"model: {name: sgp}\ndata: {name: nytaxi, stats: train}\n":      "data.stats",
		"model: {name: sgp}\ndata: {name: boston, weekday_period: 7}\n": "data.weekday_period",
	} {
		err := decode(src)
		var ke *config.KeyError
		if !errors.As(err, &ke) || ke.Key != key {
			t.Errorf("%q: error %v, want a KeyError for %s", src, err, key)
		}
	}
}
