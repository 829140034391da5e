import MarfaTypes

/// Operations of the contract this build does not implement yet: each answers
/// `501 not_implemented` in the error envelope.
extension LocalAPI {
    /// The operation IDs answered `501 not_implemented`.
    static let unimplementedOperations: [String] = [
        "showSignInPage",
        "signInWithPassword",
        "getItemStats",
        "purgeItem",
        "getItemMetadata",
        "replaceItemMetadata",
        "mergeItemMetadata",
        "addItemTags",
        "removeItemTag",
        "listItemExtensions",
        "getItemExtension",
        "replaceItemExtension",
        "deleteItemExtension",
        "listItemEdges",
        "listItemBackrefs",
        "listTags",
        "listEdges",
        "createEdge",
        "getEdge",
        "updateEdge",
        "deleteEdge",
        "streamEvents",
        "searchItems",
        "listOccurrences",
        "uploadBlob",
        "downloadBlob",
        "getBlobUrl",
    ]

    func showSignInPage(_ input: Operations.ShowSignInPage.Input) async throws -> Operations.ShowSignInPage.Output {
        throw LocalError.notImplemented("showSignInPage")
    }

    func signInWithPassword(_ input: Operations.SignInWithPassword.Input) async throws -> Operations.SignInWithPassword.Output {
        throw LocalError.notImplemented("signInWithPassword")
    }

    func getItemStats(_ input: Operations.GetItemStats.Input) async throws -> Operations.GetItemStats.Output {
        throw LocalError.notImplemented("getItemStats")
    }

    func purgeItem(_ input: Operations.PurgeItem.Input) async throws -> Operations.PurgeItem.Output {
        throw LocalError.notImplemented("purgeItem")
    }

    func getItemMetadata(_ input: Operations.GetItemMetadata.Input) async throws -> Operations.GetItemMetadata.Output {
        throw LocalError.notImplemented("getItemMetadata")
    }

    func replaceItemMetadata(_ input: Operations.ReplaceItemMetadata.Input) async throws -> Operations.ReplaceItemMetadata.Output {
        throw LocalError.notImplemented("replaceItemMetadata")
    }

    func mergeItemMetadata(_ input: Operations.MergeItemMetadata.Input) async throws -> Operations.MergeItemMetadata.Output {
        throw LocalError.notImplemented("mergeItemMetadata")
    }

    func addItemTags(_ input: Operations.AddItemTags.Input) async throws -> Operations.AddItemTags.Output {
        throw LocalError.notImplemented("addItemTags")
    }

    func removeItemTag(_ input: Operations.RemoveItemTag.Input) async throws -> Operations.RemoveItemTag.Output {
        throw LocalError.notImplemented("removeItemTag")
    }

    func listItemExtensions(_ input: Operations.ListItemExtensions.Input) async throws -> Operations.ListItemExtensions.Output {
        throw LocalError.notImplemented("listItemExtensions")
    }

    func getItemExtension(_ input: Operations.GetItemExtension.Input) async throws -> Operations.GetItemExtension.Output {
        throw LocalError.notImplemented("getItemExtension")
    }

    func replaceItemExtension(_ input: Operations.ReplaceItemExtension.Input) async throws -> Operations.ReplaceItemExtension.Output {
        throw LocalError.notImplemented("replaceItemExtension")
    }

    func deleteItemExtension(_ input: Operations.DeleteItemExtension.Input) async throws -> Operations.DeleteItemExtension.Output {
        throw LocalError.notImplemented("deleteItemExtension")
    }

    func listItemEdges(_ input: Operations.ListItemEdges.Input) async throws -> Operations.ListItemEdges.Output {
        throw LocalError.notImplemented("listItemEdges")
    }

    func listItemBackrefs(_ input: Operations.ListItemBackrefs.Input) async throws -> Operations.ListItemBackrefs.Output {
        throw LocalError.notImplemented("listItemBackrefs")
    }

    func listTags(_ input: Operations.ListTags.Input) async throws -> Operations.ListTags.Output {
        throw LocalError.notImplemented("listTags")
    }

    func listEdges(_ input: Operations.ListEdges.Input) async throws -> Operations.ListEdges.Output {
        throw LocalError.notImplemented("listEdges")
    }

    func createEdge(_ input: Operations.CreateEdge.Input) async throws -> Operations.CreateEdge.Output {
        throw LocalError.notImplemented("createEdge")
    }

    func getEdge(_ input: Operations.GetEdge.Input) async throws -> Operations.GetEdge.Output {
        throw LocalError.notImplemented("getEdge")
    }

    func updateEdge(_ input: Operations.UpdateEdge.Input) async throws -> Operations.UpdateEdge.Output {
        throw LocalError.notImplemented("updateEdge")
    }

    func deleteEdge(_ input: Operations.DeleteEdge.Input) async throws -> Operations.DeleteEdge.Output {
        throw LocalError.notImplemented("deleteEdge")
    }

    func streamEvents(_ input: Operations.StreamEvents.Input) async throws -> Operations.StreamEvents.Output {
        throw LocalError.notImplemented("streamEvents")
    }

    func searchItems(_ input: Operations.SearchItems.Input) async throws -> Operations.SearchItems.Output {
        throw LocalError.notImplemented("searchItems")
    }

    func listOccurrences(_ input: Operations.ListOccurrences.Input) async throws -> Operations.ListOccurrences.Output {
        throw LocalError.notImplemented("listOccurrences")
    }

    func uploadBlob(_ input: Operations.UploadBlob.Input) async throws -> Operations.UploadBlob.Output {
        throw LocalError.notImplemented("uploadBlob")
    }

    func downloadBlob(_ input: Operations.DownloadBlob.Input) async throws -> Operations.DownloadBlob.Output {
        throw LocalError.notImplemented("downloadBlob")
    }

    func getBlobUrl(_ input: Operations.GetBlobUrl.Input) async throws -> Operations.GetBlobUrl.Output {
        throw LocalError.notImplemented("getBlobUrl")
    }
}
