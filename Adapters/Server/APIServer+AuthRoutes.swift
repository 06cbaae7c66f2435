import Hummingbird
import WellnessApplication
import WellnessDomain
import WellnessWire

/// Sessions: logging in (the one route of the API without a token), reading the session,
/// logging out (here or everywhere) and changing the password.
extension APIServer {
    func addAuthRoutes(to router: Router<APIRequestContext>, authenticated api: RouterGroup<APIRequestContext>) {
        router.on(Wire.Route.logIn) { request, context in
            let login = try await JSONObject.read(request, limit: configuration.maxBodyBytes, as: Wire.LoginRequest.init(fields:))
            do {
                let grant = try await sessions.start.execute(email: login.email, password: login.password,
                                                             client: client(of: request, context),
                                                             timeZone: login.timeZone).grant
                return try Self.json(Wire.LoginResponse(accessToken: grant.accessToken, expiresAt: grant.expiresAt))
            } catch AccountError.unknownTimeZone(let identifier) {
                throw APIError.validation("\"timeZone\": " + describe(AccountError.unknownTimeZone(identifier)))
            } catch AccountError.invalidCredentials {
                throw APIError.invalidCredentials
            } catch AccountError.tooManyAttempts(let wait) {
                throw APIError.rateLimited(retryAfter: wait)
            } catch AccountError.passwordControlCharacter {
                throw APIError.passwordControlCharacter
            }
        }

        api.on(Wire.Route.session) { _, context in
            let account = try context.requireAccount()
            let session = try await sessions.authenticate.execute(context.token ?? "").session
            let tier = try await workspace(account).tier.execute()
            return try Self.json(Wire.SessionResponse(info: SessionInfo(
                accountID: account.id.description, email: account.email.rawValue, tier: tier, expiresAt: session.expiresAt)))
        }

        api.on(Wire.Route.logOut) { _, context in
            try await sessions.end.execute(context.token ?? "")
            return Response(status: .noContent)
        }

        // The sessions are the store's, shared by every process on it, and every request reads
        // its token's session there: nothing in a process keeps accepting a token ended here.
        api.on(Wire.Route.logOutEverywhere) { _, context in
            try await sessions.endEvery.execute(try context.requireAccount().id)
            return Response(status: .noContent)
        }

        api.on(Wire.Route.changePassword) { request, context in
            let account = try context.requireAccount()
            let change = try await JSONObject.read(request, limit: configuration.maxBodyBytes,
                                                   as: Wire.ChangePasswordRequest.init(fields:))
            do {
                try await sessions.changePassword.execute(account.id, current: change.currentPassword,
                                                          new: change.newPassword, keepingSessionOf: context.token ?? "",
                                                          client: client(of: request, context))
            } catch let error as AccountError {
                switch error {
                case .invalidCredentials:
                    throw APIError(.forbidden, .invalidPassword, "wrong current password: the password was not changed")
                case .tooManyAttempts(let wait): throw APIError.rateLimited(retryAfter: wait)
                case .passwordTooShort, .passwordTooLong, .passwordControlCharacter:
                    throw APIError.validation("\"newPassword\": \(describe(error))")
                default: throw error
                }
            }
            return Response(status: .noContent)
        }
    }
}
