import Foundation
import WellnessApplication
import WellnessDomain

extension Wellness {
    /// The dog being tracked (seed 000): name, birth date, age and life phase.
    public struct Profile: Sendable {
        let setDogProfile: SetDogProfile
        let getDogProfile: GetDogProfile

        init(profiles: any DogProfileRepository, time: TimeContext) {
            setDogProfile = SetDogProfile(profiles: profiles, time: time)
            getDogProfile = GetDogProfile(profiles: profiles, time: time)
        }

        /// Sets the dog's name and birth date.
        @discardableResult
        public func set(name: String, birthDate: LocalDay) async throws -> DogProfileStatus {
            try await setDogProfile.execute(name: name, birthDate: birthDate)
        }

        /// The dog with its age today, or `nil` when no profile was set.
        public func get() async throws -> DogProfileStatus? { try await getDogProfile.execute() }
    }
}
