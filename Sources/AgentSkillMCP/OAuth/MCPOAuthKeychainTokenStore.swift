#if canImport(Security)
  import Foundation
  import Security

  /// Keeps OAuth sessions in the Keychain as generic passwords (one item per MCP server, readable after the first
  /// unlock, on this device only).
  ///
  /// ```swift
  /// func oauthStore() -> some MCPOAuthTokenStore {
  ///   MCPOAuthKeychainTokenStore(service: "com.example.myapp.mcp-oauth")
  /// }
  /// ```
  public struct MCPOAuthKeychainTokenStore: MCPOAuthTokenStore {
    /// The items' `kSecAttrService`.
    public let service: String

    /// A store whose items carry `service`.
    ///
    /// - Parameter service: The Keychain service name; use your app's bundle identifier with a suffix.
    public init(service: String = "AgentSkillMCP.OAuth") {
      self.service = service
    }

    /// The session stored for `server`.
    public func session(for server: String) async throws(MCPOAuthError) -> MCPOAuthSession? {
      var query = baseQuery(server)
      query[kSecReturnData as String] = true
      query[kSecMatchLimit as String] = kSecMatchLimitOne
      var result: CFTypeRef?
      let status = SecItemCopyMatching(query as CFDictionary, &result)
      if status == errSecItemNotFound { return nil }
      guard status == errSecSuccess, let data = result as? Data else {
        throw .storeFailed(reason: "the Keychain could not read the session (\(Self.message(status)))")
      }
      do {
        return try JSONDecoder().decode(MCPOAuthSession.self, from: data)
      } catch {
        // An unreadable item (an older format) only means signing in again.
        SecItemDelete(baseQuery(server) as CFDictionary)
        return nil
      }
    }

    /// Stores or removes the session for `server`.
    public func setSession(_ session: MCPOAuthSession?, for server: String) async throws(MCPOAuthError) {
      guard let session else {
        let status = SecItemDelete(baseQuery(server) as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else {
          throw .storeFailed(reason: "the Keychain could not remove the session (\(Self.message(status)))")
        }
        return
      }
      let data: Data
      do {
        data = try JSONEncoder().encode(session)
      } catch {
        throw .storeFailed(reason: "the session could not be encoded")
      }
      let update: [String: Any] = [kSecValueData as String: data]
      var status = SecItemUpdate(baseQuery(server) as CFDictionary, update as CFDictionary)
      if status == errSecItemNotFound {
        var item = baseQuery(server)
        item[kSecValueData as String] = data
        item[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
        status = SecItemAdd(item as CFDictionary, nil)
      }
      guard status == errSecSuccess else {
        throw .storeFailed(reason: "the Keychain could not save the session (\(Self.message(status)))")
      }
    }

    private func baseQuery(_ server: String) -> [String: Any] {
      [
        kSecClass as String: kSecClassGenericPassword,
        kSecAttrService as String: service,
        kSecAttrAccount as String: server,
      ]
    }

    private static func message(_ status: OSStatus) -> String {
      (SecCopyErrorMessageString(status, nil) as String?) ?? "OSStatus \(status)"
    }
  }
#endif
