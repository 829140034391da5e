#if canImport(Security)
import Foundation
import Security

/// Generic-password items in the Keychain, for `Keychain` on Apple platforms.
struct AppleKeychain {
    let accessGroup: String?

    private func query(service: String, account: String?) -> [String: Any] {
        var query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
            kSecUseDataProtectionKeychain as String: true,
        ]
        if let account { query[kSecAttrAccount as String] = account }
        if let accessGroup { query[kSecAttrAccessGroup as String] = accessGroup }
        return query
    }

    func read(service: String, account: String) throws(Keychain.Failure) -> Data? {
        var request = query(service: service, account: account)
        request[kSecReturnData as String] = true
        request[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: CFTypeRef?
        let status = SecItemCopyMatching(request as CFDictionary, &result)
        if status == errSecItemNotFound { return nil }
        guard status == errSecSuccess, let data = result as? Data else {
            throw .unreadable(message: "The Keychain holds this entry but can't read it (status \(status)).")
        }
        return data
    }

    func write(_ data: Data, service: String, account: String) throws(Keychain.Failure) {
        let match = query(service: service, account: account)
        let update = [kSecValueData as String: data]
        var status = SecItemUpdate(match as CFDictionary, update as CFDictionary)
        if status == errSecItemNotFound {
            var add = match
            add[kSecValueData as String] = data
            add[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
            status = SecItemAdd(add as CFDictionary, nil)
        }
        guard status == errSecSuccess else {
            throw .status(status, message: "The Keychain refused the write (status \(status)).")
        }
    }

    func remove(service: String, account: String) throws(Keychain.Failure) -> Bool {
        let status = SecItemDelete(query(service: service, account: account) as CFDictionary)
        if status == errSecItemNotFound { return false }
        guard status == errSecSuccess else {
            throw .status(status, message: "The Keychain refused the removal (status \(status)).")
        }
        return true
    }

    func accounts(service: String) throws(Keychain.Failure) -> [String] {
        var request = query(service: service, account: nil)
        request[kSecReturnAttributes as String] = true
        request[kSecMatchLimit as String] = kSecMatchLimitAll
        var result: CFTypeRef?
        let status = SecItemCopyMatching(request as CFDictionary, &result)
        if status == errSecItemNotFound { return [] }
        guard status == errSecSuccess, let items = result as? [[String: Any]] else {
            throw .status(status, message: "The Keychain couldn't list its entries (status \(status)).")
        }
        return items.compactMap { $0[kSecAttrAccount as String] as? String }.sorted()
    }
}
#endif
