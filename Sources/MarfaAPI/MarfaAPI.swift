// `Client`: every operation of the filtered contract as a method named after its operation ID,
// generated from openapi/marfa.yaml (see generated/MarfaAPI), plus the conveniences of the seeds.
@_exported import Marfa
