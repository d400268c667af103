import Container

/// Phase 1: the build-time configuration.
enum BuildConfigurationPhase {
    static func run(environment: [String: String]) throws -> (BuildConfiguration, source: String?) {
        try BuildConfiguration.load(environment: environment)
    }
}
