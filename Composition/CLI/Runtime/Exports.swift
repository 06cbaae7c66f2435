// What the `wellness` executable's `main` needs besides the command line: its process settings.
@_exported import enum WellnessComposition.ProcessMemory
