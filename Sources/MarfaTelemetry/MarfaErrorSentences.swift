import Marfa

extension MarfaError {
    /// One sentence per case, written in the SDK, that says what happened without any value the
    /// error carries. A new case breaks this switch on purpose: it needs its own sentence.
    var telemetrySentence: String {
        switch self {
        case .notFound: "The server, or the copy before sending, found no such row, type or path."
        case .unauthorized: "The key or access token was refused."
        case .forbidden: "The key works but lacks a permission."
        case .server: "The server refused the call."
        case .validation: "The server or the copy refused the values given."
        case .rateLimited: "The server asked the app to wait before asking again."
        case .versionConflict: "The write was based on a version that is no longer current."
        case .unknownType: "The copy's catalog holds no type of that name."
        case .invalid: "A value given to the call can't be used; nothing was sent."
        case .network: "A connection was made and no complete answer arrived."
        case .noConnection: "The server couldn't be reached; nothing was sent."
        case .unnamed: "Something in front of the server answered without Marfa's contract."
        case .redirected: "The server answered with a redirect, which is not followed."
        case .contractMismatch: "The server speaks another contract than the one this build was made for."
        case .wrongServer: "The instance at the copy's new address isn't the one the store was made against."
        case .instanceChanged: "Another instance answers at the server's address."
        case .signedOut: "The sign-in ended."
        case .noKeychain: "The keychain can't be used."
        case .noServer: "The call needs a server, and the copy was opened without one."
        case .hydrationIncomplete: "The read or write needs a whole copy."
        case .copyExpired: "The copy needs a fill."
        case .streamIncomplete: "The server ended the event stream early."
        case .noCursor: "The copy holds no position in the instance's events."
        case .noCatalog: "The copy holds no type catalog."
        case .wrongSchema: "The store was made by another build."
        case .unsentDiffers: "The store holds another count of unsent writes than the app passed."
        case .readingHandle: "Another process or open copy writes the store, so this copy only reads."
        case .keyChanging: "The call came while the key was being replaced."
        case .closed: "The copy was closed."
        case .firstSyncWaiting: "A folder's first sync waits for the person to confirm it."
        case .bytesAbsent: "A file's bytes aren't on the device, and can't be fetched."
        case .noRoom: "The volume has too little free space for a fetch."
        case .io: "A local file couldn't be read or written."
        case .store: "The store couldn't be read or written."
        case .storageFull: "The device is full."
        case .decoding: "An answer couldn't be read."
        case .canceled: "The call was canceled."
        }
    }

    /// The server's own code, for the cases that carry one.
    var serverCode: String? {
        switch self {
        case .notFound(let code, _), .unauthorized(let code, _), .forbidden(let code, _),
            .server(_, let code, _), .validation(let code, _, _), .rateLimited(let code, _, _),
            .versionConflict(let code, _):
            code
        case .unknownType, .invalid, .network, .noConnection, .unnamed, .redirected, .contractMismatch,
            .wrongServer, .instanceChanged, .signedOut, .noKeychain, .noServer, .hydrationIncomplete,
            .copyExpired, .streamIncomplete, .noCursor, .noCatalog, .wrongSchema, .unsentDiffers,
            .readingHandle, .keyChanging, .closed, .firstSyncWaiting, .bytesAbsent, .noRoom, .io, .store,
            .storageFull, .decoding, .canceled:
            nil
        }
    }
}
