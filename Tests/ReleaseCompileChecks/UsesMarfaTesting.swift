// Not a SwiftPM target: FakeCopyTests/ReleaseBuildTests type-checks this file against MarfaTesting
// compiled with and without `DEBUG`. With it, this compiles; without it (a release build) the
// product is empty and every line below that names one of its symbols fails.
import Marfa
import MarfaTesting

let fake: FakeCopy = WorkingCopy.fake(items: [], itemTypes: [])
let keys: any KeyStore = MemoryKeyStore()
let refusal: FakeCopyError = .unsupported(call: "files")
