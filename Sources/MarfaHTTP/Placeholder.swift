// Replaced by the transports.
