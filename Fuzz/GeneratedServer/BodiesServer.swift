import MarfaOpenAPIRuntime

/// Serves every operation of the bodies fixture, answering each body with what it read, so the
/// answer is written from the values the server read.
struct BodiesServer: BodiesFixture.APIProtocol {
    typealias Ops = BodiesFixture.Operations

    func postJSON(_ input: Ops.PostJSON.Input) async throws -> Ops.PostJSON.Output {
        switch input.body {
        case .json(let item): .ok(.init(body: .json(item)))
        }
    }

    func postOptional(_ input: Ops.PostOptional.Input) async throws -> Ops.PostOptional.Output {
        .ok(.init(body: .plainText(HTTPBody(input.body == nil ? "no body" : "a body"))))
    }

    func postForm(_ input: Ops.PostForm.Input) async throws -> Ops.PostForm.Output {
        switch input.body {
        case .urlEncodedForm(let login): .ok(.init(body: .urlEncodedForm(login)))
        }
    }

    func postMultipart(_ input: Ops.PostMultipart.Input) async throws -> Ops.PostMultipart.Output {
        switch input.body {
        case .multipartForm(let parts):
            .ok(.init(body: .multipartForm(MultipartBody(parts: parts.parts, boundary: "answer"))))
        }
    }

    func putBinary(_ input: Ops.PutBinary.Input) async throws -> Ops.PutBinary.Output {
        switch input.body {
        case .binary(let body): .ok(.init(body: .binary(HTTPBody(try await body.collect(upTo: 1 << 16)))))
        }
    }

    func putText(_ input: Ops.PutText.Input) async throws -> Ops.PutText.Output {
        switch input.body {
        case .plainText(let body): .ok(.init(body: .plainText(HTTPBody(try await body.collect(upTo: 1 << 16)))))
        case .json(let item): .ok(.init(body: .plainText(HTTPBody(item.name))))
        }
    }
}
