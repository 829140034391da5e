// swift-tools-version: 6.1
// A package written for swift-openapi-generator, moved to Marfa's generator: only this file's
// dependencies and the sources' `import` lines differ from the original (each marked "was:").
import PackageDescription

let package = Package(
    name: "GreetingClient",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [
        // was: swift-openapi-generator, swift-openapi-runtime and swift-openapi-urlsession
        .package(name: "Marfa", path: "../../..")
    ],
    targets: [
        .executableTarget(
            name: "GreetingClient",
            dependencies: [
                // was: OpenAPIRuntime and OpenAPIURLSession
                .product(name: "MarfaOpenAPIRuntime", package: "Marfa"),
                .product(name: "MarfaHTTP", package: "Marfa"),
            ],
            // was: .plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")
            plugins: [.plugin(name: "MarfaOpenAPIPlugin", package: "Marfa")]
        )
    ]
)
