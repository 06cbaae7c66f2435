import Foundation
import WellnessApplication
import WellnessComposition
import WellnessDomain
import WellnessHTTP

extension WellnessClient {
    /// The sync of `wellness`'s store with the server this client is logged in to; `nil` when it
    /// is not logged in. From then on, the process's first read from the server sends the
    /// store's pending changes first (`ServerConnectivity.sendingFirst(_:)`).
    public func syncing(_ wellness: Wellness) async throws -> ClientSync? {
        guard let login = try await credentials.load() else { return nil }
        let remote = ConnectedSyncRemote(HTTPSyncRemote(api(login)), connectivity: connectivity)
        let zone = try? AccountTimeZone.check(configuration.calendar.timeZone.identifier)
        let sync = ClientSync(engine: try SyncWithServer(stores: wellness.repositories, remote: remote,
                                                         clock: configuration.clock, timeZone: zone),
                              login: login)
        await connectivity.sendingFirst { limit in _ = try? await sync.send([], within: limit) }
        return sync
    }
}

/// A device's sync with the server it is logged in to: everything (``run()``), or what a
/// command just wrote, as soon as the server answers (``send(_:within:)``).
public struct ClientSync: Sendable {
    let engine: SyncWithServer
    /// The server and account synced with.
    public let login: StoredCredentials

    /// Sends what changed here and receives what changed elsewhere, for every collection.
    public func run() async throws -> SyncReport {
        try await engine.execute()
    }

    /// Runs `body` (a command: its writes, and sending them) while no other sync of the store
    /// runs, in this process or another: no page another process receives is merged over a
    /// write before it is taken note of. Waits up to a minute for another's turn
    /// (`SyncError.busy` after).
    public func exclusively<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        try await engine.exclusively(body)
    }

    /// Before a command's writes: the first time, takes note of what the store held before it
    /// synced (older than any other device's change), so that the writes are stamped as new.
    public func prepare() async throws {
        try await engine.captureFirst()
    }

    /// What became of the changes of a write (``send(_:within:)``).
    public enum Delivery: Sendable, Equatable {
        /// The server has them.
        case sent
        /// Kept here, pending: the server did not answer in time (or could not be reached);
        /// the next sync, or the next write that reaches the server, sends them.
        case pending
        /// The server refused the session (its token is forgotten): they are sent once the
        /// person logs in again.
        case sessionEnded
        /// The server refused a record (``send(_:within:)`` throws it; a caller that tells it
        /// says so): it is kept here, set aside until it changes, and `wellness sync` lists it.
        case refused
    }

    /// Takes note of what changed in `collections` (`nil`: anything; empty: nothing) and sends
    /// every pending change, if the server takes them within `limit`; else they stay pending. A record the
    /// server refuses is set aside and thrown (`SyncError.refused`) once the rest is sent.
    public func send(_ collections: Set<RecordCollection>?, within limit: Duration = .seconds(1)) async throws -> Delivery {
        let engine = self.engine
        if collections?.isEmpty != true { try await engine.capture(collections) }
        return try await withThrowingTaskGroup(of: Delivery?.self) { group in
            group.addTask {
                do {
                    let report = try await engine.send([])
                    if let (collection, records) = report.refused.min(by: { $0.key.rawValue < $1.key.rawValue }),
                       let (key, reason) = records.min(by: { $0.key < $1.key }) {
                        throw SyncError.refused(collection, key, RecordRejection(reason))
                    }
                    return .sent
                } catch ApiFailure.unauthorized {
                    return .sessionEnded
                } catch let error as SyncError {
                    throw error
                } catch {
                    return .pending
                }
            }
            group.addTask {
                try? await Task.sleep(for: limit)
                return nil
            }
            let first = try await group.next() ?? nil
            group.cancelAll()
            return first ?? .pending
        }
    }
}
