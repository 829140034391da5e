import Foundation

/// The peak resident size the kernel keeps for a process (`VmHWM`): this one, or another of the
/// same user's (the local instance's), read from and reset through `/proc`.
struct PeakMemory {
    /// `self` or a process ID.
    let process: String

    static let this = PeakMemory(process: "self")

    init(process: String) { self.process = process }
    init(pid: Int32) { process = String(pid) }

    /// Starts a new peak from the present resident size.
    func reset() {
        try? "5".write(toFile: "/proc/\(process)/clear_refs", atomically: false, encoding: .utf8)
    }

    /// The peak since the last reset, in MiB.
    var mib: Double {
        let status = (try? String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return (Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) / 1024
    }
}

/// Seconds in `duration`.
func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// The middle value (the mean of the two middle ones for an even count).
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}
