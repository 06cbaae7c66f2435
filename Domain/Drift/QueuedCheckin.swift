import Foundation

/// A check-in waiting in the offline queue to be sent.
///
/// `id` is the client-generated UUID: it travels with every submission as the idempotency key,
/// so a resend after a lost answer is recognised as the same check-in. After
/// `maxFailures` failed sends the item is held for manual review (retry or drop) and a flush no
/// longer sends it.
public struct QueuedCheckin: Sendable, Hashable, Codable, Identifiable {
    /// Failed sends after which an item is held for review.
    public static let maxFailures = 3

    /// The client-generated UUID, which is also the idempotency key.
    public typealias ID = TypedID<QueuedCheckin, UUID>

    public let id: ID
    public let checkin: Checkin
    /// When it was queued.
    public let queuedAt: Date
    /// Failed sends so far.
    public let retryCount: Int
    /// Whether it replaces the server's check-in for its day (`checkin --replace`), rather
    /// than being a first check-in the server may already have.
    public let replaces: Bool

    public init(id: ID = ID(), checkin: Checkin, queuedAt: Date, retryCount: Int = 0, replaces: Bool = false) {
        self.id = id
        self.checkin = checkin
        self.queuedAt = queuedAt
        self.retryCount = retryCount
        self.replaces = replaces
    }

    enum CodingKeys: String, CodingKey { case id, checkin, queuedAt, retryCount, replaces }

    /// Queues written before `replaces` existed read as first check-ins.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try container.decode(ID.self, forKey: .id), checkin: try container.decode(Checkin.self, forKey: .checkin),
                  queuedAt: try container.decode(Date.self, forKey: .queuedAt),
                  retryCount: try container.decode(Int.self, forKey: .retryCount),
                  replaces: try container.decodeIfPresent(Bool.self, forKey: .replaces) ?? false)
    }

    /// The idempotency key sent with every submission: the lower-case UUID.
    public var idempotencyKey: String { id.description }

    /// Whether it failed `maxFailures` times or more: a flush skips it until someone retries
    /// or drops it.
    public var isHeldForReview: Bool { retryCount >= Self.maxFailures }

    /// The item with its failures cleared, as after a manual "retry": the next flush sends it.
    public func resetForRetry() -> QueuedCheckin {
        QueuedCheckin(id: id, checkin: checkin, queuedAt: queuedAt, retryCount: 0, replaces: replaces)
    }

    /// What a flush does with this item after sending it and getting `outcome`.
    public func decision(after outcome: SubmissionOutcome) -> FlushDecision {
        switch outcome {
        case .accepted: return .removeAccepted
        case .duplicate: return .removeDuplicate
        case .failed:
            let updated = QueuedCheckin(id: id, checkin: checkin, queuedAt: queuedAt, retryCount: retryCount + 1,
                                        replaces: replaces)
            return updated.isHeldForReview ? .holdForReview(updated) : .retryLater(updated)
        }
    }
}

/// How the server answered one queued check-in.
public enum SubmissionOutcome: String, Sendable, Hashable, Codable, CaseIterable {
    /// Saved.
    case accepted
    /// Already there (sent before, or checked in from another device): nothing left to send.
    case duplicate
    /// Any other failure (network, server, rate limit): worth another try.
    case failed
}

/// What a flush does with one sent item.
public enum FlushDecision: Sendable, Hashable {
    /// Saved: remove it; counts as flushed.
    case removeAccepted
    /// The server already had it: remove it; counts as flushed.
    case removeDuplicate
    /// It failed: keep it with this updated (incremented) retry count; counts as failed.
    case retryLater(QueuedCheckin)
    /// It failed for the `maxFailures`th time: keep it, updated, held for manual review; counts
    /// as failed (and as held).
    case holdForReview(QueuedCheckin)

    /// Whether the item leaves the queue.
    public var removesItem: Bool {
        switch self {
        case .removeAccepted, .removeDuplicate: true
        case .retryLater, .holdForReview: false
        }
    }

    /// The item to store in place of the sent one, when it stays.
    public var updatedItem: QueuedCheckin? {
        switch self {
        case .removeAccepted, .removeDuplicate: nil
        case .retryLater(let item), .holdForReview(let item): item
        }
    }
}

/// The counts a flush reports.
///
/// - `flushed`: items removed because the server accepted them or already had them
///   (``sent`` of them accepted, the days in ``alreadyThere`` kept as the server had them);
/// - `failed`: items sent this time that failed (they stay in the queue);
/// - `held`: items held for review when the flush ends: those skipped because they were
///   already held, plus those that just reached `QueuedCheckin.maxFailures` (which therefore
///   count as both failed and held).
public struct FlushSummary: Sendable, Hashable, Codable {
    public var flushed: Int
    public var failed: Int
    public var held: Int
    /// The server could not be reached: the flush stopped early and the rest is still queued.
    public var offline: Bool
    /// The server answered 429 (too many requests), or asked earlier to wait until after now:
    /// the flush stopped early (or sent nothing), the rest is still queued, and no item lost a try.
    public var rateLimited: Bool
    /// Until when the server asked to wait (its `Retry-After`), when it said.
    public var retryAt: Date?
    /// The days of the items the server answered 409 for: it already had a check-in that day and
    /// kept its own (they left the queue, and count in `flushed`).
    public var alreadyThere: [LocalDay]
    /// The items still queued when the flush ended that are not held for review: they wait for
    /// the next sync (offline, asked to wait, failed this time, or claimed by another flush).
    /// Counted by a sync (`FlushCheckinQueue.executeCountingWaiting()`); 0 otherwise.
    public var waiting: Int

    public init(flushed: Int = 0, failed: Int = 0, held: Int = 0, offline: Bool = false, rateLimited: Bool = false,
                retryAt: Date? = nil, alreadyThere: [LocalDay] = [], waiting: Int = 0) {
        self.flushed = flushed
        self.failed = failed
        self.held = held
        self.offline = offline
        self.rateLimited = rateLimited
        self.retryAt = retryAt
        self.alreadyThere = alreadyThere
        self.waiting = waiting
    }

    /// The items the server accepted.
    public var sent: Int { flushed - alreadyThere.count }

    /// Counts a sent item's decision; a duplicate's day goes to ``alreadyThere``.
    public mutating func record(_ decision: FlushDecision, day: LocalDay) {
        if decision == .removeDuplicate { alreadyThere.append(day) }
        record(decision)
    }

    /// Counts a sent item's decision.
    public mutating func record(_ decision: FlushDecision) {
        switch decision {
        case .removeAccepted, .removeDuplicate: flushed += 1
        case .retryLater: failed += 1
        case .holdForReview:
            failed += 1
            held += 1
        }
    }

    /// Counts an item that was not sent because it is held for review.
    public mutating func recordSkippedHeld() {
        held += 1
    }
}
