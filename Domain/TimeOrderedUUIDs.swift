import Foundation

/// Makes version 7 UUIDs (RFC 9562): 48 bits of Unix milliseconds, then a 12-bit counter
/// (method 1, "fixed bit-length dedicated counter"), then 62 random bits.
///
/// The UUIDs of one generator strictly increase, even many per millisecond (the counter carries
/// into the timestamp), so a store that indexes them appends instead of inserting at random
/// places. The random bits come from a generator seeded once from the system's secure source,
/// which keeps a million identifiers cheap while different generators still never collide in
/// practice.
public struct TimeOrderedUUIDs: Sendable {
    private var lastMillis: UInt64 = 0
    private var counter: UInt16 = 0
    private var random: SplitMix64

    public init() {
        var system = SystemRandomNumberGenerator()
        random = SplitMix64(seed: system.next())
    }

    /// The next identifier; `now` supplies the timestamp bits.
    public mutating func next(now: Date) -> UUID {
        let millis = UInt64(max(0, Timestamp.milliseconds(now)))
        if millis > lastMillis {
            lastMillis = millis
            counter = UInt16(truncatingIfNeeded: random.next() & 0x1FF) // room to count up
        } else if counter < 0xFFF {
            counter += 1
        } else {
            lastMillis += 1
            counter = 0
        }
        let bits = random.next()
        let high = (lastMillis << 16) | 0x7000 | UInt64(counter)
        let low = (bits & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
        func byte(_ value: UInt64, _ index: Int) -> UInt8 { UInt8(truncatingIfNeeded: value >> (56 - 8 * index)) }
        return UUID(uuid: (byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3), byte(high, 4), byte(high, 5),
                           byte(high, 6), byte(high, 7), byte(low, 0), byte(low, 1), byte(low, 2), byte(low, 3),
                           byte(low, 4), byte(low, 5), byte(low, 6), byte(low, 7)))
    }
}

/// Steele, Lea and Flood's SplitMix64: small, fast and deterministic for a given seed. Good
/// enough to spread identifiers and to make reproducible test and benchmark data; not for
/// secrets.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
