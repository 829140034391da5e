// A Marfa instance on libmicrohttpd and SQLite. The routes and request decoding are generated from
// openapi/marfa.yaml (see generated/MarfaLocal); the behaviour behind them is written here:
// `LocalInstance` starts one, `LocalAPI` implements the operations, the middlewares add what every
// answer shares (contract, request id, rate limits, authentication, idempotency, error envelope).
import MarfaTypes

/// The contract this instance speaks: `info.version` of openapi/marfa.yaml.
enum LocalContract {
    static let version = "0"
    static let number = 0
    /// The build named in `GET /`.
    static let build = "marfa-local 0.1.0"
}
