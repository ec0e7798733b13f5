# mgp — build, test, benchmark. The OpenBLAS backend (build tag "openblas")
# is switched on by itself when Debian's libopenblas-dev is installed.
GO      ?= go
OPENBLAS := $(shell if ls /usr/lib/*/libopenblas.so /usr/lib/libopenblas.so /usr/local/lib/libopenblas.so 2>/dev/null | grep -q .; then echo yes; fi)
TAGS    := $(if $(OPENBLAS),-tags openblas,)
BIN     := bin/mgp
LDFLAGS := -X main.gitVersion=$(shell git describe --always --dirty 2>/dev/null || echo unknown)
# DATA_DIR: where bench and the reproduce-* targets find the data sets.
# make DATA_DIR=dir (or DATA_DIR in the environment) > $MGP_DATA_DIR >
# ../shared/data when it exists > data.
DATA_DIR ?= $(or $(MGP_DATA_DIR),$(if $(wildcard ../shared/data),../shared/data,data))

.PHONY: build test test-gonum test-openblas test-purego test-race test-ci bench bench-compare bench-floor lint demo clean reproduce-table3 fuzz verify

build:
	$(GO) build $(TAGS) -ldflags "$(LDFLAGS)" -o $(BIN) ./cmd/mgp

# test: lint, then the whole suite on the pure-Go backend, autodiff with its
# assembly switched off (purego tag), and the suite again on OpenBLAS when it
# is installed (CI installs it, so CI tests both).
test: lint test-gonum test-purego test-race $(if $(OPENBLAS),test-openblas,)

test-gonum:
	$(GO) test -count=1 ./...

# test-openblas runs the suite on OpenBLAS with the kernel OpenBLAS picks
# for this CPU (or OPENBLAS_CORETYPE from the environment), or with
# CORETYPE=<name> (Haswell, Nehalem, Sandybridge, Prescott, ...) a given
# one: different kernels sum in different orders, and the tests must hold
# on every one (.ci/run runs two).
CORETYPE ?=
test-openblas:
	$(if $(CORETYPE),OPENBLAS_CORETYPE=$(CORETYPE) ,)$(GO) test -count=1 -tags openblas ./...

# test-purego: the autodiff packages with the portable Go fallback of every
# assembly kernel (internal/simd), as on non-amd64 machines.
test-purego:
	$(GO) test -count=1 -tags purego ./pkg/autodiff/...

# test-race: the tests that share one fitted model between goroutines, under
# the race detector (needs cgo: gcc).
test-race:
	$(GO) test -count=1 -race -run 'Concurrent' ./pkg/fit/ ./pkg/predict/

# bench: every go benchmark on both backends, then (when the UCI data is in
# DATA_DIR) the sweep cost model: one short timing of every (model, data
# set) pair of Table 3, kept in results/bench/costs.json for
# `mgp sweep --dry-run` (about 5 minutes).
bench: build bench-floor
	$(GO) test -run '^$$' -bench . -benchmem ./...
	$(if $(OPENBLAS),$(GO) test -tags openblas -run '^$$' -bench . -benchmem ./...,@echo "libopenblas-dev not installed: OpenBLAS benchmarks skipped")
	@if [ -d "$(DATA_DIR)/uci" ]; then \
		./$(BIN) sweep -c configs/sweeps/table3.yaml --data-dir $(DATA_DIR) --dry-run --measure-all \
			--costs results/bench/none --save-costs results/bench/costs.json; \
	else echo "no UCI data in $(DATA_DIR): cost model not refreshed (make bench DATA_DIR=...)"; fi

# bench-compare: the wall time of `mgp compare` (default models, 5 splits,
# --jobs 2) on the small CSVs of results/compare, with each candidate's
# mean test NLL and coverage and the choice, into
# results/bench/<date>-<commit>-compare.md (scripts/bench/compare.sh; the
# four public CSVs are read from OWNDATA, default ../owndata).
bench-compare: build
	BIN=$(BIN) scripts/bench/compare.sh

# bench-floor: the floor table of every model step at the shapes of
# pkg/models' step benchmarks (TestFloorTable, internal/flops), on each
# backend: GFLOP per step counted from the BLAS calls it makes, its time and
# rate, the rate of a DGEMM of its dominant shape timed in the same process,
# and step time / floor time, the time inside and outside BLAS and the
# rate of the BLAS calls alone; then per step its FLOOR_SHAPES level-3
# shapes that took the most BLAS time; 2-3 minutes per backend. It writes
# $(FLOOR_DIR)/<date>-<commit>-floor-<backend>.md (bin/ unless
# FLOOR_DIR=results/bench is given) and prints it. FLOOR_TIME is the least
# time spent timing each step and each DGEMM.
FLOOR_DIR  ?= bin
FLOOR_TIME ?= 2s
FLOOR_SHAPES ?= 6
FLOOR_STEM := $(FLOOR_DIR)/$(shell date -u +%Y-%m-%d)-$(shell git describe --always --dirty 2>/dev/null || echo unknown)-floor
FLOOR_NOTE := Command: make bench-floor; commit $(shell git describe --always --dirty 2>/dev/null || echo unknown); $(shell nproc 2>/dev/null || echo ?) cores.
bench-floor:
	@mkdir -p $(FLOOR_DIR)
	$(GO) test -count=1 -timeout 0 -run '^TestFloorTable$$' ./pkg/models -floor=$(abspath $(FLOOR_STEM))-gonum.md -floor.time $(FLOOR_TIME) -floor.shapes $(FLOOR_SHAPES) -floor.note "$(FLOOR_NOTE)"
	@cat $(FLOOR_STEM)-gonum.md
	$(if $(OPENBLAS),$(GO) test -tags openblas -count=1 -timeout 0 -run '^TestFloorTable$$' ./pkg/models -floor=$(abspath $(FLOOR_STEM))-openblas.md -floor.time $(FLOOR_TIME) -floor.shapes $(FLOOR_SHAPES) -floor.note "$(FLOOR_NOTE)",@echo "libopenblas-dev not installed: OpenBLAS floor table skipped")
	$(if $(OPENBLAS),@cat $(FLOOR_STEM)-openblas.md,)

lint:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...

# demo: SGP, SHGP, SMGP, SLGP and SVHGP on the three
# generated toy cases (no data files), about 2 minutes on 2 cores; prints the
# test-NLL table and writes per-model PNGs and the paper's Figs. 2 and 3
# (runs/demo/figure2.png, figure3.png). `bin/mgp demo --paper --paper-figures`
# trains for the paper's 10000 iterations.
demo: build
	./$(BIN) demo --paper-figures

# fuzz: run every fuzz target for FUZZTIME each (make test runs them on their
# seed corpora only, in seconds).
FUZZTIME ?= 10m
fuzz:
	$(GO) test ./pkg/data -run '^$$' -fuzz '^FuzzLoadCSV$$' -fuzztime $(FUZZTIME) -timeout 0
	$(GO) test ./pkg/data -run '^$$' -fuzz '^FuzzLoadUCI$$' -fuzztime $(FUZZTIME) -timeout 0
	$(GO) test ./cmd/mgp -run '^$$' -fuzz '^FuzzLoadConfig$$' -fuzztime $(FUZZTIME) -timeout 0
	$(GO) test ./pkg/train -run '^$$' -fuzz '^FuzzLoadCheckpoint$$' -fuzztime $(FUZZTIME) -timeout 0
	$(GO) test ./pkg/compare -run '^$$' -fuzz '^FuzzReadTable$$' -fuzztime $(FUZZTIME) -timeout 0
	$(GO) test ./pkg/predict -run '^$$' -fuzz '^FuzzReadCSV$$' -fuzztime $(FUZZTIME) -timeout 0
	$(GO) test ./pkg/fit -run '^$$' -fuzz '^FuzzFit$$' -fuzztime $(FUZZTIME) -timeout 0

# reproduce-table3: the paper's Table 3 through mgp sweep (resumable: run it
# again after an interruption and it continues). QUICK=1 runs the reduced
# protocol of configs/sweeps/table3-quick.yaml (about an hour on 2 cores).
# Both end by writing, from the tree the sweep ran, the headline table its
# sweep file declares (results/table3.md, results/table3.csv), the rest
# (results/table3-detail.md) and the paper's claims about SLGP beside ours
# (results/table3-claims.md).
JOBS     ?= $(shell nproc 2>/dev/null || echo 1)
T3       := $(if $(QUICK),table3-quick,table3)
# The full table's detail file also lists the reduced protocol's rows when
# that tree exists (its header names every tree read; the headline comes
# from the sweep's own tree only).
T3_EXTRA := $(if $(QUICK),,$(wildcard results/table3-quick/runs))

reproduce-table3: build
	./$(BIN) sweep -c configs/sweeps/$(T3).yaml --data-dir $(DATA_DIR) --jobs $(JOBS)
	./$(BIN) table --sweep configs/sweeps/$(T3).yaml --markdown-out results/table3.md \
		--detail-out results/table3-detail.md --csv-out results/table3.csv \
		--claims-out results/table3-claims.md $(T3_EXTRA)

# reproduce-mnist: the paper's Table 4 and Fig. 9 (models.md §9.4: SLGP and
# CVAE at d_w = 2 and 16, generating mnist digits from their label) through
# mgp sweep (resumable: run it again after an interruption and it
# continues), then, from the sweep's tree, results/table4.md and
# results/table4.csv beside the paper's values and results/figures/figure9.png
# (8 y-samples per label from the paper's four headline runs: the d_w = 2
# and 16 variants, not mnist-short's noise-per-pixel ones). The full protocol
# (configs/sweeps/mnist.yaml, 50,000 iterations) is 4.5-6 hours per SLGP run
# and 3-5 per CVAE run on one core here; QUICK=1 runs
# configs/sweeps/mnist-short.yaml (2,000 iterations, under an hour per run)
# and writes results/table4-short.md/.csv and results/figures/figure9-short.png.
.PHONY: reproduce-mnist
MNIST := $(if $(QUICK),mnist-short,mnist)
TABLE4 := $(if $(QUICK),results/table4-short,results/table4)
FIG9   := results/figures/$(if $(QUICK),figure9-short,figure9).png

reproduce-mnist: build
	./$(BIN) sweep -c configs/sweeps/$(MNIST).yaml --data-dir $(DATA_DIR) --jobs $(JOBS)
	./$(BIN) table --sweep configs/sweeps/$(MNIST).yaml --markdown-out $(TABLE4).md --csv-out $(TABLE4).csv
	./$(BIN) figure9 --sweep configs/sweeps/$(MNIST).yaml --variants dw2,dw16 -o $(FIG9)

# reproduce-ablations: the paper's Figs. 4-6 (test NLL against iteration, the
# mean over seeds with a min/max band, one panel per data set) through mgp
# sweep (resumable: run it again after an interruption and it continues),
# then the PNGs with mgp ablation: results/figures/figure4.png (SMGP, T),
# figure5.png (SLGP, d_w), figure6.png (SLGP, bound), and Figs. 5 and 6 under
# the recommended SLGP setting on wine-red (figure5-recommended.png,
# figure6-recommended.png; figure5-recommended-zoom.png clips its NLL axis at
# 1.6, where the d_w = 4 runs that overfit late would flatten the others).
# QUICK=1 runs the -quick sweep files (2000 iterations, seeds 0-1, about an
# hour on 2 cores) into results/ablations-quick/runs and draws into
# results/figures/quick/.
.PHONY: reproduce-ablations
ABL_SUFFIX := $(if $(QUICK),-quick,)
ABL_FIGS   := results/figures$(if $(QUICK),/quick,)
ABL_SWEEPS := figure4 figure5 figure6 figure5-recommended figure6-recommended
ABL_T      := T = 2,T = 4,T = 6
ABL_DW     := d_w = 1,d_w = 2,d_w = 4,d_w = 8
ABL_BOUND  := VI,IWVI,hybrid

reproduce-ablations: build
	@set -e; for f in $(ABL_SWEEPS); do \
		echo "./$(BIN) sweep -c configs/sweeps/$$f$(ABL_SUFFIX).yaml --data-dir $(DATA_DIR) --jobs $(JOBS)"; \
		./$(BIN) sweep -c configs/sweeps/$$f$(ABL_SUFFIX).yaml --data-dir $(DATA_DIR) --jobs $(JOBS); \
	done
	./$(BIN) ablation --sweep configs/sweeps/figure4$(ABL_SUFFIX).yaml --labels "$(ABL_T)" -o $(ABL_FIGS)/figure4.png
	./$(BIN) ablation --sweep configs/sweeps/figure5$(ABL_SUFFIX).yaml --labels "$(ABL_DW)" -o $(ABL_FIGS)/figure5.png
	./$(BIN) ablation --sweep configs/sweeps/figure6$(ABL_SUFFIX).yaml --labels "$(ABL_BOUND)" -o $(ABL_FIGS)/figure6.png
	./$(BIN) ablation --sweep configs/sweeps/figure5-recommended$(ABL_SUFFIX).yaml --labels "$(ABL_DW)" -o $(ABL_FIGS)/figure5-recommended.png
	./$(BIN) ablation --sweep configs/sweeps/figure5-recommended$(ABL_SUFFIX).yaml --labels "$(ABL_DW)" --ymax 1.6 -o $(ABL_FIGS)/figure5-recommended-zoom.png
	./$(BIN) ablation --sweep configs/sweeps/figure6-recommended$(ABL_SUFFIX).yaml --labels "$(ABL_BOUND)" -o $(ABL_FIGS)/figure6-recommended.png
	@echo "wrote figure4.png, figure5.png, figure6.png, figure5-recommended.png and figure6-recommended.png in $(ABL_FIGS)"

# verify: re-train committed runs with today's binary and compare their
# numbers (mgp verify; docs/reproduce.md#re-deriving-committed-runs-mgp-verify),
# resumably, in the scratch tree VERIFY_OUT (default bin/verify; never
# inside results/), writing $(VERIFY_OUT)/verify.md and verify.json.
# VERIFY_RUNS names the runs (result.json files, run directories or trees;
# default: Table 3's runs on boston and concrete) and VERIFY_FLAGS adds
# mgp verify's options (default: the headline rows, one run per cell, the
# oldest binary first); e.g.
#   make verify VERIFY_RUNS=results/nytaxi/runs VERIFY_FLAGS="--per-cell 1 --budget 2h --dry-run"
.PHONY: verify
VERIFY_OUT   ?= bin/verify
VERIFY_RUNS  ?= results/table3/runs/boston results/table3/runs/concrete
VERIFY_FLAGS ?= --headline configs/sweeps/table3.yaml --per-cell 1
VERIFY_JOBS  ?= 1

verify: build
	./$(BIN) verify $(VERIFY_RUNS) $(VERIFY_FLAGS) --out $(VERIFY_OUT) --data-dir $(DATA_DIR) --jobs $(VERIFY_JOBS)

clean:
	rm -rf bin

# reproduce-nytaxi: the paper's nytaxi experiment (models.md §9.3, Figs. 7
# and 8) through mgp sweep (resumable), then Fig. 7 (violins of the per-run
# test NLL of the ten models) and Fig. 8 (maps of the test points at pickup
# coloured by the predictive density of the duration, SGP, SHGP, SMGP and
# SLGP, the lowest seed whose four runs can all be drawn) into
# results/figures/figure7.png and
# figure8.png. The full protocol (configs/sweeps/nytaxi.yaml) needs the
# Kaggle train.csv at $(DATA_DIR)/nytaxi/train.csv (plain or gzip, its
# data.path). QUICK=1 runs configs/sweeps/nytaxi-sample.yaml on the
# shipped 5 % sample (2000 iterations, seeds 0-9; about 23 single-core
# hours). Fig. 8 evaluates its four runs again from their checkpoints (the
# densities per point) or, where a checkpoint is gone, reads the points kept
# in the run's figure8-points.csv.
.PHONY: reproduce-nytaxi
NYT_SWEEP := configs/sweeps/nytaxi$(if $(QUICK),-sample,).yaml

reproduce-nytaxi: build
	./$(BIN) sweep -c $(NYT_SWEEP) --data-dir $(DATA_DIR) --jobs $(JOBS)
	./$(BIN) figure7 --sweep $(NYT_SWEEP) -o results/figures/figure7.png
	./$(BIN) figure8 --sweep $(NYT_SWEEP) --data-dir $(DATA_DIR) -o results/figures/figure8.png
