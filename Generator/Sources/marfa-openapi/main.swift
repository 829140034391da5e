import Foundation
import MarfaOpenAPIGenerator

exit(GeneratorCommand.run(Array(CommandLine.arguments.dropFirst()), exitsAfter: true))
