// What a program setting up AI tips needs besides the settings: the key that never shows itself.
@_exported import struct WellnessAITips.APIKey
