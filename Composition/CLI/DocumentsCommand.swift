import ArgumentParser
import Foundation
import WellnessComposition

/// `wellness documents [list]|add|get|remove`.
struct DocumentsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "documents", abstract: "The dog's documents: keep a copy of a file, list, get and remove them.",
        discussion: "A document is kept in the store (at most 20 MB), so backup, restore and migrate carry it. "
            + "One that expires within 30 days, or has expired, is due. While the documents module is off, these "
            + "commands say so and change nothing (switch it on with: wellness modules enable documents).",
        subcommands: [List.self, Add.self, Get.self, Remove.self], defaultSubcommand: List.self)

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Keep a copy of a file (at most 20 MB) as a document.")
        @OptionGroup var options: GlobalOptions
        @Argument(help: "The file to keep (- for standard input).") var file: String
        @Option(help: "What the document is called.") var title: String
        @Option(help: "vaccination, vet, insurance, pedigree or other (default other).",
                transform: parsed { try Document.Kind.parse($0) })
        var kind: Document.Kind = .other
        @Option(help: "The last day it is valid (YYYY-MM-DD).", transform: parsed(parseDay)) var expires: LocalDay?

        /// The name the document keeps: the file's last path component (`stdin` for `-`).
        var fileName: String { file == "-" ? "stdin" : file }

        func validate() throws {
            try refused("--title") { _ = try Document(title: title, fileName: "file", byteCount: 0, added: Date()) }
            try refused { _ = try Document(title: "title", fileName: fileName, byteCount: 0, added: Date()) }
        }

        func run() async throws {
            try await Console.run(options) { console in
                let source = try console.context.source(file)
                let document = try await console.wellness.documents.add(
                    from: source, fileName: fileName, title: title, kind: kind, expires: expires)
                if console.json { return try console.printJSON(DocumentOutput(document)) }
                console.print(console.text.string("cli.documents.added", .verbatim(document.title),
                                                  .verbatim(document.id.description)))
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "The documents kept, oldest first.")
        @OptionGroup var options: GlobalOptions

        func run() async throws {
            try await Console.run(options) { console in
                let documents = try await console.wellness.documents.list()
                if console.json { return try console.printJSON(documents.map(DocumentOutput.init)) }
                if documents.isEmpty { return console.print(console.text.string("cli.documents.none")) }
                let text = console.text
                console.printTable(header: [text.string("cli.column.id"), text.string("cli.column.title"),
                                            text.string("cli.column.type"), text.string("cli.column.expires"),
                                            text.string("cli.column.file"), text.string("cli.column.size")],
                                   rows: documents.map { document in
                                       [document.id.description, document.title,
                                        text.string("cli.documents.kind.\(document.kind.rawValue)"),
                                        console.expiry(of: document), document.fileName,
                                        console.size(document.byteCount)]
                                   })
            }
        }
    }

    struct Get: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Write a document's bytes to a file, or to standard output with -.")
        @OptionGroup var options: GlobalOptions
        @Argument(help: "The document's id (or its first characters).", transform: parsed(idReference)) var id: String
        @Argument(help: "The file to write (- for standard output).") var out: String

        func run() async throws {
            try await Console.run(options) { console in
                let (document, bytes) = try await console.wellness.documents.get(id)
                try await console.writeFile(out) { write in try write([UInt8](bytes)) }
                if out == "-" { return }
                if console.json { return try console.printJSON(DocumentOutput(document)) }
                console.print(console.text.string("cli.documents.written", .verbatim(document.title),
                                                  .verbatim(console.size(document.byteCount)), .verbatim(out)))
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a document and its copy of the file.")
        @OptionGroup var options: GlobalOptions
        @Argument(help: "The document's id (or its first characters).", transform: parsed(idReference)) var id: String

        func run() async throws {
            try await Console.run(options) { console in
                let document = try await console.wellness.documents.remove(id)
                if console.json { return try console.printJSON(DocumentOutput(document)) }
                console.print(console.text.string("cli.documents.removed", .verbatim(document.title)))
            }
        }
    }
}

extension Console {
    /// When a document expires, and whether that is soon or past; empty when it does not.
    func expiry(of document: Document) -> String {
        guard let expires = document.expires else { return "" }
        let today = LocalDay(now, in: calendar)
        if expires < today { return expires.description + " (" + text.string("cli.documents.expired") + ")" }
        if let since = document.dueSince(in: calendar), since <= now {
            return expires.description + " (" + text.string("cli.documents.expiring") + ")"
        }
        return expires.description
    }

    /// A size in bytes as people read it: bytes, KB or MB.
    func size(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        if bytes < 1 << 20 { return String(format: "%.1f KB", Double(bytes) / 1024) }
        return String(format: "%.1f MB", Double(bytes) / Double(1 << 20))
    }
}

/// `{"id", "title", "kind", "expires", "file", "bytes", "added"}`.
struct DocumentOutput: Encodable {
    let id: String
    let title: String
    let kind: String
    let expires: String?
    let file: String
    let bytes: Int
    let added: String

    init(_ document: Document) {
        id = document.id.description
        title = document.title
        kind = document.kind.rawValue
        expires = document.expires?.description
        file = document.fileName
        bytes = document.byteCount
        added = Timestamp.format(document.added)
    }

    enum CodingKeys: String, CodingKey { case id, title, kind, expires, file, bytes, added }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(kind, forKey: .kind)
        try container.encode(expires, forKey: .expires)
        try container.encode(file, forKey: .file)
        try container.encode(bytes, forKey: .bytes)
        try container.encode(added, forKey: .added)
    }
}
