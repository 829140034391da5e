import Testing

/// Our contract against the public Marfa server's document (`../shared/specs/marfa-openapi.json`):
/// every operation both have must keep the public one's operation ID, parameters and answer fields.
@Suite(
    .enabled(
        if: ContractFiles.hasPublicDocument, "../shared/specs/marfa-openapi.json is not there: nothing to compare with")
)
struct ContractFidelityTests {
    /// Operation IDs the user's documents name differently from the public document.
    static let renamedOperations: [String: (publicID: String, ourID: String)] = [
        "POST /edge-types": ("createEdgeType", "registerEdgeType"),  // `register(edgeType:)` in the seeds
        "PUT /types/{id}": ("updateType", "replaceType"),  // `replace(itemType:with:)` in the seeds
    ]

    /// Answer fields of the public document that ours leaves out on purpose, keyed by operation
    /// and `status $.field`. Keep this list short: each entry needs a reason from the seeds.
    static let allowedMissingFields: [String: Set<String>] = [
        // Seeds ("Read an item's history"): one page oldest first, `{snapshots, next}` with
        // `after`/`limit`, instead of the public document's whole list newest first, `{versions}`.
        "GET /items/{id}/versions": ["200 $.versions: only in the public document"]
    ]

    /// Both documents, read once for every test of the suite.
    private static let loaded = Result {
        (
            real: try DocumentOperations(path: ContractFiles.publicDocument),
            ours: try DocumentOperations(path: ContractFiles.contract)
        )
    }

    let real: DocumentOperations
    let ours: DocumentOperations

    init() throws {
        (real, ours) = try Self.loaded.get()
    }

    /// The operations both documents have, by `METHOD /path`.
    var sharedKeys: [String] { real.byKey.keys.filter { ours.byKey[$0] != nil }.sorted() }

    @Test func sharesMostOfThePublicOperations() {
        #expect(sharedKeys.count >= 50, "only \(sharedKeys.count) operations in common: was the right document read?")
    }

    @Test func sharedOperationsKeepTheirOperationIDs() {
        for key in sharedKeys {
            let publicID = real.byKey[key]?.operationID
            let ourID = ours.byKey[key]?.operationID
            if let renamed = Self.renamedOperations[key] {
                #expect(
                    publicID == renamed.publicID && ourID == renamed.ourID,
                    "\(key): the rename recorded here no longer holds")
            } else {
                #expect(
                    ourID == publicID,
                    "\(key): operation ID \(ourID ?? "none"), the public document says \(publicID ?? "none")")
            }
        }
    }

    /// Every public parameter keeps its name and location; parameters ours adds are listed, not refused.
    @Test func sharedOperationsKeepTheirParameters() {
        var added: [String] = []
        for key in sharedKeys {
            let publicParameters = real.byKey[key]!.parameters
            let ourParameters = ours.byKey[key]!.parameters
            let missing = publicParameters.subtracting(ourParameters).sorted()
            #expect(missing.isEmpty, "\(key): parameters of the public document missing or moved in ours: \(missing)")
            let extra = ourParameters.subtracting(publicParameters).sorted()
            if !extra.isEmpty { added.append("  \(key): \(extra.joined(separator: ", "))") }
        }
        print("Parameters openapi/marfa.yaml adds to shared operations:\n" + added.joined(separator: "\n"))
    }

    @Test func sharedOperationsKeepTheirAnswerFields() throws {
        var unused = Self.allowedMissingFields
        for key in sharedKeys {
            let differences = try answerDifferences(key)
            let allowed = Self.allowedMissingFields[key] ?? []
            unused[key]?.subtract(differences)
            let unexpected = differences.filter { !allowed.contains($0) }
            #expect(
                unexpected.isEmpty,
                "\(key) (\(ours.byKey[key]?.operationID ?? "?")):\n\(unexpected.joined(separator: "\n"))")
        }
        let stale = unused.filter { !$0.value.isEmpty }
        #expect(stale.isEmpty, "allowed differences that no longer occur; remove them: \(stale)")
    }

    @Test func listsTheOperationsOnlyInOurs() {
        let onlyOurs = ours.byKey.keys.filter { real.byKey[$0] == nil }.sorted()
        let lines = onlyOurs.map { "  \($0) (\(ours.byKey[$0]?.operationID ?? "?"))" }
        print("Operations only in openapi/marfa.yaml (\(onlyOurs.count)):\n" + lines.joined(separator: "\n"))
        #expect(!onlyOurs.isEmpty)
    }

    /// The answer differences of one shared operation, each as `status $.field: what differs`.
    /// A public success status ours lacks is compared with ours' first success status.
    private func answerDifferences(_ key: String) throws -> [String] {
        let publicSchemas = real.byKey[key]!.successSchemas
        let ourSchemas = ours.byKey[key]!.successSchemas
        let publicReader = SchemaShapeReader(documents: real.documents)
        let ourReader = SchemaShapeReader(documents: ours.documents)
        var differences: [String] = []
        for status in publicSchemas.keys.sorted() {
            guard let ourSchema = ourSchemas[status] ?? ourSchemas.sorted(by: { $0.key < $1.key }).first?.value else {
                differences.append("\(status): ours has no JSON success answer")
                continue
            }
            let shapes = ShapeDifferences.between(
                real: try publicReader.shape(of: publicSchemas[status]!), ours: try ourReader.shape(of: ourSchema))
            differences += shapes.map { "\(status) \($0)" }
        }
        return differences
    }
}
