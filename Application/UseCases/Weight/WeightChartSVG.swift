import Foundation
import WellnessDomain

/// The drawing itself, kept apart from the reading so it can be tested on its own.
struct WeightChartSVG {
    let first: LocalDay
    let last: LocalDay
    let entries: [WeightEntry]
    let averages: [WeightTrend.Point]
    let calendar: Calendar

    static let width = 800.0
    static let height = 420.0
    static let left = 64.0, right = 24.0, top = 44.0, bottom = 48.0

    func render() -> String {
        let plotWidth = Self.width - Self.left - Self.right
        let plotHeight = Self.height - Self.top - Self.bottom
        let start = first.start(in: calendar).timeIntervalSince1970
        let end = last.adding(days: 1).start(in: calendar).timeIntervalSince1970
        let values = entries.map(\.kilograms) + averages.map(\.kilograms)
        let ticks = Self.niceTicks(low: values.min()!, high: values.max()!)
        let low = ticks.first!, high = ticks.last!
        func x(_ date: Date) -> Double { Self.left + (date.timeIntervalSince1970 - start) / (end - start) * plotWidth }
        func y(_ kg: Double) -> Double { Self.top + (high - kg) / (high - low) * plotHeight }
        func n(_ value: Double) -> String { String(format: "%.1f", value) }

        var svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(Self.width))" height="\(Int(Self.height))" \
        viewBox="0 0 \(Int(Self.width)) \(Int(Self.height))" font-family="system-ui, sans-serif" font-size="12">
        <title>Weight from \(first) to \(last)</title>
        <rect width="100%" height="100%" fill="#ffffff"/>
        <text x="\(n(Self.left))" y="24" font-size="16" font-weight="600" fill="#222">Weight (kg), \(first) to \(last)</text>

        """
        // Horizontal grid lines and kilogram labels.
        for tick in ticks {
            svg += "<line x1=\"\(n(Self.left))\" y1=\"\(n(y(tick)))\" x2=\"\(n(Self.width - Self.right))\" y2=\"\(n(y(tick)))\" stroke=\"#e5e5e5\"/>\n"
            svg += "<text x=\"\(n(Self.left - 8))\" y=\"\(n(y(tick) + 4))\" text-anchor=\"end\" fill=\"#555\">\(WeightEntry.format(tick)) kg</text>\n"
        }
        // Date labels along the bottom (at most about eight).
        let dayCount = first.days(until: last) + 1
        let step = max(1, Int((Double(dayCount) / 8).rounded(.up)))
        var day = first
        while day <= last {
            let position = x(day.start(in: calendar))
            svg += "<line x1=\"\(n(position))\" y1=\"\(n(Self.top + plotHeight))\" x2=\"\(n(position))\" y2=\"\(n(Self.top + plotHeight + 5))\" stroke=\"#555\"/>\n"
            svg += "<text x=\"\(n(position))\" y=\"\(n(Self.top + plotHeight + 20))\" text-anchor=\"middle\" fill=\"#555\">\(day)</text>\n"
            day = day.adding(days: step)
        }
        // Axes.
        svg += "<line x1=\"\(n(Self.left))\" y1=\"\(n(Self.top))\" x2=\"\(n(Self.left))\" y2=\"\(n(Self.top + plotHeight))\" stroke=\"#555\"/>\n"
        svg += "<line x1=\"\(n(Self.left))\" y1=\"\(n(Self.top + plotHeight))\" x2=\"\(n(Self.width - Self.right))\" y2=\"\(n(Self.top + plotHeight))\" stroke=\"#555\"/>\n"
        // The moving average, then the weigh-ins on top.
        let line = averages.map { "\(n(x($0.day.at(hour: 12, in: calendar)))),\(n(y($0.kilograms)))" }.joined(separator: " ")
        svg += "<polyline class=\"average\" points=\"\(line)\" fill=\"none\" stroke=\"#e4572e\" stroke-width=\"2\"/>\n"
        for entry in entries {
            svg += "<circle class=\"entry\" cx=\"\(n(x(entry.date)))\" cy=\"\(n(y(entry.kilograms)))\" r=\"3\" fill=\"#2e86ab\">"
                + "<title>\(Timestamp.format(entry.date, offsetIn: calendar.timeZone)): \(WeightEntry.format(entry.kilograms)) kg</title></circle>\n"
        }
        // Legend.
        let legendX = Self.width - Self.right - 220
        svg += """
        <circle cx="\(n(legendX))" cy="20" r="4" fill="#2e86ab"/><text x="\(n(legendX + 10))" y="24" fill="#222">weigh-in</text>
        <line x1="\(n(legendX + 80))" y1="20" x2="\(n(legendX + 100))" y2="20" stroke="#e4572e" stroke-width="2"/>\
        <text x="\(n(legendX + 106))" y="24" fill="#222">7-day average</text>
        </svg>

        """
        return svg
    }

    /// Round kilogram ticks (steps of 0.5, 1, 2, 5, 10 …) that cover `low...high`, 3 to 8 of them.
    static func niceTicks(low: Double, high: Double) -> [Double] {
        let span = max(high - low, 1)
        let candidates = [0.5, 1, 2, 5, 10, 20, 50, 100]
        let step = candidates.first { span / $0 <= 6 } ?? 100
        let start = (low / step).rounded(.down) * step
        let end = max((high / step).rounded(.up) * step, start + step)
        return stride(from: start, through: end + step / 2, by: step).map { $0 }
    }
}
