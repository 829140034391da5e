/// How many files generated Swift is split into: one setting, `shards: N` at the top level of a
/// configuration file, which the build plugin, `make generate` and the command line all follow.
///
/// This file is compiled into the generator and, through a link, into the build plugin, which
/// cannot import the generator but must name the files before the generator runs.
enum ShardSetting {
    /// The number of files when the configuration does not say.
    static let standard = 8
    /// The numbers a configuration may set.
    static let allowed = 1...64

    /// The `shards: N` of a configuration file's top level, read line by line as the build plugin
    /// reads it: the key at the start of a line, a whole number, and at most a comment after it.
    /// Nil when no line sets it.
    static func topLevelValue(in text: String) -> Int? {
        for line in text.split(whereSeparator: \.isNewline) where line.hasPrefix("shards:") {
            var value = line.dropFirst("shards:".count)
            if let comment = value.firstIndex(of: "#") { value = value[..<comment] }
            return Int(value.trimmingCharacters(in: " \t"))
        }
        return nil
    }

    /// The files a run writes with `count` shards, in order.
    static func fileNames(_ count: Int) -> [String] {
        (0..<count).map { "Generated\($0).swift" }
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> String {
        var text = self
        while let first = text.first, set.contains(first) { text = text.dropFirst() }
        while let last = text.last, set.contains(last) { text = text.dropLast() }
        return String(text)
    }
}
