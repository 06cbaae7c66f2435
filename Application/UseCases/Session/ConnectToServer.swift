import Foundation

/// Opens the session endpoints of a server, authenticated with a token when one is given (the
/// HTTP client adapter in an app; a fake in tests).
public typealias ConnectToServer = @Sendable (_ server: URL, _ token: String?) -> any SessionAPI
