import MarfaTelemetry

func logNote(_ note: String) {
    Telemetry.shared.log("saved", attributes: ["note": .text(note)])
}
