/// Values handed to the end of the process, never freed. A command that generates once and then
/// exits keeps its document tree, declarations and typed Swift this way instead of freeing them
/// piece by piece, which is 6-8% of its instructions (compilers skip that teardown the same way).
/// Only the command-line tool asks for it; the library frees everything as usual.
enum ProcessExit {
    /// Keeps `value` alive until the process ends.
    static func keep(_ value: Any) {
        _ = Unmanaged.passRetained(Kept(value))
    }

    private final class Kept {
        let value: Any
        init(_ value: Any) { self.value = value }
    }
}
