import Foundation

/// How `items.attach(to:file:_:)` makes the file item: each value left nil is worked out from the
/// file.
public struct Attachment: Sendable, Hashable {
    /// What the bytes are sent under; else the file's extension chooses.
    public var mimeType: String?
    /// The file item's title; else the file's name, numbered when another file attached to the
    /// same item has it ("photo 2.png").
    public var title: String?
    /// The file item's type; else `core.file.image`, `.audio` or `.video` by the media type, else
    /// `core.file`.
    public var type: String?
    /// The file item's tier; else the slice's.
    public var tier: Tier?

    /// An attachment whose values left nil are worked out from the file.
    public init(mimeType: String? = nil, title: String? = nil, type: String? = nil, tier: Tier? = nil) {
        self.mimeType = mimeType
        self.title = title
        self.type = type
        self.tier = tier
    }
}

/// What an attach queued: the upload, the file item's create (waiting on the upload) and the
/// `attached-to` edge from the file item to the item (waiting on the create).
public struct Attached: Sendable, Hashable {
    /// The upload of the bytes.
    public var upload: QueuedWrite
    /// The file item's create.
    public var item: QueuedWrite
    /// The `attached-to` edge's create.
    public var edge: QueuedWrite
    /// The text that embeds the file in a body: `![[title]]`.
    public var embed: String?

    /// An attach with these writes, for an app's previews and tests.
    public init(upload: QueuedWrite, item: QueuedWrite, edge: QueuedWrite, embed: String? = nil) {
        self.upload = upload
        self.item = item
        self.edge = edge
        self.embed = embed
    }
}

/// What an embed queued: the attach, and the body edit that shows the file.
public struct Embedded: Sendable, Hashable {
    /// The attach's three writes.
    public var attached: Attached
    /// The body edit.
    public var body: QueuedWrite
    /// The embed text appended: `![[title]]`.
    public var embed: String

    /// An embed of these writes, for an app's previews and tests.
    public init(attached: Attached, body: QueuedWrite, embed: String) {
        self.attached = attached
        self.body = body
        self.embed = embed
    }
}

/// An embed whose attach was queued but whose body edit failed: the file is attached, and
/// `cause` says why the body wasn't changed.
public struct EmbedFailure: Error, Sendable, Hashable {
    /// The attach, queued and kept.
    public var attached: Attached
    /// Why the body edit failed.
    public var cause: MarfaError

    /// A failed embed whose attach `attached` was kept, for `cause`.
    public init(attached: Attached, cause: MarfaError) {
        self.attached = attached
        self.cause = cause
    }
}

/// A small picture an item carries, from its type's thumbnail field: PNG, JPEG or WebP, 16 KiB at
/// most.
public struct Thumbnail: Sendable, Hashable {
    /// `image/png`, `image/jpeg` or `image/webp`.
    public var mimeType: String
    /// The picture's bytes.
    public var bytes: Data

    /// A thumbnail of `bytes` of the media type `mimeType`.
    public init(mimeType: String, bytes: Data) {
        self.mimeType = mimeType
        self.bytes = bytes
    }
}
