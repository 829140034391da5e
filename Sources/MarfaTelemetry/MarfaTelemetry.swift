/// Reports an app's errors and events to a PostHog project; see `Telemetry`.
