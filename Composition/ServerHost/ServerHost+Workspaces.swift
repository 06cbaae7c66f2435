import Foundation
import Logging
import WellnessComposition
import WellnessDomain
import WellnessServer

extension ServerHost {
    /// The account containers this process holds open, at most `limit` of them: opening one past
    /// the limit closes the least recently used one that no request holds.
    ///
    /// Closing drops the cache's reference; the store itself (its database connections) closes
    /// when the last user lets go of it. So nothing is ever closed under a user, and nothing is
    /// lost by closing: every write commits to disk before it returns, and the next use opens
    /// the store again from its file. Requests hold their account's container
    /// (``hold(_:)``/``release(_:)``), and a held one is never the one dropped: were it dropped,
    /// the next request for that account would open a second container beside the one still in
    /// use. When every open container is held, the cache goes over the limit for as long as
    /// they are, and comes back under it as they are released.
    actor Workspaces {
        /// A class: a lookup marks it used in place instead of copying the container (a large
        /// struct) in and out of the dictionary.
        private final class Entry {
            let wellness: Wellness
            /// The server's use cases on it in the account's time zone, made when first served
            /// and again when the account's zone changes (every request of the account uses them).
            var served: (timeZone: String?, workspace: AccountWorkspace)?
            var lastUse: UInt64

            init(wellness: Wellness, lastUse: UInt64) {
                self.wellness = wellness
                self.lastUse = lastUse
            }
        }

        /// `nil`: never close (the in-memory store, whose data would go with its container).
        let limit: Int?
        let logger: Logger
        /// The server's use cases on an account's container, in the account's time zone.
        let serve: @Sendable (Account, Wellness) -> AccountWorkspace
        private var open: [Account.ID: Entry] = [:]
        private var holds: [Account.ID: Int] = [:]
        /// A counter for "recently": every use takes the next value.
        private var uses: UInt64 = 0

        init(limit: Int?, logger: Logger, serve: @escaping @Sendable (Account, Wellness) -> AccountWorkspace) {
            self.limit = limit
            self.logger = logger
            self.serve = serve
        }

        /// How many containers are open.
        var count: Int { open.count }

        /// Whether the account's container is open (a test looks).
        func isOpen(_ account: Account.ID) -> Bool { open[account] != nil }

        /// The account's container, opened by `make` when it is not open; marks it as just used.
        func open(_ account: Account.ID, _ make: () throws -> Wellness) throws -> Wellness {
            try entry(account, make).wellness
        }

        /// The server's use cases on the account's container, as ``open(_:_:)`` opens it, in the
        /// account's time zone as this request read it: a zone changed (by a login here or in
        /// another process) makes them again, on the same container.
        func served(_ account: Account, _ make: () throws -> Wellness) throws -> AccountWorkspace {
            let entry = try entry(account.id, make)
            if let served = entry.served, served.timeZone == account.timeZone { return served.workspace }
            let workspace = serve(account, entry.wellness)
            entry.served = (account.timeZone, workspace)
            return workspace
        }

        private func entry(_ account: Account.ID, _ make: () throws -> Wellness) throws -> Entry {
            uses += 1
            if let entry = open[account] {
                entry.lastUse = uses
                return entry
            }
            let entry = Entry(wellness: try make(), lastUse: uses)
            open[account] = entry
            closeIdle()
            return entry
        }

        /// One more request uses this account's container.
        func hold(_ account: Account.ID) { holds[account, default: 0] += 1 }

        /// A request that held this account's container is done with it.
        func release(_ account: Account.ID) {
            guard let count = holds[account] else { return }
            holds[account] = count > 1 ? count - 1 : nil
            closeIdle()
        }

        /// Drops an account's container whether held or not (the account is being deleted).
        func forget(_ account: Account.ID) { open[account] = nil }

        /// Closes the least recently used containers no request holds until at most `limit` are open.
        private func closeIdle() {
            guard let limit else { return }
            while open.count > limit {
                let idle = open.filter { holds[$0.key] == nil }
                guard let victim = idle.min(by: { $0.value.lastUse < $1.value.lastUse })?.key else { return }
                open[victim] = nil
                logger.debug("closed an idle account store", metadata: ["account": "\(victim)", "open": "\(open.count)"])
            }
        }
    }
}
