import Foundation
import WellnessComposition

extension Console {
    /// "Offline: showing what the server sent at …" — on stderr, so `--json` output stays data.
    func showOffline<Value>(_ read: DriftReading<Value>) {
        guard read.offline, let fetchedAt = read.fetchedAt else { return }
        warn(text.string("cli.offline", .verbatim(localTime(fetchedAt))))
    }

    /// A locked feature: the upgrade message (or `{"locked": true, "feature": KEY}`), exit 3.
    func showLocked(_ feature: FeatureKey) throws -> Never {
        if json {
            try printJSON(LockedOutput(feature: feature.rawValue))
        } else {
            // Logged in, the tier is the server account's: only the server's admin changes it.
            print(text.string(wellness.drift.login == nil ? "cli.locked" : "cli.locked.server", .verbatim(feature.rawValue),
                              .text(feature.summary)))
        }
        throw CLIFailure.locked
    }

    /// The weekly picture for people: metric bars scaled to 5, and the level as a badge (in
    /// colour on a terminal).
    func showInsights(_ insights: WeeklyInsights, colour: Bool) {
        let summary = insights.summary
        print(text.string("cli.insights.title", .number(insights.days), .verbatim(insights.weekStart.description),
                          .verbatim(insights.weekEnd.description)))
        // The seed's empty state: no badge (there is no level without check-ins), what to do.
        guard summary.checkinCount > 0, let level = summary.driftLevel else {
            print(text.string("cli.insights.empty"))
            return print(text.string("cli.insights.empty.help"))
        }
        let badge = " " + text.string(level.name).uppercased() + " "
        let code = ["low": "42;30", "moderate": "43;30", "high": "41;97"][level.rawValue] ?? "7"
        if colour {
            context.output.writeControl("\u{1B}[\(code)m")
            context.output.write(badge)
            context.output.writeControl("\u{1B}[0m\n")
        } else {
            print("[\(badge.trimmingCharacters(in: .whitespaces))]")
        }
        print(text.string("cli.insights.checkins", .text(LocalizedText("cli.count.checkins", [.number(summary.checkinCount)])),
                          .text(LocalizedText("cli.count.alerts", [.number(summary.alertCount)]))))
        if !summary.hasEnoughData { print(text.string("cli.insights.notEnough")) }
        let rows: [(String, Double?)] = [(text.string(DriftMetric.energy.name), summary.averages.energy),
                                         (text.string(DriftMetric.stress.name), summary.averages.stress),
                                         (text.string(DriftMetric.social.name), summary.averages.social),
                                         ("Drift", summary.averages.driftIndex)]
        let width = rows.map(\.0.count).max() ?? 0
        for (label, value) in rows {
            guard let value else { continue }
            let filled = max(0, min(5, Int(value.rounded())))
            print(label.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                  + String(repeating: "█", count: filled) + String(repeating: "░", count: 5 - filled)
                  + String(format: "  %.2f", value))
        }
        if !insights.highlights.isEmpty {
            print()
            print(text.string("cli.insights.highlights"))
            for highlight in insights.highlights { print("  " + text.string(highlight.localized)) }
        }
        // Logged in, the tier is the server account's: only the server's admin changes it.
        let teaser = wellness.drift.login == nil ? "cli.insights.teaser" : "cli.insights.teaser.server"
        if !insights.suggestions.isEmpty {
            print()
            print(text.string("cli.insights.suggestions"))
            for suggestion in insights.suggestions {
                if case .unlockDetailedSuggestions = suggestion {
                    print("  " + text.string(teaser))
                } else {
                    print("  - " + text.string(suggestion.localized))
                }
            }
        }
        if insights.locked != nil {
            print()
            print(text.string("cli.insights.suggestions"))
            print("  " + text.string(teaser))
        }
    }
}

/// `{"locked": true, "feature": KEY}`.
struct LockedOutput: Encodable {
    let locked = true
    let feature: String
}
