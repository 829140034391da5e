import MarfaTelemetry

func reportDuring(_ error: any Error, path: String) {
    Telemetry.shared.report(error, during: path)
}
