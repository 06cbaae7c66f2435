import Foundation

/// Which stored health samples a removal takes: every sample, or those of one source, of one
/// kind, or of one source and kind.
public struct HealthSampleSelection: Sendable, Hashable {
    /// Only samples recorded by this source (as the platform names it); `nil`: any source.
    public let source: String?
    /// Only samples of this kind; `nil`: any kind.
    public let kind: HealthSampleKind?

    /// The samples of `source` and of `kind`, each `nil` for any.
    public init(source: String? = nil, kind: HealthSampleKind? = nil) {
        self.source = source
        self.kind = kind
    }

    /// Every sample.
    public static let all = HealthSampleSelection()

    /// Whether the selection takes `sample`.
    public func contains(_ sample: HealthSample) -> Bool {
        (source == nil || sample.source == source) && (kind == nil || sample.kind == kind)
    }
}

extension HealthSampleKind {
    /// The kind named `text` (its raw value, `restingHeartRate`), as a person types it.
    /// - Throws: ``InvalidValue`` listing the kinds.
    public static func named(_ text: String) throws(InvalidValue) -> HealthSampleKind {
        guard let kind = HealthSampleKind(rawValue: text) else {
            throw InvalidValue(kind: .healthType, value: text, valid: allCases.map(\.rawValue))
        }
        return kind
    }
}
