import Foundation
import Testing
import WellnessDomain
import WellnessTestSupport

@Suite("ModuleSettings")
struct ModuleSettingsTests {
    let t0 = Fixtures.instant("2026-03-01T09:00:00Z")
    let t1 = Fixtures.instant("2026-03-15T18:45:30.125Z")
    let t2 = Fixtures.instant("2026-04-02T07:00:00Z")

    @Test("first-run defaults: the default modules on, switched on now, nothing used yet")
    func defaults() {
        let settings = ModuleSettings.defaults(at: t0)
        #expect(settings.entries.map(\.module) == TrackingModule.allCases.map(\.rawValue))
        #expect(settings.enabledModules == [.medications, .walks, .feeding, .documents])
        for module in TrackingModule.allCases {
            let entry = settings.entry(for: module)
            let isDefault = TrackingModule.defaultEnabled.contains(module)
            #expect(entry.isEnabled == isDefault)
            #expect(entry.enabledAt == (isDefault ? t0 : nil))
            #expect(entry.lastUsed == nil)
        }
    }

    @Test("enabledModules lists enabled known modules in declaration order")
    func enabledModulesOrder() {
        var settings = ModuleSettings.defaults(at: t0)
        settings.enable(.milestones, at: t1)
        settings.enable(.socialization, at: t1)
        settings.disable(.walks)
        #expect(settings.enabledModules == [.medications, .socialization, .feeding, .documents, .milestones])
    }

    @Test("disabling keeps the usage history and clears enabledAt")
    func disableKeepsLastUsed() {
        var settings = ModuleSettings.defaults(at: t0)
        settings.recordUse(of: .walks, at: t1)
        settings.disable(.walks)
        let entry = settings.entry(for: .walks)
        #expect(!entry.isEnabled)
        #expect(entry.lastUsed == t1)
        #expect(entry.enabledAt == nil)
        #expect(!settings.enabledModules.contains(.walks))
    }

    @Test("enabling an off module records when")
    func enableRecordsWhen() {
        var settings = ModuleSettings.defaults(at: t0)
        settings.enable(.training, at: t1)
        #expect(settings.entry(for: .training) == ModuleEntry(module: "training", isEnabled: true, enabledAt: t1))
    }

    @Test("enabling a module that is already on keeps its enabledAt")
    func enableIsIdempotent() {
        var settings = ModuleSettings.defaults(at: t0)
        settings.enable(.walks, at: t1)
        #expect(settings.entry(for: .walks).enabledAt == t0)
        settings.enable(.training, at: t1)
        settings.enable(.training, at: t2)
        #expect(settings.entry(for: .training).enabledAt == t1)
    }

    @Test("re-enabling after disabling records the new time and keeps last use")
    func reEnable() {
        var settings = ModuleSettings.defaults(at: t0)
        settings.recordUse(of: .feeding, at: t1)
        settings.disable(.feeding)
        settings.enable(.feeding, at: t2)
        #expect(settings.entry(for: .feeding) == ModuleEntry(module: "feeding", isEnabled: true, enabledAt: t2, lastUsed: t1))
    }

    @Test("recording use sets lastUsed and does not switch a module on")
    func recordUse() {
        var settings = ModuleSettings.defaults(at: t0)
        settings.recordUse(of: .walks, at: t1)
        settings.recordUse(of: .training, at: t2)
        #expect(settings.entry(for: .walks) == ModuleEntry(module: "walks", isEnabled: true, enabledAt: t0, lastUsed: t1))
        #expect(settings.entry(for: .training) == ModuleEntry(module: "training", isEnabled: false, lastUsed: t2))
    }

