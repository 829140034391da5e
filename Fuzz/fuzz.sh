#!/usr/bin/env bash
# Builds the libFuzzer targets (Fuzz/, see Package.swift) with AddressSanitizer and libFuzzer's
# coverage into .build-fuzz, and runs each for the seconds given (60 by default) from its corpus in
# Fuzz/Corpus/<target>. Prints each target's executions, executions per second, coverage (edges
# `cov`, features `ft`) and corpus size; a crash leaves its input in .build-fuzz/fuzz-artifacts/<target>
# and makes the script fail once every target has run.
#   Fuzz/fuzz.sh [SECONDS]      FUZZ_TARGETS="CopySearch YAMLDocuments" to run some only
# New inputs a run finds stay in .build-fuzz/fuzz-corpus/<target>, so later runs start from them.
set -uo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-60}
scratch=${FUZZ_SCRATCH:-.build-fuzz}
read -ra targets <<< "${FUZZ_TARGETS:-YAMLDocuments OpenAPIModel EventStreams CurlResponseHead URIFormMultipart GeneratedServer LocalOAuthForms CopySearch StrictJSON}"

toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v swiftc)")")")
runtime=$(find "$toolchain/lib/clang" -name "libclang_rt.fuzzer_no_main-$(uname -m).a" 2>/dev/null | head -1)
if [ -z "$runtime" ]; then echo "fuzz: no libclang_rt.fuzzer_no_main in $toolchain/lib/clang; this toolchain has no libFuzzer" >&2; exit 1; fi
# The manifest adds the fuzz targets only when this names libFuzzer's driver library.
export MARFA_FUZZER_RUNTIME=$runtime
# Swift's runtime keeps caches LeakSanitizer takes for leaks (the ASan-built generator fails at
# exit with them); leaks are not what these targets look for.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
# libFuzzer, not Swift's backtracer, handles a crash, so the input is saved.
export SWIFT_BACKTRACE=enable=no
flags=(--scratch-path "$scratch" -Xswiftc -sanitize=address -Xswiftc -Xfrontend -Xswiftc -sanitize=fuzzer)

started=$(date +%s)
mkdir -p "$scratch/fuzz-logs"
for target in "${targets[@]}"; do
  echo "fuzz: building Fuzz$target"
  if ! swift build "${flags[@]}" --product "Fuzz$target" > "$scratch/fuzz-logs/build.log" 2>&1; then
    grep -v "Cannot export local symbol" "$scratch/fuzz-logs/build.log" | tail -40
    echo "fuzz: building Fuzz$target failed" >&2
    exit 1
  fi
done
echo "fuzz: built in $(( $(date +%s) - started )) s"
bin=$(swift build "${flags[@]}" --show-bin-path)

failed=()
summary=()
for target in "${targets[@]}"; do
  work="$scratch/fuzz-corpus/$target" artifacts="$scratch/fuzz-artifacts/$target" log="$scratch/fuzz-logs/$target.log"
  mkdir -p "$work" "$artifacts" "$(dirname "$log")"
  echo "fuzz: running Fuzz$target for $seconds s"
  "$bin/Fuzz$target" -max_total_time="$seconds" -print_final_stats=1 -timeout=10 -rss_limit_mb=4096 \
    -artifact_prefix="$artifacts/" "$work" "Fuzz/Corpus/$target" > "$log" 2>&1
  status=$?
  runs=$(awk '/stat::number_of_executed_units/ {print $2}' "$log")
  speed=$(awk '/stat::average_exec_per_sec/ {print $2}' "$log")
  coverage=$(grep -E '^#[0-9]+.*cov: ' "$log" | tail -1 | sed -E 's/.*cov: ([0-9]+) ft: ([0-9]+) corp: ([^ ]+).*/cov \1, ft \2, corpus \3/')
  line=$(printf '%-18s %10s runs %7s/s  %s' "$target" "${runs:-?}" "${speed:-?}" "$coverage")
  if [ "$status" != 0 ]; then
    crash=$(grep -o "Test unit written to [^ ]*" "$log" | tail -1 | sed 's/Test unit written to //')
    line="$line  CRASH ${crash:-(see $log)}"
    failed+=("$target")
    grep -E "fuzz finding|Fatal error|ERROR: |SUMMARY" "$log" | head -5
  fi
  summary+=("$line")
done

echo
echo "fuzz: $seconds s per target"
printf '%s\n' "${summary[@]}"
if [ "${#failed[@]}" -gt 0 ]; then
  echo "fuzz: crashes in ${failed[*]}; inputs in $scratch/fuzz-artifacts, logs in $scratch/fuzz-logs" >&2
  exit 1
fi
