import MarfaTelemetry

func reportFailure(_ error: any Error) {
    Telemetry.shared.report(type: "import_failed", sentence: "\(error)", during: "import")
}
