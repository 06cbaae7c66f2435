import Foundation
import WellnessComposition

/// The core of a small dog-diary app, built on Wellness: the dog, its walks and meals, the
/// owner's journal and moods, visits to the vet (a kind of record of the app's own), a line of
/// advice, and backups. Everything is Wellness's rules; the app only chooses where data lives,
/// what else it keeps, and how to say things.
public struct DogDiary: Sendable {
    /// Where the diary keeps its data.
    public enum Storage: Sendable {
        /// Nothing on disk (previews, tests).
        case memory
        /// One JSON file per collection in a folder, with the module choices in a key-value
        /// file of the app's own.
        case files(URL)
        /// Wellness's SQLite database in a folder.
        case database(URL)
    }

    let wellness: Wellness
    let messages: ErrorPresenter
    let visits: any RecordRepository<VetVisits>

    /// A diary on `storage`, at the time `clock` tells, in `calendar`'s time zone and `locale`.
    public init(storage: Storage, clock: any WallClock = SystemWallClock(), calendar: Calendar = .current,
                locale: WellnessLocale = .en) throws {
        var repositories: WellnessRepositories
        switch storage {
        case .memory:
            repositories = .inMemory(registry: .dogDiary)
        case .files(let folder):
            repositories = try .jsonFiles(in: folder, registry: .dogDiary)
            repositories.moduleSettings = KeyValueModuleSettingsRepository(file: folder.appendingPathComponent("modules.txt"))
        case .database(let folder):
            repositories = try .sqlite(in: folder, registry: .dogDiary)
        }
        visits = repositories.records.repository(for: VetVisits.self)
        wellness = try Wellness(repositories: repositories, clock: clock, calendar: calendar, locale: locale)
        messages = ErrorPresenter(locale: locale)
    }

    /// A visit to the vet; one without a clinic is refused (`RecordRejection`) by the store.
    @discardableResult
    public func visitedVet(on day: LocalDay, clinic: String, reason: String) async throws -> VetVisit {
        let visit = VetVisit(day: day, clinic: clinic, reason: reason)
        try await visits.save(visit)
        return visit
    }

    /// Every visit to the vet, oldest first.
    public func vetVisits() async throws -> [VetVisit] {
        try await visits.all()
    }

    /// The whole diary as one backup archive: Wellness's collections and the vet visits.
    public func backUp() async throws -> [UInt8] {
        let archive = Archive()
        try await wellness.backups.backUp(to: archive.append)
        return archive.bytes
    }

    /// Restores an archive `backUp()` wrote into this (empty) diary, all or nothing.
    public func restore(_ archive: [UInt8]) async throws {
        try await wellness.backups.restore(from: InMemoryByteSource(archive))
    }

    /// Names the dog; `birthDate` is a local day such as 2025-06-01.
    public func adopt(name: String, born birthDate: LocalDay) async throws -> String {
        let status = try await wellness.profile.set(name: name, birthDate: birthDate)
        return "\(status.profile.name) is \(status.ageInWeeks) weeks old"
    }

    /// A walk, now.
    public func walked() async throws {
        try await wellness.modules.recordUse(.walks)
    }

    /// A meal, now.
    public func fed() async throws {
        try await wellness.modules.recordUse(.feeding)
    }

    /// How the owner feels today (1–5) and what they noticed.
    public func mood(_ score: Int, note: String? = nil) async throws {
        try await wellness.moods.log(score: score, note: note)
    }

    /// Ticks a journal tag for today, e.g. `.exercise`.
    public func journal(_ tag: JournalTag) async throws {
        try await wellness.journal.toggleTag(tag)
    }

    /// The suggestions that apply now, as the owner would read them.
    public func suggestions() async throws -> [String] {
        try await wellness.nudges.evaluate().map { wellness.localizer.string($0.title) }
    }

    /// A goal and its first tip.
    public func advice(for goal: String) async throws -> String {
        let added = try await wellness.goals.add(title: goal)
        let tips = try await wellness.goals.tips(for: added.id)
        return tips.tips.first?.tip ?? "—"
    }

    /// What went wrong, in the owner's language: every error of the core has a message.
    public func explain(_ error: any Error) -> String {
        messages.message(for: error)
    }
}

/// The bytes of an archive as they are written.
private final class Archive: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [UInt8] = []

    func append(_ bytes: [UInt8]) {
        lock.withLock { collected += bytes }
    }

    var bytes: [UInt8] { lock.withLock { collected } }
}
