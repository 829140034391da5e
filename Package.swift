// swift-tools-version: 6.1
import PackageDescription

/// A system library from a Debian -dev package, found through pkg-config.
func systemLibrary(_ name: String, pkgConfig: String, apt: String) -> Target {
    .systemLibrary(name: name, path: "Sources/\(name)", pkgConfig: pkgConfig, providers: [.apt([apt])])
}

let package = Package(
    name: "Marfa",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "MarfaOpenAPIRuntime", targets: ["MarfaOpenAPIRuntime"]),
        .library(name: "MarfaHTTP", targets: ["MarfaHTTP"]),
        .library(name: "MarfaHTTPServer", targets: ["MarfaHTTPServer"]),
        .library(name: "MarfaTypes", targets: ["MarfaTypes"]),
        .library(name: "Marfa", targets: ["Marfa"]),
        .library(name: "MarfaAPI", targets: ["MarfaAPI"]),
        .library(name: "MarfaTesting", targets: ["MarfaTesting"]),
        .library(name: "MarfaTelemetry", targets: ["MarfaTelemetry"]),
        .library(name: "MarfaClock", targets: ["MarfaClock"]),
        .library(name: "MarfaLocal", targets: ["MarfaLocal"]),
        .library(name: "MarfaIcons", targets: ["MarfaIcons"]),
        .library(name: "MarfaBrandIcons", targets: ["MarfaBrandIcons"]),
        .executable(name: "marfa-local", targets: ["marfa-local"]),
        .executable(name: "marfa-openapi", targets: ["marfa-openapi"]),
        .plugin(name: "MarfaOpenAPIPlugin", targets: ["MarfaOpenAPIPlugin"]),
    ],
    targets: [
        systemLibrary("CYaml", pkgConfig: "yaml-0.1", apt: "libyaml-dev"),
        systemLibrary("CCurl", pkgConfig: "libcurl", apt: "libcurl4-openssl-dev"),
        systemLibrary("CSQLite", pkgConfig: "sqlite3", apt: "libsqlite3-dev"),
        systemLibrary("CMicroHTTPD", pkgConfig: "libmicrohttpd", apt: "libmicrohttpd-dev"),
        systemLibrary("CZlib", pkgConfig: "zlib", apt: "zlib1g-dev"),

        // What generated code needs at run time: bodies, coding, transport protocols, streams, errors.
        .target(name: "MarfaOpenAPIRuntime"),

        // YAML and JSON documents as node trees with file:line:column marks, on libyaml.
        .target(name: "MarfaYAML", dependencies: ["CYaml"], path: "Generator/Sources/MarfaYAML"),
        // The generator: load → model → resolve → IR → emit, and its command line.
        .target(
            name: "MarfaOpenAPIGenerator", dependencies: ["MarfaYAML"],
            path: "Generator/Sources/MarfaOpenAPIGenerator"),
        .executableTarget(
            name: "marfa-openapi", dependencies: ["MarfaOpenAPIGenerator"],
            path: "Generator/Sources/marfa-openapi"),
        .plugin(
            name: "MarfaOpenAPIPlugin", capability: .buildTool(), dependencies: ["marfa-openapi"],
            path: "Plugins/MarfaOpenAPIPlugin"),

        // The Marfa wire types, generated from openapi/marfa.yaml at build time.
        .target(name: "MarfaTypes", dependencies: ["MarfaOpenAPIRuntime"], plugins: ["MarfaOpenAPIPlugin"]),

        // Client transports: URLSession everywhere, libcurl on Linux (where it is the default).
        .target(
            name: "MarfaHTTP",
            dependencies: ["MarfaOpenAPIRuntime", .target(name: "CCurl", condition: .when(platforms: [.linux]))]),
        // The server transport on libmicrohttpd, for the local instance and the loopback sign-in.
        .target(name: "MarfaHTTPServer", dependencies: ["MarfaOpenAPIRuntime", "MarfaHTTP", "CMicroHTTPD"]),
        .executableTarget(
            name: "HTTPBenchmark",
            dependencies: [
                "MarfaHTTP", "MarfaHTTPServer", .target(name: "CCurl", condition: .when(platforms: [.linux])),
            ],
            path: "Benchmarks/HTTPBenchmark"),
        .executableTarget(
            name: "LocalBenchmark", dependencies: ["MarfaLocal", "MarfaHTTP", "MarfaTypes"],
            path: "Benchmarks/LocalBenchmark"),
        .executableTarget(
            name: "CopyBenchmark", dependencies: ["Marfa", "MarfaHTTP", "MarfaSQLite", "marfa-local"],
            path: "Benchmarks/CopyBenchmark"),

        // Server, MarfaError, sign-in (and later the working copy); an internal generated client.
        // The server module only where the loopback browser sign-in needs it, so an Apple build links
        // no system library but SQLite.
        .target(
            name: "Marfa",
            dependencies: [
                "MarfaTypes", "MarfaHTTP", "MarfaDigest", "MarfaClock", "MarfaSQLite",
                .target(name: "MarfaHTTPServer", condition: .when(platforms: [.linux])),
            ],
            plugins: ["MarfaOpenAPIPlugin"]),
        // An app's errors as PostHog exceptions and its events as OTLP logs.
        .target(name: "MarfaTelemetry", dependencies: ["Marfa", "MarfaHTTP", "CZlib"]),
        // Test helpers apps use (MemoryKeyStore, WorkingCopy.fake); empty in a release build.
        .target(name: "MarfaTesting", dependencies: ["Marfa", "MarfaSQLite"]),
        // MarfaAPI.Client: the generated raw client and the seeds' conveniences.
        .target(name: "MarfaAPI", dependencies: ["Marfa", "MarfaTypes", "MarfaHTTP"], plugins: ["MarfaOpenAPIPlugin"]),
        // The time and waits, injectable: `SystemClock`, and `ManualClock` for tests.
        .target(name: "MarfaClock"),
        // SHA-256 and HMAC, for PKCE challenges and stored hashes; random words and UUIDv7s for the
        // identifiers minted at every write. Shared by the copy, the sign-in and the local instance.
        .target(name: "MarfaDigest"),
        // A small SQLite wrapper: WAL connections, prepared statements, transactions, migrations.
        .target(name: "MarfaSQLite", dependencies: ["CSQLite"]),
        // A second process for the SQLite durability tests: writes transactions until it is killed.
        .executableTarget(name: "sqlite-probe", dependencies: ["MarfaSQLite"], path: "Tests/SQLiteProbe"),
        // A local Marfa instance: generated handler stubs, the behaviour on SQLite.
        .target(
            name: "MarfaLocal",
            dependencies: [
                "MarfaTypes", "MarfaHTTP", "MarfaHTTPServer", "MarfaSQLite", "MarfaIconSets", "MarfaDigest",
                "MarfaClock",
            ],
            plugins: ["MarfaOpenAPIPlugin"]),
        .executableTarget(name: "marfa-local", dependencies: ["MarfaLocal"]),

        // Icons: the pinned Lucide and Simple Icons ID lists (no artwork; the local instance checks IDs
        // against them), Lucide's artwork and drawing, and the brand artwork apps opt into. `make icons`.
        .target(name: "MarfaIconSets"),
        .target(
            name: "MarfaIcons", dependencies: ["MarfaIconSets", "Marfa"],
            resources: [.copy("Resources/lucide.tsv"), .copy("Resources/LICENSES")]),
        .target(
            name: "MarfaBrandIcons", dependencies: ["MarfaIcons"],
            resources: [.copy("Resources/simple-icons.tsv"), .copy("Resources/LICENSES")]),

        // The walkthrough `make demo` runs.
        .executableTarget(
            name: "reading-list",
            dependencies: [
                "MarfaTypes", "Marfa", "MarfaAPI", "MarfaLocal", "MarfaHTTP", "MarfaHTTPServer", "MarfaIcons",
                "MarfaOpenAPIGenerator", "MarfaTelemetry",
            ],
            path: "Examples/ReadingList", plugins: ["MarfaOpenAPIPlugin"]),
        // The folders walkthrough `make demo-folders` runs.
        .executableTarget(name: "folders-demo", dependencies: ["Marfa", "MarfaLocal"], path: "Examples/FoldersDemo"),
        // The notes model the testing article shows, tested only through a fake copy.
        .target(name: "NotesExample", dependencies: ["Marfa"], path: "Examples/NotesModel"),

        .testTarget(
            name: "MarfaOpenAPIRuntimeTests", dependencies: ["MarfaOpenAPIRuntime"]),
        .testTarget(
            name: "MarfaYAMLTests", dependencies: ["MarfaYAML"], path: "Generator/Tests/MarfaYAMLTests"),
        .testTarget(
            name: "MarfaOpenAPIGeneratorTests", dependencies: ["MarfaOpenAPIGenerator"],
            path: "Generator/Tests/MarfaOpenAPIGeneratorTests",
            resources: [.copy("Fixtures")]),
        .testTarget(name: "MarfaHTTPTests", dependencies: ["MarfaHTTP", "MarfaHTTPServer"]),
        // Test support: PNG files decoded to pixels, for the icon and browser suites.
        .target(name: "PNGDecoding", dependencies: ["CZlib"], path: "Tests/PNGDecoding"),
        // Test support: runs swiftc against the built modules, for checks of what compiles.
        .target(name: "CompileChecking", path: "Tests/CompileChecking"),
        .testTarget(
            name: "MarfaIconsTests", dependencies: ["MarfaIconSets", "MarfaIcons", "MarfaBrandIcons", "PNGDecoding"]),
        .testTarget(name: "MarfaDigestTests", dependencies: ["MarfaDigest"]),
        .testTarget(name: "MarfaClockTests", dependencies: ["MarfaClock"]),
        .testTarget(name: "MarfaSQLiteTests", dependencies: ["MarfaSQLite", "sqlite-probe"]),
        // The local instance in process over loopback HTTP, and `marfa-local`'s commands run as a process.
        .testTarget(
            name: "MarfaLocalTests",
            dependencies: [
                "MarfaLocal", "MarfaAPI", "MarfaTypes", "MarfaHTTP", "MarfaDigest", "MarfaClock", "marfa-local",
            ]),
        .testTarget(name: "MarfaTests", dependencies: ["Marfa", "MarfaAPI", "MarfaHTTP", "MarfaHTTPServer"]),
        .testTarget(
            name: "MarfaTelemetryTests",
            dependencies: ["MarfaTelemetry", "Marfa", "MarfaHTTP", "MarfaHTTPServer", "CZlib", "CompileChecking"]),
        .testTarget(
            name: "MarfaSignInTests",
            dependencies: [
                "Marfa", "MarfaAPI", "MarfaTesting", "MarfaLocal", "MarfaHTTP", "MarfaHTTPServer", "MarfaClock",
                "signin-probe",
                "PNGDecoding",
            ]),
        // A second process for the sign-in tests: renews a kept sign-in and prints what it did.
        .executableTarget(name: "signin-probe", dependencies: ["Marfa", "MarfaHTTP"], path: "Tests/SignInProbe"),
        .testTarget(name: "MarfaAPITests", dependencies: ["MarfaAPI", "MarfaLocal", "MarfaClock"]),
        // The working copy against a live local instance over loopback HTTP, on real store files.
        .testTarget(
            name: "WorkingCopyTests",
            dependencies: [
                "Marfa", "MarfaAPI", "MarfaLocal", "MarfaHTTP", "MarfaHTTPServer", "MarfaClock", "MarfaSQLite",
                "MarfaTesting", "MarfaDigest", "copy-probe",
            ]),
        // A second process for the working-copy tests: opens a store and reads or hydrates it.
        .executableTarget(name: "copy-probe", dependencies: ["Marfa", "MarfaHTTP"], path: "Tests/CopyProbe"),
        // The fake working copy of MarfaTesting, beside a copy on a store, and the example model through it.
        .testTarget(name: "FakeCopyTests", dependencies: ["Marfa", "MarfaTesting", "NotesExample", "CompileChecking"]),
        // The articles' code (Sources/*/*.docc): compiled by the suite, included by `make docs`.
        .testTarget(
            name: "DocumentationSnippets",
            dependencies: [
                "Marfa", "MarfaAPI", "MarfaTesting", "MarfaTelemetry", "MarfaIcons", "MarfaBrandIcons",
                "MarfaOpenAPIRuntime", "MarfaLocal", "MarfaClock",
            ]),
        // Ordinary app code against the public API, compiled by the suite: error handling must compile.
        .testTarget(name: "AppSnippetTests", dependencies: ["Marfa", "MarfaAPI"]),
        .testTarget(name: "MarfaTypesTests", dependencies: ["MarfaTypes", "MarfaYAML", "MarfaOpenAPIGenerator"]),
        .testTarget(
            name: "GeneratedFixtureTests", dependencies: ["MarfaOpenAPIRuntime", "MarfaHTTP", "MarfaHTTPServer"],
            path: "Generator/Tests/GeneratedFixtureTests",
            exclude: ["Fixtures", "openapi-generator-config.yaml"],
            plugins: ["MarfaOpenAPIPlugin"]),
    ],
    swiftLanguageModes: [.v6]
)

