// The hand-written layer: `Server`, `MarfaError`, sign-in and the working copy. The calls it makes
// go through an internal client generated from openapi/marfa.yaml (see generated/Marfa).
@_exported import MarfaTypes
