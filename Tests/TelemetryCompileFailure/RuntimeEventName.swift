import MarfaTelemetry

func logTitle(_ title: String) {
    Telemetry.shared.log(title)
}
