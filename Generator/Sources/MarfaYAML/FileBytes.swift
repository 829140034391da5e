#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading a whole file into memory with the C library, no Foundation needed.
enum FileBytes {
    /// Why a file could not be read, as the C library says it (e.g. "No such file or directory").
    struct Failure: Error {
        var reason: String
    }

    /// The bytes of the file at `path`, or why they could not be read.
    static func read(path: String) -> Result<[UInt8], Failure> {
        guard let file = fopen(path, "rb") else { return .failure(Failure(reason: lastErrorText())) }
        defer { fclose(file) }
        var info = stat()
        var expected = 0
        if fstat(fileno(file), &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR { return .failure(Failure(reason: "it is a directory")) }
            expected = Int(info.st_size)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(expected + 1)
        let chunk = 1 << 16
        var buffer = [UInt8](repeating: 0, count: chunk)
        while true {
            let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, chunk, file) }
            if count > 0 { bytes.append(contentsOf: buffer[0..<count]) }
            if count < chunk {
                if ferror(file) != 0 { return .failure(Failure(reason: lastErrorText())) }
                break
            }
        }
        return .success(bytes)
    }

    private static func lastErrorText() -> String {
        guard let text = strerror(errno) else { return "error \(errno)" }
        return String(cString: text)
    }
}
