import MarfaTelemetry

func logItem(_ itemID: String) {
    Telemetry.shared.log("opened", attributes: ["item": itemID])
}
