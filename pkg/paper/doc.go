// Package paper reproduces the paper's figures and headline tables from
// trained runs: Figs. 2 and 3 from the toy demo's fits, the ablation
// panels of Figs. 4-6, Fig. 7's violins and Fig. 8's maps of nytaxi runs,
// Fig. 9's generated images of mnist runs, training traces, and the
// Tables 3 and 4 of a results tree. It reads a sweep's tree through
// pkg/rundir and draws with pkg/plot; mgp's commands parse their flags
// and call one function of it each.
package paper
