import Foundation
import MarfaYAML

extension GeneratorConfig {
    /// Refuses a `shards` that the build plugin would read differently from the generator: one set
    /// in a target's section (the number is one for the whole file), or one the plugin's line-by-line
    /// reading (`ShardSetting.topLevelValue(in:)`) does not find as the same number.
    static func checkShardSetting(_ root: Node, path: String) throws {
        if let targets = root["targets"]?.entries {
            for target in targets {
                for section in target.value.elements ?? [target.value] {
                    if let entry = section.entries?.first(where: { $0.key == "shards" }) {
                        throw GeneratorError(
                            "'shards' is one setting for every target of the file; set it at the top level.",
                            at: entry.keyLocation)
                    }
                }
            }
        }
        guard let entry = root.entries?.first(where: { $0.key == "shards" }) else { return }
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        guard entry.value.int != nil, ShardSetting.topLevelValue(in: text) == entry.value.int else {
            throw GeneratorError(
                "Write 'shards: N' on a line of its own at the top level, so that the build plugin reads the same number.",
                at: entry.keyLocation)
        }
    }
}
