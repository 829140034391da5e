// The Marfa wire types, generated at build time from openapi/marfa.yaml by the MarfaOpenAPIPlugin:
// `Components.Schemas`, `Components.Responses`, `Operations.<Id>` and `APIProtocol`.
// Nothing here is written by hand but this file; see generated/MarfaTypes for a readable copy.
@_exported import MarfaOpenAPIRuntime
