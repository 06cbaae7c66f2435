import Foundation
import WellnessDomain

/// A tips service that asks before anything leaves the machine: to a loopback destination
/// (`localhost`, `127.0.0.0/8`, `::1`) it passes every call on; to any other, only once the
/// person allowed that destination, now (`allowNow`, which is then stored) or on an earlier run.
/// Otherwise it sends nothing and fails with ``GoalTipsServiceError/remoteNotAllowed(destination:)``,
/// so ``GetGoalTips`` falls back to the rules and the person is told what would be sent where.
public struct RemoteTipsGate: GoalTipsService {
    let service: any GoalTipsService
    /// `scheme://host[:port]`, as shown to the person and stored.
    public let destination: String
    /// Whether `destination` is this machine, which every call may reach without asking.
    public let isLoopback: Bool
    let consents: any TipsConsentRepository
    let allowNow: Bool

    /// `url` is the service's base URL; `allowNow` records the person's permission (a flag, an
    /// environment variable) before the first call.
    public init(_ service: any GoalTipsService, url: URL, consents: any TipsConsentRepository, allowNow: Bool) {
        self.service = service
        destination = Self.destination(of: url)
        isLoopback = Self.isLoopback(host: url.host ?? "")
        self.consents = consents
        self.allowNow = allowNow
    }

    /// Passes the call on when the destination is allowed, as the type describes; otherwise sends nothing
    /// and throws `GoalTipsServiceError.remoteNotAllowed`.
    public func tips(for goal: Goal, context: UserContext) async throws(GoalTipsServiceError) -> TipsAnswer {
        if !isLoopback {
            do {
                if allowNow {
                    try await consents.allow(destination)
                } else if try await !consents.isAllowed(destination) {
                    throw GoalTipsServiceError.remoteNotAllowed(destination: destination)
                }
            } catch let error as GoalTipsServiceError {
                throw error
            } catch {
                // Without a readable answer nothing is sent: the choice could not be confirmed.
                throw .remoteNotAllowed(destination: destination)
            }
        }
        return try await service.tips(for: goal, context: context)
    }

    /// `scheme://host[:port]` of `url`, lower-cased, without path, user or password.
    public static func destination(of url: URL) -> String {
        let scheme = (url.scheme ?? "http").lowercased()
        var host = (url.host ?? "").lowercased()
        if host.contains(":") && !host.hasPrefix("[") { host = "[\(host)]" }
        return "\(scheme)://\(host)\(url.port.map { ":\($0)" } ?? "")"
    }

    /// Whether `host` names this machine: `localhost`, an IPv4 address in `127.0.0.0/8`, or `::1`.
    /// Anything else, IPv4-mapped addresses and names that merely resolve to loopback included,
    /// counts as another machine: asking once too often is harmless, sending unasked is not.
    public static func isLoopback(host: String) -> Bool {
        var name = host.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name == "localhost" || name == "::1" || name == "0:0:0:0:0:0:0:1" { return true }
        let octets = name.split(separator: ".", omittingEmptySubsequences: false).map { part in
            part.allSatisfy { $0.isASCII && $0.isNumber } ? UInt8(part) : nil
        }
        guard octets.count == 4, octets.allSatisfy({ $0 != nil }) else { return false }
        return octets[0] == 127
    }
}
