// `marfa-local --data DIR --port N`: runs a local Marfa instance.
import Foundation
import MarfaLocal

print("marfa-local: not yet implemented")
exit(1)
