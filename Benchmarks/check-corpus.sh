#!/usr/bin/env bash
# Generates every document of Benchmarks/corpus/documents.tsv that is present (types, client and
# server) and builds the outputs in one scratch package, a target per document (smallest first,
# the runtime built once for all); then prints, per document, the generator's diagnostics (errors, warnings, notes),
# whether its output compiled, and the compiler's warnings in it. Not part of CI: the documents are
# public ones kept outside the project (Benchmarks/corpus/extract.sh puts them in place).
#
# environment:
#   CORPUS=/work/corpus          where the documents are (CORPUS/<name>/<path>)
#   CORPUS_LIST=path             the list of documents (default: Benchmarks/corpus/documents.tsv)
#   CORPUS_SCRATCH=path          the scratch package (default: the package's .build/corpus-check)
#   CORPUS_JOBS=N                build jobs (default: swift build's own)
#   CORPUS_BUILD_SECONDS=N       start no build after N seconds of building (default: no limit)
#   CORPUS_ONLY="a b"            only these documents
#   CORPUS_SKIP_BUILD=1          generate only
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
corpus=${CORPUS:-/work/corpus}
list=${CORPUS_LIST:-$root/Benchmarks/corpus/documents.tsv}
scratch=${CORPUS_SCRATCH:-$root/.build/corpus-check}
swift build --package-path "$root" --product marfa-openapi >/dev/null || exit 1
bin=$(swift build --package-path "$root" --product marfa-openapi --show-bin-path)/marfa-openapi
rm -rf "$scratch/Sources" && mkdir -p "$scratch/Sources" "$scratch/diagnostics"

targets=()
declare -A generated errors warnings notes bytes
while IFS=$'\t' read -r name repo commit path folder licence; do
  case "$name" in ''|'#'*) continue ;; esac
  if [ -n "${CORPUS_ONLY:-}" ] && [[ " $CORPUS_ONLY " != *" $name "* ]]; then continue; fi
  document="$corpus/$name/$path"
  if [ ! -f "$document" ]; then echo "check-corpus: $name: $document not found; skipped"; continue; fi
  target="Corpus_$(echo "$name" | tr -c 'A-Za-z0-9\n' '_')"
  mkdir -p "$scratch/Sources/$target"
  log="$scratch/diagnostics/$name.txt"
  # A document in several files reads its $refs anywhere in its folder (column 5), as its authors' tools do.
  allow=()
  [ "$folder" = - ] || allow=(--allow-folder "$corpus/$name/$folder")
  if "$bin" generate "$document" --output "$scratch/Sources/$target" --mode types --mode client --mode server \
    "${allow[@]+"${allow[@]}"}" 2>"$log"; then
    generated[$name]=yes
    targets+=("$name")
  else
    generated[$name]=no
    rm -rf "${scratch:?}/Sources/$target"
  fi
  errors[$name]=$(grep -c ': error: ' "$log")
  warnings[$name]=$(grep -c ': warning: ' "$log")
  notes[$name]=$(grep -c ': note: ' "$log")
  bytes[$name]=$(du -b "$document" | cut -f1)
  [ "$folder" = - ] || bytes[$name]=$(du -sb "$corpus/$name/$folder" | cut -f1)
  echo "check-corpus: $name: generated=${generated[$name]} errors=${errors[$name]} warnings=${warnings[$name]} notes=${notes[$name]}"
done < "$list"

target_list=""
for name in "${targets[@]+"${targets[@]}"}"; do
  target="Corpus_$(echo "$name" | tr -c 'A-Za-z0-9\n' '_')"
  target_list+="        .target(name: \"$target\", dependencies: [runtime]),"$'\n'
done
cat > "$scratch/Package.swift" <<SWIFT
// swift-tools-version: 6.1
import PackageDescription
let runtime: Target.Dependency = .product(name: "MarfaOpenAPIRuntime", package: "$(basename "$root" | tr A-Z a-z)")
let package = Package(
    name: "CorpusCheck", dependencies: [.package(path: "$root")],
    targets: [
$target_list    ],
    swiftLanguageModes: [.v6])
SWIFT

build_log="$scratch/build.txt"
: >"$build_log"
declare -A build_status
if [ -z "${CORPUS_SKIP_BUILD:-}" ] && [ ${#targets[@]} -gt 0 ]; then
  jobs=()
  [ -n "${CORPUS_JOBS:-}" ] && jobs=(-j "$CORPUS_JOBS")
  start=$(date +%s)
  # Smallest document first, one `swift build --target` each in the one scratch package (the runtime
  # is built once and shared; one target that fails does not stop the others, as SwiftPM would).
  # Past CORPUS_BUILD_SECONDS (unset: no limit), the rest are left unbuilt and said so.
  for name in $(for n in "${targets[@]}"; do echo "${bytes[$n]} $n"; done | sort -n | cut -d' ' -f2); do
    if [ -n "${CORPUS_BUILD_SECONDS:-}" ] && [ $(( $(date +%s) - start )) -ge "$CORPUS_BUILD_SECONDS" ]; then
      build_status[$name]="not built (time)"; continue
    fi
    target="Corpus_$(echo "$name" | tr -c 'A-Za-z0-9\n' '_')"
    began=$(date +%s)
    if swift build --package-path "$scratch" "${jobs[@]+"${jobs[@]}"}" --target "$target" >>"$build_log" 2>&1; then
      build_status[$name]=yes
    else
      build_status[$name]=no
    fi
    echo "check-corpus: $name: built=${build_status[$name]} in $(( $(date +%s) - began )) s"
  done
  echo "check-corpus: builds took $(( $(date +%s) - start )) s (log: $build_log)"
fi

total=0; compiled=0; clean=0
printf '\n| document | size | generated | errors | warnings | notes | compiled | compiler warnings |\n| --- | --- | --- | --- | --- | --- | --- | --- |\n'
while IFS=$'\t' read -r name repo commit path folder licence; do
  case "$name" in ''|'#'*) continue ;; esac
  [ -n "${generated[$name]:-}" ] || continue
  total=$((total + 1))
  target="Corpus_$(echo "$name" | tr -c 'A-Za-z0-9\n' '_')"
  built=-; compiler_warnings=-
  if [ "${generated[$name]}" = yes ] && [ -n "${build_status[$name]:-}" ]; then
    built=${build_status[$name]}
    if [ "$built" = yes ] || [ "$built" = no ]; then
      compiler_warnings=$(grep -E "Sources/$target/[^:]+:[0-9]+:[0-9]+: warning: " "$build_log" | sort -u | wc -l)
    fi
    if [ "$built" = yes ]; then compiled=$((compiled + 1)); [ "$compiler_warnings" = 0 ] && clean=$((clean + 1)); fi
  fi
  size=$(awk -v b="${bytes[$name]}" 'BEGIN{ if (b >= 1048576) printf "%.1f MB", b/1048576; else printf "%d KB", (b+1023)/1024 }')
  printf '| %s | %s | %s | %s | %s | %s | %s | %s |\n' "$name" "$size" "${generated[$name]}" "${errors[$name]}" "${warnings[$name]}" "${notes[$name]}" "$built" "$compiler_warnings"
done < "$list"
generated_count=$(printf '%s\n' "${targets[@]+"${targets[@]}"}" | grep -c .)
echo
echo "check-corpus: $total documents, $generated_count generated, $compiled compiled, $clean with no compiler warning"
[ "$generated_count" = "$total" ] && { [ -n "${CORPUS_SKIP_BUILD:-}" ] || [ "$clean" = "$total" ]; }
