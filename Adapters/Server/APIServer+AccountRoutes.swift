import Foundation
import Hummingbird
import NIOCore
import WellnessApplication
import WellnessDomain
import WellnessWire

/// The account as a whole: its data as a backup archive, and deleting it.
extension APIServer {
    func addAccountRoutes(to api: RouterGroup<APIRequestContext>) {
        api.on(Wire.Route.exportAccount) { _, context in
            let archive = ArchiveBytes()
            try await workspace(try context.requireAccount()).backUp.execute(to: archive.append)
            return Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8",
                                                   .contentDisposition: "attachment; filename=\"wellness-backup.json\""],
                            body: ResponseBody(byteBuffer: archive.buffer))
        }

        api.on(Wire.Route.deleteAccount) { request, context in
            let account = try context.requireAccount()
            let confirmation = try await JSONObject.read(request, limit: configuration.maxBodyBytes,
                                                         as: Wire.DeleteAccountRequest.init(fields:))
            do {
                try await deleteAccount(account, confirmation.password, client(of: request, context))
            } catch AccountError.invalidCredentials {
                throw APIError(.forbidden, .invalidPassword, "wrong password: the account was not deleted")
            } catch AccountError.tooManyAttempts(let wait) {
                throw APIError.rateLimited(retryAfter: wait)
            } catch AccountError.passwordControlCharacter {
                throw APIError.passwordControlCharacter
            }
            return Response(status: .noContent)
        }
    }
}

/// An archive's bytes, handed over in chunks by ``BackUpStore``.
private final class ArchiveBytes: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes = ByteBuffer()

    func append(_ chunk: [UInt8]) {
        lock.withLock { _ = bytes.writeBytes(chunk) }
    }

    var buffer: ByteBuffer { lock.withLock { bytes } }
}
