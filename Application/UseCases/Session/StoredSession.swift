import WellnessDomain

/// Carries out the storage effects of the domain's ``TokenLifecycle`` on a credential store:
/// the one place the client's login is saved and forgotten.
struct StoredSession {
    let credentials: any CredentialStore

    func apply(_ effects: [TokenLifecycle.Effect], stored: StoredCredentials) async throws {
        for effect in effects {
            switch effect {
            case .storeToken: try await credentials.save(stored)
            case .clearToken: _ = try await credentials.clear()
            case .validateToken, .endSession, .showHome, .showWelcome, .showLogin: break
            }
        }
    }
}
