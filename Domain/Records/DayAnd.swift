import Foundation

/// An identity of a day and what it is of (a supplement, an intervention): one record per day each.
public struct DayAnd<Value: Hashable & Sendable & CustomStringConvertible>: Hashable, Sendable, CustomStringConvertible {
    public let day: LocalDay
    public let value: Value

    public init(_ day: LocalDay, _ value: Value) {
        self.day = day
        self.value = value
    }

    public var description: String { "\(day) \(value)" }
}
