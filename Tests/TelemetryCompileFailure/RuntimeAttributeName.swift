import MarfaTelemetry

func logField(_ field: String) {
    Telemetry.shared.log("edited", attributes: [field: true])
}
