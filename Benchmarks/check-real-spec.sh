#!/usr/bin/env bash
# Generates the real Marfa OpenAPI document (types, client and server) and builds the output in a
# scratch package against MarfaOpenAPIRuntime. Fails on any generator error or compile error.
set -euo pipefail
spec=${1:?usage: check-real-spec.sh path/to/marfa-openapi.json}
root=$(cd "$(dirname "$0")/.." && pwd)
if [ ! -f "$spec" ]; then echo "check-real-spec: $spec not found; skipped"; exit 0; fi
spec=$(cd "$(dirname "$spec")" && pwd)/$(basename "$spec")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swift build --package-path "$root" --product marfa-openapi >/dev/null
bin=$(swift build --package-path "$root" --product marfa-openapi --show-bin-path)/marfa-openapi
mkdir -p "$work/Sources/RealSpec"
"$bin" generate "$spec" --output "$work/Sources/RealSpec" --mode types --mode client --mode server 2>"$work/diagnostics.txt"
echo "check-real-spec: generated $(cat "$work"/Sources/RealSpec/*.swift | wc -l) lines, $(wc -l <"$work/diagnostics.txt") diagnostics"
# A second target laid out as swift-openapi-generator's plugin expects: its openapi.yaml and
# openapi-generator-config.yaml (that generator's keys), one Swift file of its own, built by the plugin.
mkdir -p "$work/Sources/PluginLayout"
cp "$root/Generator/Tests/MarfaOpenAPIGeneratorTests/Fixtures/petstore.yaml" "$work/Sources/PluginLayout/openapi.yaml"
cat > "$work/Sources/PluginLayout/openapi-generator-config.yaml" <<YAML
generate: [types, client]
accessModifier: internal
namingStrategy: idiomatic
YAML
cat > "$work/Sources/PluginLayout/PetClient.swift" <<SWIFT
import Foundation
import MarfaOpenAPIRuntime

/// The generated client, made as an app would.
func makePetClient(transport: any ClientTransport) -> Client {
    Client(serverURL: URL(string: "https://pets.example")!, transport: transport)
}
SWIFT
package=$(basename "$root" | tr A-Z a-z)
cat > "$work/Package.swift" <<SWIFT
// swift-tools-version: 6.1
import PackageDescription
let package = Package(
    name: "RealSpec", dependencies: [.package(path: "$root")],
    targets: [
        .target(name: "RealSpec", dependencies: [.product(name: "MarfaOpenAPIRuntime", package: "$package")]),
        .target(
            name: "PluginLayout", dependencies: [.product(name: "MarfaOpenAPIRuntime", package: "$package")],
            plugins: [.plugin(name: "MarfaOpenAPIPlugin", package: "$package")]),
    ],
    swiftLanguageModes: [.v6])
SWIFT
start=$(date +%s)
swift build --package-path "$work" --target RealSpec 2>&1 | grep -E "error|warning: |Compiling|Build" | grep -v "^\[" | tail -20
test "${PIPESTATUS[0]}" = 0
echo "check-real-spec: the output builds ($(( $(date +%s) - start )) s with the runtime)"
start=$(date +%s)
swift build --package-path "$work" --target PluginLayout 2>&1 | grep -E "error|warning: |Build" | grep -v "^\[" | tail -20
test "${PIPESTATUS[0]}" = 0
echo "check-real-spec: a target in swift-openapi-generator's layout builds through the plugin ($(( $(date +%s) - start )) s)"
