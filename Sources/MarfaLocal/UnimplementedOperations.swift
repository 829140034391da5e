import MarfaTypes

/// Operations of the contract this build does not implement yet: each answers
/// `501 not_implemented` in the error envelope.
extension LocalAPI {
    /// The operation IDs answered `501 not_implemented`.
    static let unimplementedOperations: [String] = [
        "getAuthorizationServerMetadata",
        "registerOAuthClient",
        "authorize",
        "showConsentPage",
        "submitConsentDecision",
        "requestToken",
        "revokeToken",
        "requestDeviceCode",
        "showDeviceEntryPage",
        "submitDeviceCode",
        "showDeviceConsentPage",
        "submitDeviceConsent",
        "showSignInPage",
        "signInWithPassword",
        "getOwner",
        "createOwner",
        "listGrants",
        "revokeGrant",
        "previewTypeMove",
        "startTypeMove",
        "getTypeMove",
        "cancelTypeMove",
        "registerEdgeType",
        "listEdgeTypes",
        "deleteEdgeType",
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
        "createWebhook",
        "listWebhooks",
        "getWebhook",
        "updateWebhook",
        "deleteWebhook",
        "listWebhookDeliveries",
        "listHousekeepingJobs",
        "runHousekeeping",
        "uploadBlob",
        "downloadBlob",
        "getBlobUrl",
        "listFolders",
        "createFolder",
        "getFolder",
        "updateFolder",
        "deleteFolder",
        "listViews",
        "createView",
        "getView",
        "updateView",
        "deleteView",
    ]

    func getAuthorizationServerMetadata(_ input: Operations.GetAuthorizationServerMetadata.Input) async throws -> Operations.GetAuthorizationServerMetadata.Output {
        throw LocalError.notImplemented("getAuthorizationServerMetadata")
    }

    func registerOAuthClient(_ input: Operations.RegisterOAuthClient.Input) async throws -> Operations.RegisterOAuthClient.Output {
        throw LocalError.notImplemented("registerOAuthClient")
    }

    func authorize(_ input: Operations.Authorize.Input) async throws -> Operations.Authorize.Output {
        throw LocalError.notImplemented("authorize")
    }

    func showConsentPage(_ input: Operations.ShowConsentPage.Input) async throws -> Operations.ShowConsentPage.Output {
        throw LocalError.notImplemented("showConsentPage")
    }

    func submitConsentDecision(_ input: Operations.SubmitConsentDecision.Input) async throws -> Operations.SubmitConsentDecision.Output {
        throw LocalError.notImplemented("submitConsentDecision")
    }

    func requestToken(_ input: Operations.RequestToken.Input) async throws -> Operations.RequestToken.Output {
        throw LocalError.notImplemented("requestToken")
    }

    func revokeToken(_ input: Operations.RevokeToken.Input) async throws -> Operations.RevokeToken.Output {
        throw LocalError.notImplemented("revokeToken")
    }

    func requestDeviceCode(_ input: Operations.RequestDeviceCode.Input) async throws -> Operations.RequestDeviceCode.Output {
        throw LocalError.notImplemented("requestDeviceCode")
    }

    func showDeviceEntryPage(_ input: Operations.ShowDeviceEntryPage.Input) async throws -> Operations.ShowDeviceEntryPage.Output {
        throw LocalError.notImplemented("showDeviceEntryPage")
    }

    func submitDeviceCode(_ input: Operations.SubmitDeviceCode.Input) async throws -> Operations.SubmitDeviceCode.Output {
        throw LocalError.notImplemented("submitDeviceCode")
    }

    func showDeviceConsentPage(_ input: Operations.ShowDeviceConsentPage.Input) async throws -> Operations.ShowDeviceConsentPage.Output {
        throw LocalError.notImplemented("showDeviceConsentPage")
    }

    func submitDeviceConsent(_ input: Operations.SubmitDeviceConsent.Input) async throws -> Operations.SubmitDeviceConsent.Output {
        throw LocalError.notImplemented("submitDeviceConsent")
    }

    func showSignInPage(_ input: Operations.ShowSignInPage.Input) async throws -> Operations.ShowSignInPage.Output {
        throw LocalError.notImplemented("showSignInPage")
    }

    func signInWithPassword(_ input: Operations.SignInWithPassword.Input) async throws -> Operations.SignInWithPassword.Output {
        throw LocalError.notImplemented("signInWithPassword")
    }

    func getOwner(_ input: Operations.GetOwner.Input) async throws -> Operations.GetOwner.Output {
        throw LocalError.notImplemented("getOwner")
    }

    func createOwner(_ input: Operations.CreateOwner.Input) async throws -> Operations.CreateOwner.Output {
        throw LocalError.notImplemented("createOwner")
    }

    func listGrants(_ input: Operations.ListGrants.Input) async throws -> Operations.ListGrants.Output {
        throw LocalError.notImplemented("listGrants")
    }