// The libFuzzer targets (`make fuzz`, Fuzz/): only in a build that names libFuzzer's driver library
// in MARFA_FUZZER_RUNTIME, made with `-sanitize=address` and `-Xfrontend -sanitize=fuzzer`, so the
// ordinary build and `swift test` never see them. Each is an executable whose main starts libFuzzer.
if let fuzzerRuntime = Context.environment["MARFA_FUZZER_RUNTIME"] {
    /// The fuzz target `Fuzz<name>` in Fuzz/<name>.
    func fuzzTarget(_ name: String, _ dependencies: [Target.Dependency], generated: Bool = false) -> Target {
        .executableTarget(
            name: "Fuzz" + name, dependencies: dependencies + ["FuzzSupport"], path: "Fuzz/" + name,
            exclude: generated ? ["openapi-generator-config.yaml"] : [],
            plugins: generated ? ["MarfaOpenAPIPlugin"] : [])
    }
    package.targets += [
        .target(name: "CFuzzerDriver", path: "Fuzz/CFuzzerDriver"),
        .target(
            name: "FuzzSupport", dependencies: ["CFuzzerDriver"], path: "Fuzz/FuzzSupport",
            linkerSettings: [.unsafeFlags([fuzzerRuntime, "-lstdc++"])]),
        fuzzTarget("YAMLDocuments", ["MarfaYAML"]),
        fuzzTarget("OpenAPIModel", ["MarfaOpenAPIGenerator", "MarfaYAML"]),
        fuzzTarget("EventStreams", ["MarfaOpenAPIRuntime"]),
        fuzzTarget("CurlResponseHead", ["MarfaHTTP", "MarfaOpenAPIRuntime"]),
        fuzzTarget("URIFormMultipart", ["MarfaOpenAPIRuntime"]),
        fuzzTarget("GeneratedServer", ["MarfaOpenAPIRuntime"], generated: true),
        fuzzTarget("LocalOAuthForms", ["MarfaLocal", "MarfaHTTP", "MarfaClock", "MarfaOpenAPIRuntime"]),
        fuzzTarget("CopySearch", ["Marfa", "MarfaSQLite"]),
        fuzzTarget("StrictJSON", ["MarfaOpenAPIRuntime"]),
    ]
}
