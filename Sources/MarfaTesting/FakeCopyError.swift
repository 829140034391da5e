#if DEBUG
import Marfa

/// Why a fake copy refused a call: it can't answer it exactly as a copy on a store would, so it
/// answers nothing rather than something different.
public enum FakeCopyError: Error, Sendable, Hashable, CustomStringConvertible, CopyEngineError {
    /// The fake can't answer `call` (such as `items.list(filter:)` or `changes(since:most:)`) the
    /// way a real copy does.
    case unsupported(call: String)

    /// The refusal in a sentence, naming the call.
    public var description: String {
        switch self {
        case .unsupported(let call): "The fake copy can't answer \(call) the way a copy on a store would."
        }
    }
}
#endif
