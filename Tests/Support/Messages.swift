import Foundation
import WellnessComposition

/// An error as English words, through the composition root's presenter: what tests of the
/// core check its messages with (the core's errors carry no words of their own).
public func english(_ error: (any Error)?) -> String {
    guard let error else { return "" }
    return ErrorPresenter(locale: .en).message(for: error)
}
