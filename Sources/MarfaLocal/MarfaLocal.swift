// A Marfa instance on libmicrohttpd and SQLite. The routes and request decoding are generated from
// openapi/marfa.yaml (see generated/MarfaLocal); the behaviour behind them is written here.
import MarfaTypes
