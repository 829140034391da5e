/// The bodies the queue keeps for its writes, written from the contract's generated input types
/// (`ItemInput`, `ItemPatch`, `EdgeInput`), so no wire key is spelled by hand outside this layer.
enum WireBodies {
    /// The members `input` encodes to, in its declared order, its absent optionals left out.
    static func body<T: Encodable>(_ input: T) throws(MarfaError) -> JSONObject {
        do {
            guard let object = try JSONValueEncoder.encode(input).object else {
                throw MarfaError.invalid(message: "A write's body isn't an object.")
            }
            return object
        } catch let error as MarfaError {
            throw error
        } catch {
            throw .invalid(message: "A write's body couldn't be written: \(error)")
        }
    }

    /// The create of an item, as `POST /items` takes it.
    static func createItem(_ input: Components.Schemas.ItemInput) throws(MarfaError) -> JSONObject {
        try body(input)
    }

    /// A change to an item, as `PATCH /items/{id}` takes it; the version is set when it is sent.
    static func updateItem(_ patch: Components.Schemas.ItemPatch) throws(MarfaError) -> JSONObject {
        var object = try body(patch)
        _ = object.removeValue(forKey: "version")
        return object
    }

    /// The create of an edge, as `POST /edges` takes it.
    static func createEdge(_ input: Components.Schemas.EdgeInput) throws(MarfaError) -> JSONObject {
        try body(input)
    }

    /// An edge create's body with each end that named `minted` naming `answered` instead (the
    /// server put the item on another row); nil when neither end named it.
    static func movingEdgeEnds(of body: JSONObject, from minted: String, to answered: String) -> JSONObject? {
        var moved = body
        for key in ["source_id", "target_id"] where body[key]?.string == minted { moved[key] = .string(answered) }
        return moved == body ? nil : moved
    }

    /// Whether an item change's body moves the item to another type.
    static func retypes(_ body: JSONObject) -> Bool { body["type"] != nil }

    /// The edge type an edge create's body names.
    static func edgeType(of body: JSONObject) -> String? { body["edge_type"]?.string }
}
