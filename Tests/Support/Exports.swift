// The shared fixtures live in WellnessContractTesting (which the contract cases are written
// with and which pulls in no networking): every test target that imports this support gets them.
@_exported import enum WellnessContractTesting.Fixtures
@_exported import class WellnessContractTesting.Visits
