import Foundation
import MarfaTypes

extension LocalAPI {
    /// Surfaces this build serves, named in `GET /`.
    static let features = ["keys", "types", "items", "item_versions", "type_icons", "audit", "settings"]

    func getInstance(_ input: Operations.GetInstance.Input) async throws -> Operations.GetInstance.Output {
        .ok(
            .init(
                headers: .init(xMarfaContract: Self.contract),
                body: .json(
                    .init(
                        name: name, instanceId: store.instanceID, version: LocalContract.build,
                        contract: LocalContract.number,
                        features: Self.features))))
    }
}
