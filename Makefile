# One-command set-up on a fresh Debian machine: `make test` and `make demo` install what they need.
SHELL := /bin/bash
DEB_PACKAGES := libyaml-dev libcurl4-openssl-dev libsqlite3-dev libmicrohttpd-dev zlib1g-dev pkg-config librsvg2-bin python3 python3-venv
## The browser sign-in tests' Chromium: installed when it can be, else those tests are skipped with a reason.
BROWSER_PACKAGES := chromium chromium-driver
SWIFT_BUILD_FLAGS ?=
GENERATED := generated
SHARED ?= ../shared

.PHONY: deps build test demo demo-folders docs local generate check-generated update-references bench bench-generator bench-http bench-local bench-files bench-folders check-real-spec check-migration check-corpus icons clean format check-format

## deps: install the Debian -dev packages the system-library targets need (apt-get as root, else print the command)
deps:
	@missing=""; for p in $(DEB_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -z "$$missing" ]; then echo "deps: all present"; \
	elif [ "$$(id -u)" = 0 ]; then echo "deps: installing$$missing"; \
	  (apt-get update -qq || true) && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	else echo "deps: missing$$missing; run: sudo apt-get install -y$$missing"; exit 1; fi
	@missing=""; for p in $(BROWSER_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ] && [ "$$(id -u)" = 0 ]; then echo "deps: installing$$missing (browser tests)"; \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing >/dev/null 2>&1 || \
	  { (apt-get update -qq || true) && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing >/dev/null 2>&1; } || \
	  echo "deps:$$missing could not be installed; the browser sign-in tests will be skipped"; \
	elif [ -n "$$missing" ]; then echo "deps: missing$$missing (browser tests skipped); run: sudo apt-get install -y$$missing"; fi
	@.build/telemetry-venv/bin/python -c 'import opentelemetry.proto, google.protobuf' 2>/dev/null || \
	  { python3 -m venv .build/telemetry-venv && .build/telemetry-venv/bin/pip install -q -r Scripts/requirements-telemetry.txt && echo "deps: telemetry venv ready (opentelemetry-proto, for the OTLP checks)"; }

build: deps
	swift build $(SWIFT_BUILD_FLAGS)

## test: every test suite (Swift Testing), after installing dependencies. Suites run one after another:
## several start servers with time limits, and CPU-heavy suites beside them would starve those servers.
test: deps
	swift test --no-parallel $(SWIFT_BUILD_FLAGS)

## demo: the walkthrough app
demo: deps
	swift run $(SWIFT_BUILD_FLAGS) reading-list

## demo-folders: a temporary directory kept in step with a folder on a local instance, watched
demo-folders: deps
	swift run $(SWIFT_BUILD_FLAGS) folders-demo

## docs: DocC documentation of every public product as static HTML in .build/docs, then where it is and how to
## serve it (python3 -m http.server --directory .build/docs 8000); fails on a broken symbol link, a public symbol
## without a summary line, a top-level symbol in no topic group, or an article block that isn't its compiled snippet
docs: deps
	SWIFT_BUILD_FLAGS="$(SWIFT_BUILD_FLAGS)" python3 Scripts/docs.py

## local: run a local Marfa instance on port 8787 with its data in .build/local-data
local: deps
	swift run $(SWIFT_BUILD_FLAGS) marfa-local --data .build/local-data --port 8787

## generate: write the generated Swift of every target in openapi/generator-config.yaml to generated/, for review
generate: deps
	@swift build --product marfa-openapi $(SWIFT_BUILD_FLAGS) >/dev/null
	@bin=$$(swift build --product marfa-openapi --show-bin-path $(SWIFT_BUILD_FLAGS))/marfa-openapi; \
	for target in $$(sed -n '/^targets:/,$$p' openapi/generator-config.yaml | grep -E '^  [A-Za-z-]+:' | tr -d ' :'); do \
	  rm -rf $(GENERATED)/$$target; \
	  $$bin generate --config openapi/generator-config.yaml --target $$target --output $(GENERATED)/$$target || exit 1; \
	  echo "generate: $(GENERATED)/$$target"; \
	done

## check-generated: fail when generated/ differs from what the document generates now
check-generated: deps
	@rm -rf .build/generated-check && $(MAKE) --no-print-directory generate GENERATED=.build/generated-check >/dev/null
	@diff -r $(GENERATED) .build/generated-check >/dev/null || { echo "check-generated: generated/ is stale; run 'make generate' and commit it"; diff -r $(GENERATED) .build/generated-check | head -20; exit 1; }
	@echo "check-generated: generated/ is up to date"

## update-references: rewrite the generator's whole-file references (Generator/Tests/References) from what the
## fixtures generate now, after a deliberate change to the output; review and commit the diff
update-references: deps
	UPDATE_REFERENCES=1 swift test --no-parallel $(SWIFT_BUILD_FLAGS) --filter ReferenceTests

