import Marfa

/// The state of a notes screen, without SwiftUI: the notes, what to say about the connection, how
/// many writes wait, and the writes the server refused. It reads and writes through the
/// `WorkingCopy` it is given, so a test hands it `WorkingCopy.fake(...).copy`.
@MainActor
public final class NotesModel {
    /// What the screen says about the connection.
    public enum Banner: Sendable, Hashable {
        /// Nothing: the copy is local, idle or following.
        case none
        /// The copy is reaching the server, filling or catching up.
        case syncing
        /// The server can't be reached; writes wait. The text is the error's message.
        case offline(String)
        /// The copy stopped following until asked again. The text is the error's message.
        case stopped(String)
    }

    /// The type of the notes the model shows.
    public static let noteType = "app.note"

    /// The notes, newest first.
    public private(set) var notes: [Item] = []
    /// What the screen says about the connection now.
    public private(set) var banner = Banner.none
    /// How many writes wait to be sent.
    public private(set) var unsent = 0
    /// Why the server refused each refused write, in the order refused.
    public private(set) var problems: [String] = []
    /// The banner for each connection update, the first for the connection as it was, for a
    /// screen (or a test) to follow.
    public let banners: AsyncStream<Banner>

    private let copy: WorkingCopy
    private let bannerContinuation: AsyncStream<Banner>.Continuation

    /// A model over `copy`; call `load()` to read the notes.
    public init(copy: WorkingCopy) {
        self.copy = copy
        (banners, bannerContinuation) = AsyncStream.makeStream(of: Banner.self)
    }

    /// Reads the notes and the count of waiting writes again.
    public func load() async throws {
        notes = try await copy.items.list(
            ListFilters(type: Self.noteType), sort: Sort(field: .createdAt, direction: .descending))
        unsent = try await copy.queue.all().filter { $0.verdict == nil }.count
    }

    /// Adds a note at once, offline too; it is sent with the next `sync()`.
    public func add(title: String, body: String = "") async throws {
        _ = try await copy.items.create(
            Draft(type: Self.noteType, properties: ["title": .string(title), "body": .string(body)]))
        try await load()
    }

    /// Renames the note `id`, based on the version the model shows.
    public func rename(_ id: String, to title: String) async throws {
        guard let note = notes.first(where: { $0.id == id }) else { return }
        _ = try await copy.items.update(id, Edit(.merge(["title": .string(title)]), baseVersion: note.version))
        try await load()
    }

    /// Sends the waiting writes once and notes why any was refused.
    public func sync() async throws {
        let report = try await copy.queue.drain()
        for answered in report.verdicts {
            if case .refused(let refusal)? = answered.verdict { problems.append(refusal.message ?? refusal.reason) }
        }
        try await load()
    }

    /// Follows the copy's connection until the copy closes, keeping `banner` (and `banners`) in step.
    public func followConnection() async {
        for await update in copy.updates() {
            banner = Self.banner(for: update)
            bannerContinuation.yield(banner)
        }
        bannerContinuation.finish()
    }

    /// What the screen says for `update`.
    public static func banner(for update: CopyUpdate) -> Banner {
        switch update {
        case .local, .idle, .following: .none
        case .connecting, .hydrating, .catchingUp: .syncing
        case .offline(let error): .offline(error.message)
        case .stopped(let error): .stopped(error.message)
        }
    }
}
