// Fuzz target: the OpenAPI model reader and what builds on it, through the generator's public
// entry (`Generator.generate(documents:configs:)`: read the document into the model, resolve,
// build types, emit Swift for types, client and server). Input: an OpenAPI document, read as
// `root.yaml` in Fuzz/Fixtures/Documents, so its `$ref`s may reach the files there.
import FuzzSupport
import MarfaOpenAPIGenerator
import MarfaYAML

let folder = fixtureFolder("Documents")
let config: GeneratorConfig = {
    var config = GeneratorConfig()
    config.modes = [.types, .client, .server]
    config.access = .internal
    config.shards = 1
    return config
}()

FuzzDriver.run { input in
    guard let documents = try? DocumentSet(rootFile: folder + "/root.yaml", bytes: input.bytes) else { return }
    do {
        let output = try Generator.generate(documents: documents, configs: [config])
        GeneratedRules.check(output)
    } catch let error as GeneratorError {
        GeneratedRules.check(error)
    } catch {
        FuzzFinding.report("the generator threw something other than a GeneratorError: \(error)")
    }
}