    @Test("reset turns on exactly the defaults, keeping history and unknown modules")
    func reset() {
        let future = ModuleEntry(module: "grooming", isEnabled: true, enabledAt: t0, lastUsed: t1)
        var settings = ModuleSettings(entries: ModuleSettings.defaults(at: t0).entries + [future])
        settings.recordUse(of: .medications, at: t1)
        settings.recordUse(of: .training, at: t1)
        settings.disable(.walks)
        settings.enable(.training, at: t1)
        settings.enable(.milestones, at: t1)

        settings.resetToDefaults(at: t2)

        #expect(settings.enabledModules == [.medications, .walks, .feeding, .documents])
        // Already on: switched on time kept; switched back on: now.
        #expect(settings.entry(for: .medications) == ModuleEntry(module: "medications", isEnabled: true, enabledAt: t0, lastUsed: t1))
        #expect(settings.entry(for: .walks) == ModuleEntry(module: "walks", isEnabled: true, enabledAt: t2))
        #expect(settings.entry(for: .training) == ModuleEntry(module: "training", isEnabled: false, lastUsed: t1))
        #expect(settings.entry(for: .milestones).isEnabled == false)
        #expect(settings.entries.last == future)
    }

    @Test("reset after choosing none brings the defaults back")
    func resetAfterNone() {
        var settings = ModuleSettings.defaults(at: t0)
        TrackingModule.allCases.forEach { settings.disable($0) }
        #expect(settings.enabledModules.isEmpty)
        settings.resetToDefaults(at: t1)
        #expect(Set(settings.enabledModules) == TrackingModule.defaultEnabled)
        #expect(settings.entry(for: .walks).enabledAt == t1)
    }

    @Test("unknown raw values are kept, after the known modules, sorted by raw value")
    func unknownEntriesOrdered() {
        let zeta = ModuleEntry(module: "zeta", isEnabled: true, enabledAt: t0)
        let alpha = ModuleEntry(module: "alpha", isEnabled: false, lastUsed: t1)
        let walks = ModuleEntry(module: "walks", isEnabled: true, enabledAt: t1, lastUsed: t2)
        let settings = ModuleSettings(entries: [zeta, walks, alpha])
        #expect(settings.entries.map(\.module) == TrackingModule.allCases.map(\.rawValue) + ["alpha", "zeta"])
        #expect(settings.entries.suffix(2) == [alpha, zeta])
        #expect(settings.entry(for: .walks) == walks)
        // Missing known modules are added, switched off.
        #expect(settings.entry(for: .documents) == ModuleEntry(module: "documents", isEnabled: false))
        // Unknown modules are never reported as enabled known modules.
        #expect(settings.enabledModules == [.walks])
    }

    @Test("a duplicate raw value keeps the first entry")
    func duplicatesFirstWins() {
        let first = ModuleEntry(module: "walks", isEnabled: true, enabledAt: t0)
        let second = ModuleEntry(module: "walks", isEnabled: false, lastUsed: t1)
        let settings = ModuleSettings(entries: [first, second])
        #expect(settings.entries.count == TrackingModule.allCases.count)
        #expect(settings.entry(for: .walks) == first)
    }

    @Test("changes to known modules leave unknown entries untouched")
    func changesKeepUnknown() {
        let future = ModuleEntry(module: "grooming", isEnabled: true, enabledAt: t0, lastUsed: t1)
        var settings = ModuleSettings(entries: ModuleSettings.defaults(at: t0).entries + [future])
        settings.enable(.training, at: t2)
        settings.disable(.walks)
        settings.recordUse(of: .feeding, at: t2)
        #expect(settings.entries.filter { $0.trackingModule == nil } == [future])
    }

    @Test("a Codable round trip keeps every entry, unknown ones included")
    func codableRoundTrip() throws {
        var settings = ModuleSettings(entries: ModuleSettings.defaults(at: t0).entries
                                      + [ModuleEntry(module: "grooming", isEnabled: true, enabledAt: t1)])
        settings.recordUse(of: .walks, at: t1)
        let data = try JSONEncoder().encode(settings)
        #expect(try JSONDecoder().decode(ModuleSettings.self, from: data) == settings)
    }

    @Test("decoding normalises the order and fills in missing known modules")
    func decodingNormalises() throws {
        let json = #"{"entries":[{"module":"zz-new","isEnabled":true},{"module":"feeding","isEnabled":true}]}"#
        let settings = try JSONDecoder().decode(ModuleSettings.self, from: Data(json.utf8))
        #expect(settings.entries.map(\.module) == TrackingModule.allCases.map(\.rawValue) + ["zz-new"])
        #expect(settings.enabledModules == [.feeding])
    }
}
