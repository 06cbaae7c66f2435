// What a host program needs besides the server host: the configuration it listens with.
@_exported import struct WellnessServer.ServerConfiguration
@_exported import struct WellnessServer.APIServer
@_exported import struct WellnessServer.SecureCredentials
@_exported import struct WellnessServer.TrustedProxies
@_exported import enum WellnessServer.TrustedProxyError
