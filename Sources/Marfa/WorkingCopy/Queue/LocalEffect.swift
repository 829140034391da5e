/// What a queued write changes in the store at once, before the instance answers.
package enum LocalEffect: Sendable, Hashable {
    /// Nothing held changes (a restore of an item the copy doesn't hold).
    case none
    /// The item now reads as this.
    case item(Item)
    /// The item's extension documents now read as this.
    case extensions(itemId: String, JSONObject)
    /// The edge now reads as this.
    case edge(Edge)
    /// The edge is gone.
    case deleteEdge(String)
}
