/// `Fuzz/Fixtures/<name>` in this checkout: files a fuzz target reads beside its input.
package func fixtureFolder(_ name: String, filePath: String = #filePath) -> String {
    var parts = filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(2)  // FuzzSupport/FixtureFolder.swift
    return (parts + ["Fixtures", name[...]]).joined(separator: "/")
}
