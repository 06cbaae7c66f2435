import Foundation
import WellnessContractTesting
import ZIPFoundation

/// Apple Health exports for tests: an `export.xml` as the Health app writes it, zipped as it zips it.
public enum HealthExportFixtures {
    /// `records` (XML elements, one per line) in an export: the XML declaration, the inline
    /// DOCTYPE, `HealthData` with `ExportDate` and `Me`, then the records.
    public static func xml(_ records: [String]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE HealthData [
        <!-- HealthKit Export Version: 14 -->
        <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>
        <!ATTLIST HealthData
          locale CDATA #REQUIRED
        >
        <!ELEMENT Record ((MetadataEntry|HeartRateVariabilityMetadataList)*)>
        <!ATTLIST Record
          type          CDATA #REQUIRED
          unit          CDATA #IMPLIED
          value         CDATA #IMPLIED
        >
        ]>
        <HealthData locale="en_US">
         <ExportDate value="2024-03-05 10:00:00 +0100"/>
         <Me HKCharacteristicTypeIdentifierDateOfBirth="1980-01-01"/>

        """ + records.map { " " + $0 + "\n" }.joined() + "</HealthData>\n"
    }

    /// A zip at `url` holding `entries` (path → contents), deflated.
    public static func zip(_ entries: [(path: String, contents: Data)], at url: URL) throws {
        let archive = try Archive(url: url, accessMode: .create)
        for (path, contents) in entries {
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(contents.count),
                                 compressionMethod: .deflate) { position, size in
                contents.subdata(in: Int(position)..<Int(position) + size)
            }
        }
    }

    /// An `export.zip` at `url` as the Health app writes it: `apple_health_export/export.xml`,
    /// with `export_cda.xml` beside it.
    public static func exportZip(_ xml: String, at url: URL) throws {
        try zip([(path: "apple_health_export/export_cda.xml", contents: Data("<ClinicalDocument/>".utf8)),
                 (path: "apple_health_export/export.xml", contents: Data(xml.utf8))], at: url)
    }
}
