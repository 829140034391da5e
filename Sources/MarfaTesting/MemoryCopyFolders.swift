#if DEBUG
import Marfa

/// The fake copy has no folders: each folder call throws `FakeCopyError.unsupported(call:)`, as the
/// testing guide says, rather than answer differently from a copy on a store.
extension MemoryCopyEngine {
    func folder(_ id: String) async throws -> Folder? {
        throw FakeCopyError.unsupported(call: "items.folder(_:)")
    }
}

extension MemoryCopyDrainer {
    func createFolder(_ settings: FolderSettings, idempotencyKey: String) async throws -> Folder {
        throw FakeCopyError.unsupported(call: "createFolder(_:idempotencyKey:)")
    }

    func changeFolder(
        _ id: String, _ change: FolderSettingsChange, baseVersion: Int64, idempotencyKey: String
    ) async throws -> Folder {
        throw FakeCopyError.unsupported(call: "changeFolder(_:_:baseVersion:idempotencyKey:)")
    }

    func revokeFolder(_ id: String, idempotencyKey: String) async throws -> Folder {
        throw FakeCopyError.unsupported(call: "revokeFolder(_:idempotencyKey:)")
    }
}
#endif
