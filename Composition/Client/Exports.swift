// What a program setting up AI tips needs besides the settings: the key that never shows itself.
@_exported import struct WellnessAITips.APIKey
// How long the server is waited for, which a program building a `WellnessClient` may set.
@_exported import struct WellnessHTTP.ServerTimeouts