    func revokeGrant(_ input: Operations.RevokeGrant.Input) async throws -> Operations.RevokeGrant.Output {
        throw LocalError.notImplemented("revokeGrant")
    }

    func previewTypeMove(_ input: Operations.PreviewTypeMove.Input) async throws -> Operations.PreviewTypeMove.Output {
        throw LocalError.notImplemented("previewTypeMove")
    }

    func startTypeMove(_ input: Operations.StartTypeMove.Input) async throws -> Operations.StartTypeMove.Output {
        throw LocalError.notImplemented("startTypeMove")
    }

    func getTypeMove(_ input: Operations.GetTypeMove.Input) async throws -> Operations.GetTypeMove.Output {
        throw LocalError.notImplemented("getTypeMove")
    }

    func cancelTypeMove(_ input: Operations.CancelTypeMove.Input) async throws -> Operations.CancelTypeMove.Output {
        throw LocalError.notImplemented("cancelTypeMove")
    }

    func registerEdgeType(_ input: Operations.RegisterEdgeType.Input) async throws -> Operations.RegisterEdgeType.Output {
        throw LocalError.notImplemented("registerEdgeType")
    }

    func listEdgeTypes(_ input: Operations.ListEdgeTypes.Input) async throws -> Operations.ListEdgeTypes.Output {
        throw LocalError.notImplemented("listEdgeTypes")
    }

    func deleteEdgeType(_ input: Operations.DeleteEdgeType.Input) async throws -> Operations.DeleteEdgeType.Output {
        throw LocalError.notImplemented("deleteEdgeType")
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

    func createWebhook(_ input: Operations.CreateWebhook.Input) async throws -> Operations.CreateWebhook.Output {
        throw LocalError.notImplemented("createWebhook")
    }

    func listWebhooks(_ input: Operations.ListWebhooks.Input) async throws -> Operations.ListWebhooks.Output {
        throw LocalError.notImplemented("listWebhooks")
    }

    func getWebhook(_ input: Operations.GetWebhook.Input) async throws -> Operations.GetWebhook.Output {
        throw LocalError.notImplemented("getWebhook")
    }

    func updateWebhook(_ input: Operations.UpdateWebhook.Input) async throws -> Operations.UpdateWebhook.Output {
        throw LocalError.notImplemented("updateWebhook")
    }

    func deleteWebhook(_ input: Operations.DeleteWebhook.Input) async throws -> Operations.DeleteWebhook.Output {
        throw LocalError.notImplemented("deleteWebhook")
    }

    func listWebhookDeliveries(_ input: Operations.ListWebhookDeliveries.Input) async throws -> Operations.ListWebhookDeliveries.Output {
        throw LocalError.notImplemented("listWebhookDeliveries")
    }

    func listHousekeepingJobs(_ input: Operations.ListHousekeepingJobs.Input) async throws -> Operations.ListHousekeepingJobs.Output {
        throw LocalError.notImplemented("listHousekeepingJobs")
    }

    func runHousekeeping(_ input: Operations.RunHousekeeping.Input) async throws -> Operations.RunHousekeeping.Output {
        throw LocalError.notImplemented("runHousekeeping")
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

    func listFolders(_ input: Operations.ListFolders.Input) async throws -> Operations.ListFolders.Output {
        throw LocalError.notImplemented("listFolders")
    }

    func createFolder(_ input: Operations.CreateFolder.Input) async throws -> Operations.CreateFolder.Output {
        throw LocalError.notImplemented("createFolder")
    }

    func getFolder(_ input: Operations.GetFolder.Input) async throws -> Operations.GetFolder.Output {
        throw LocalError.notImplemented("getFolder")
    }

    func updateFolder(_ input: Operations.UpdateFolder.Input) async throws -> Operations.UpdateFolder.Output {
        throw LocalError.notImplemented("updateFolder")
    }

    func deleteFolder(_ input: Operations.DeleteFolder.Input) async throws -> Operations.DeleteFolder.Output {
        throw LocalError.notImplemented("deleteFolder")
    }

    func listViews(_ input: Operations.ListViews.Input) async throws -> Operations.ListViews.Output {
        throw LocalError.notImplemented("listViews")
    }

    func createView(_ input: Operations.CreateView.Input) async throws -> Operations.CreateView.Output {
        throw LocalError.notImplemented("createView")
    }

    func getView(_ input: Operations.GetView.Input) async throws -> Operations.GetView.Output {
        throw LocalError.notImplemented("getView")
    }

    func updateView(_ input: Operations.UpdateView.Input) async throws -> Operations.UpdateView.Output {
        throw LocalError.notImplemented("updateView")
    }

    func deleteView(_ input: Operations.DeleteView.Input) async throws -> Operations.DeleteView.Output {
        throw LocalError.notImplemented("deleteView")
    }
}
