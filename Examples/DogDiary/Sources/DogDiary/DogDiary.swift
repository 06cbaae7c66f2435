import Foundation
import WellnessComposition

/// The core of a small dog-diary app, built on Wellness: the dog, its walks and meals, the
/// owner's journal and moods, and a line of advice. Everything is Wellness's rules; the app
/// only chooses where data lives and how to say things.
public struct DogDiary: Sendable {
    /// Where the diary keeps its data.
    public enum Storage: Sendable {
        /// Nothing on disk (previews, tests).
        case memory
        /// One JSON file per collection in a folder, with the module choices in a key-value
        /// file of the app's own.
        case files(URL)
    }

    let wellness: Wellness
    let messages: ErrorPresenter

    /// A diary on `storage`, at the time `clock` tells, in `calendar`'s time zone and `locale`.
    public init(storage: Storage, clock: any WallClock = SystemWallClock(), calendar: Calendar = .current,
                locale: WellnessLocale = .en) throws {
        var repositories: WellnessRepositories
        switch storage {
        case .memory:
            repositories = .inMemory()
        case .files(let folder):
            repositories = try .jsonFiles(in: folder)
            repositories.moduleSettings = KeyValueModuleSettingsRepository(file: folder.appendingPathComponent("modules.txt"))
        }
        wellness = try Wellness(repositories: repositories, clock: clock, calendar: calendar, locale: locale)
        messages = ErrorPresenter(locale: locale)
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