## check-migration: build Generator/Tests/MigrationFixture, a package written for swift-openapi-generator whose
## Package.swift dependencies and import lines alone were changed, through the plugin against this package
check-migration: deps
	swift build --package-path Generator/Tests/MigrationFixture --scratch-path .build/migration-fixture $(SWIFT_BUILD_FLAGS)
	@echo "check-migration: the swift-openapi-generator package builds"

## check-real-spec: generate the real Marfa document in every mode and build the output in a scratch package
check-real-spec: deps
	Benchmarks/check-real-spec.sh $(SHARED)/specs/marfa-openapi.json

## check-corpus: generate every public document of Benchmarks/corpus/documents.tsv found in CORPUS (/work/corpus;
## Benchmarks/corpus/extract.sh puts them there) in every mode and build the outputs in one scratch package, printing
## each document's diagnostics, build result and compiler warnings (not in CI: the documents stay outside the project;
## smallest first, CORPUS_BUILD_SECONDS caps the building time; CORPUS_LIST checks another list)
check-corpus: deps
	Benchmarks/check-corpus.sh

## bench: every benchmark
bench: bench-generator bench-http bench-local bench-copy bench-drain

## bench-generator: generation time and memory in every mode for the real Marfa document and openapi/marfa.yaml beside libyaml's bare parse of each (the floor), and the build time of the output
bench-generator: deps
	@command -v openapi-generator-cli >/dev/null || pip install -q openapi-generator-cli >/dev/null 2>&1 || echo "bench-generator: openapi-generator-cli (PyPI) not installable; peer skipped"
	Benchmarks/bench-generator.sh $(SHARED)/specs/marfa-openapi.json

bench-http: deps
	swift run -c release HTTPBenchmark

## bench-local: item creates, reads, listing pages (items/s a hydrate is served) and event-stream throughput of the local instance over loopback
bench-local: deps
	swift run -c release LocalBenchmark

## bench-copy: a working copy hydrating 100,000 items and catching up 10,000 events, beside the raw floor
bench-copy: deps
	swift build -c release --product marfa-local >/dev/null
	swift run -c release CopyBenchmark $(BENCH_COPY_ARGS)

## bench-search: search latency on a 100,000-item copy beside the raw FTS5 query (part of bench-copy's run)
bench-search: bench-copy

## bench-drain: a working copy draining 10,000 queued writes beside 10,000 raw POSTs; queueing latency
bench-drain: deps
	swift build -c release --product marfa-local >/dev/null
	swift run -c release CopyBenchmark drain $(BENCH_DRAIN_ARGS)

## bench-files: a working copy attaching 200 files of 1 MiB and draining them beside raw POST /blobs, then fetching them on a second copy; peak memory
bench-files: deps
	swift build -c release --product marfa-local >/dev/null
	swift run -c release CopyBenchmark files $(BENCH_FILES_ARGS)

## bench-folders: a folder of 5,000 Markdown files synced the first time, an incremental pass of 200
## changes and the watch's latency, each beside the raw reads and writes it does (BENCH_FOLDERS_ARGS: files)
bench-folders: deps
	swift build -c release --product marfa-local >/dev/null
	swift run -c release CopyBenchmark folders $(BENCH_FOLDERS_ARGS)

## fuzz: build the libFuzzer targets (Fuzz/: AddressSanitizer, .build-fuzz) and run each for FUZZ_SECONDS (60)
## from its corpus in Fuzz/Corpus, printing executions and coverage; fails when any target crashes
FUZZ_SECONDS ?= 60
.PHONY: fuzz fuzz-smoke
fuzz: deps
	Fuzz/fuzz.sh $(FUZZ_SECONDS)

## fuzz-smoke: every fuzz target for 10 seconds (CI)
fuzz-smoke: deps
	Fuzz/fuzz.sh 10

## icons: fetch the pinned Lucide and Simple Icons wheels (pip download) and rewrite the icon data; commit the result
icons:
	python3 Scripts/icons.py

## format: format every hand-written Swift file with the toolchain's swift-format and `.swift-format`
## (generated/ and the generator's whole-file references are generated, so left out)
FORMAT_FILES = $$(git ls-files '*.swift' | grep -v -e '^generated/' -e '^Generator/Tests/References/')
format:
	@swift format --in-place --parallel $(FORMAT_FILES)

## check-format: fail when a hand-written Swift file is not as `make format` leaves it
check-format:
	@files=$(FORMAT_FILES); rm -rf .build/format-check; mkdir -p .build/format-check; \
	tar cf - .swift-format $$files | tar xf - -C .build/format-check; \
	(cd .build/format-check && swift format --in-place --parallel $$files) || exit 1; \
	stale=""; for f in $$files; do cmp -s "$$f" ".build/format-check/$$f" || stale="$$stale $$f"; done; \
	if [ -n "$$stale" ]; then echo "check-format: not formatted (run 'make format'):$$stale" | fold -w 160; exit 1; fi; \
	echo "check-format: every Swift file is formatted"

clean:
	rm -rf .build
