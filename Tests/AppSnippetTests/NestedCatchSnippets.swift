import Foundation
import Marfa
import MarfaAPI
import Testing

@Suite struct NestedCatchSnippets {
    @Test func nestedDoCatchWithFoundationCall() async throws {
        do {
            let server = try Server(url: URL(string: "http://127.0.0.1:9")!, key: "k")
            let data = try Data(contentsOf: URL(fileURLWithPath: "notes.txt"))
            print(data.count)
            do {
                _ = try await server.config()
            } catch let error as MarfaError {
                print(error.isOffline)
            }
        } catch {
            print("other")
        }
    }
}
