#!/usr/bin/env bash
# Generation time for each document beside its floor, libyaml's own event parse of the same file
# (`marfa-openapi parse-floor`), in every mode, several runs each (medians, release build); then,
# for the first document, the debug build time and peak memory of its output and, where
# `openapi-generator-cli` (PyPI) is installed, the same document through its swift6 generator.
#
# usage: bench-generator.sh DOCUMENT...
#   Documents that do not exist are skipped with a note. openapi/marfa.yaml is always added, and so is
#   every *.json / *.yaml / *.yml in $BENCH_DOCUMENTS (default: .build/bench-documents), where large
#   real-world documents fetched by hand can be kept outside the repository. When that folder holds no
#   large-api.json, Benchmarks/make-large-document.py writes one there first: a deterministic 3.2 MB
#   OpenAPI 3.0 document shaped like big public APIs (475 paths, 880 operations, 1,033 schemas).
# environment:
#   BENCH_RUNS=7            runs per measurement (the median is printed)
#   MARFA_OPENAPI=path      use this marfa-openapi binary instead of building one
#   BENCH_SCRATCH=path      scratch path for the release build (default: the package's .build)
#   BENCH_SKIP_OUTPUT_BUILD=1   skip building the generated output and the peer comparison
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
runs=${BENCH_RUNS:-7}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

