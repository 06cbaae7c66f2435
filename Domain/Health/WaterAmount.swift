import Foundation

/// Water as people read it: whole millilitres below a litre (250 mL, not "0.2 L"), litres with
/// one decimal from a litre up. The deck's hint and `health summary` both show water this way.
public enum WaterAmount {
    /// `liters` in whole millilitres when that is less than a litre; `nil` from a litre up (and
    /// for what is not a finite amount).
    public static func millilitres(below liters: Double) -> Int? {
        guard liters.isFinite, liters >= 0 else { return nil }
        let millilitres = (liters * 1000).rounded()
        return millilitres < 1000 ? Int(millilitres) : nil
    }

    /// `liters` with one decimal (`1.5`), for amounts of a litre and more.
    public static func litres(_ liters: Double) -> String {
        String(format: "%.1f", liters)
    }
}
