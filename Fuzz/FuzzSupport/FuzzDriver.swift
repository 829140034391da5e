import CFuzzerDriver
import Foundation

/// The function libFuzzer calls with each input; set once by `FuzzDriver.run(_:)`.
nonisolated(unsafe) private var currentTarget: ((UnsafeRawBufferPointer) -> Void)?

/// Starts libFuzzer on a fuzz target's entry point.
///
/// Every fuzz target is an executable whose `main.swift` calls `FuzzDriver.run { bytes in … }`:
/// libFuzzer reads its usual command line (corpus folders, `-max_total_time=`, `-runs=`, a crash
/// file to replay) and calls the closure once per input. The closure returns normally for any
/// input the code under test handles; a finding traps (`FuzzFinding.report`), which libFuzzer
/// records as a crash with its input.
package enum FuzzDriver {
    /// Runs libFuzzer with the process's arguments and exits with its status.
    package static func run(_ target: @escaping (UnsafeRawBufferPointer) -> Void) -> Never {
        currentTarget = target
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
            currentTarget?(UnsafeRawBufferPointer(start: data, count: size))
            return 0
        }
        exit(status)
    }
}
