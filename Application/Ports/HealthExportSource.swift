import Foundation
import WellnessDomain

/// A health platform's export, read as the bytes of its XML: an Apple Health `export.zip`
/// (its `apple_health_export/export.xml`) or that XML itself.
public protocol HealthExportSource: Sendable {
    /// The size of the XML when known up front (for progress).
    var totalBytes: Int? { get }

    /// Calls `body` with each chunk of the XML, in order, without holding the whole file in
    /// memory. Throws ``HealthExportError`` (line 0) when the file is not an export it can read
    /// (not a zip or XML, a zip without `export.xml`), and whatever `body` throws.
    func read(_ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws
}
