import Foundation
import Synchronization

/// The instance-wide budget of owner password attempts: at most `limit` wrong ones in any
/// `window` (10 in 15 minutes by default); past it every attempt, right or wrong, is refused
/// `429` until the oldest wrong one leaves the window. Each attempt takes a place before the
/// password is checked, and a correct one gives it back, so racing guesses cannot overshoot.
final class PasswordAttempts: Sendable {
    let limit: Int
    let window: TimeInterval
    private let attempts = Mutex<[UUID: Date]>([:])

    init(limit: Int = 10, window: TimeInterval = 15 * 60) {
        self.limit = max(limit, 1)
        self.window = window
    }

    /// What `admit` decided.
    enum Admission: Sendable {
        /// Go ahead; `give back` the ticket when the password was right.
        case admitted(ticket: UUID)
        /// Refused; try again after this many seconds.
        case refused(retryAfter: Int)
    }

    /// Takes a place for one attempt at `now`, or refuses it.
    func admit(now: Date) -> Admission {
        attempts.withLock { attempts in
            attempts = attempts.filter { now.timeIntervalSince($0.value) < window }
            guard attempts.count < limit else {
                let oldest = attempts.values.min() ?? now
                return .refused(
                    retryAfter: max(Int(oldest.addingTimeInterval(window).timeIntervalSince(now).rounded(.up)), 1))
            }
            let ticket = UUID()
            attempts[ticket] = now
            return .admitted(ticket: ticket)
        }
    }

    /// Removes the attempt `ticket` took: the password was right.
    func giveBack(_ ticket: UUID) {
        _ = attempts.withLock { $0.removeValue(forKey: ticket) }
    }
}