documents=()
add_document() {
  local path=$1
  if [ ! -f "$path" ]; then echo "bench-generator: $path not found; skipped"; return; fi
  path=$(cd "$(dirname "$path")" && pwd)/$(basename "$path")
  for known in "${documents[@]+"${documents[@]}"}"; do [ "$known" = "$path" ] && return; done
  documents+=("$path")
}
for spec in "$@"; do add_document "$spec"; done
add_document "$root/openapi/marfa.yaml"
extra=${BENCH_DOCUMENTS:-$root/.build/bench-documents}
[ -f "$extra/large-api.json" ] || python3 "$root/Benchmarks/make-large-document.py" "$extra/large-api.json"
if [ -d "$extra" ]; then
  for spec in "$extra"/*.json "$extra"/*.yaml "$extra"/*.yml; do [ -f "$spec" ] && add_document "$spec"; done
fi

if [ -n "${MARFA_OPENAPI:-}" ]; then
  bin=$MARFA_OPENAPI
else
  scratch=()
  [ -n "${BENCH_SCRATCH:-}" ] && scratch=(--scratch-path "$BENCH_SCRATCH")
  swift build -c release --package-path "$root" "${scratch[@]+"${scratch[@]}"}" --product marfa-openapi >/dev/null
  bin=$(swift build -c release --package-path "$root" "${scratch[@]+"${scratch[@]}"}" --product marfa-openapi --show-bin-path)/marfa-openapi
fi

# One run of a command: prints "wall_seconds cpu_seconds peak_kb" (bash's own timer, in ms; CPU
# time is user + system, which other work on the machine disturbs less than wall time).
run_once() {
  local TIMEFORMAT='%3R %3U %3S' wall user system
  { time /usr/bin/time -f "%M" -o "$work/peak" "$@" >/dev/null 2>"$work/stderr"; } 2>"$work/times" ||
    { cat "$work/stderr" >&2; return 1; }
  read -r wall user system <"$work/times"
  awk -v w="$wall" -v u="$user" -v y="$system" -v m="$(tail -n 1 "$work/peak")" 'BEGIN{printf "%.3f %.3f %d\n", w, u + y, m}'
}

# Medians of wall and CPU seconds and the largest peak over $1 runs: prints "wall cpu peak_kb".
measure() {
  local count=$1; shift
  : >"$work/samples"
  for _ in $(seq "$count"); do run_once "$@" >>"$work/samples" || return 1; done
  awk '{w[NR]=$1; c[NR]=$2; if ($3 > m) m=$3}
    function median(a, n,   i, j, t) { for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
      return (n % 2) ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
    END{printf "%.4f %.3f %d\n", median(w, NR), median(c, NR), m}' "$work/samples"
}

modes=("types" "client" "server" "types client server")
for spec in "${documents[@]}"; do
  size=$(awk -v b="$(wc -c <"$spec")" 'BEGIN{printf "%.2f MB", b/1e6}')
  events=$("$bin" parse-floor "$spec")
  read -r floor_t floor_c floor_m < <(measure "$runs" "$bin" parse-floor "$spec")
  printf '\n%s (%s, %s), median of %d runs\n' "$(basename "$spec")" "$size" "$events" "$runs"
  printf '  %-34s %8s %8s %8s %8s %8s\n' "" "wall s" "× floor" "CPU s" "× floor" "peak MB"
  printf '  %-34s %8.3f %8s %8.3f %8s %8d\n' "floor: libyaml event parse" "$floor_t" "1.0" "$floor_c" "1.0" $((floor_m / 1024))
  for mode in "${modes[@]}"; do
    flags=()
    for m in $mode; do flags+=(--mode "$m"); done
    rm -rf "$work/out"
    read -r gen_t gen_c gen_m < <(measure "$runs" "$bin" generate "$spec" --output "$work/out" "${flags[@]}")
    ratio=$(awk -v g="$gen_t" -v f="$floor_t" 'BEGIN{printf "%.1f", g / f}')
    cpu_ratio=$(awk -v g="$gen_c" -v f="$floor_c" 'BEGIN{if (f > 0) printf "%.1f", g / f; else print "-"}')
    printf '  %-34s %8.3f %8s %8.3f %8s %8d\n' "generate ${mode// /+}" "$gen_t" "$ratio" "$gen_c" "$cpu_ratio" $((gen_m / 1024))
  done
done

[ "${BENCH_SKIP_OUTPUT_BUILD:-}" = 1 ] && exit 0
spec=${documents[0]}
rm -rf "$work/out"
"$bin" generate "$spec" --output "$work/out" --mode types --mode client --mode server >/dev/null 2>&1
read -r ours_t _ ours_m < <(measure "$runs" "$bin" generate "$spec" --output "$work/out" --mode types --mode client --mode server)
lines=$(cat "$work"/out/*.swift | wc -l)
mkdir -p "$work/pkg/Sources/Out" && cp "$work"/out/*.swift "$work/pkg/Sources/Out/"
cat > "$work/pkg/Package.swift" <<SWIFT
// swift-tools-version: 6.1
import PackageDescription
let package = Package(name: "Out", dependencies: [.package(path: "$root")],
    targets: [.target(name: "Out", dependencies: [.product(name: "MarfaOpenAPIRuntime", package: "$(basename "$root" | tr A-Z a-z)")])],
    swiftLanguageModes: [.v6])
SWIFT
swift build --package-path "$work/pkg" --target MarfaOpenAPIRuntime >/dev/null 2>&1
read -r build_t _ build_m < <(measure 1 swift build --package-path "$work/pkg" --target Out)

printf '\n%-44s %10s %12s\n' "marfa-openapi, $(basename "$spec")" "seconds" "peak MB"
printf '%-44s %10s %12d\n' "generate (types+client+server, median)" "$ours_t" $((ours_m / 1024))
printf '%-44s %10s %12d\n' "debug build of the output ($lines lines)" "$build_t" $((build_m / 1024))

if command -v openapi-generator-cli >/dev/null 2>&1; then
  if read -r peer_t _ peer_m < <(measure 1 openapi-generator-cli generate -g swift6 -i "$spec" -o "$work/peer"); then
    printf '%-44s %10s %12d\n' "openapi-generator-cli swift6 generate" "$peer_t" $((peer_m / 1024))
    awk -v a="$peer_t" -v b="$ours_t" 'BEGIN{printf "ratio: the peer takes %.1fx our generation time\n", a/b}'
  fi
else
  echo "openapi-generator-cli is not installed (pip install openapi-generator-cli); peer comparison skipped."
  echo "Recorded on this project's 2-core machine: swift-openapi-generator 7.5 s / 109 MB to generate,"
  echo "168 s / 4.1 GB to build its output; openapi-generator swift6 7.0 s / 353 MB (output does not compile)."
  awk -v b="$ours_t" -v c="$build_t" 'BEGIN{printf "ratios vs recorded swift-openapi-generator: generate %.0fx faster, build %.1fx faster\n", 7.5/b, 168/c}'
fi
