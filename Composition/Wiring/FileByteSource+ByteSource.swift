import WellnessApplication
import WellnessFileSystem

/// A file is one of the byte sources imports and restores read.
extension FileByteSource: ByteSource {}
