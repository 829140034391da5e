/// Serves every operation of the parameters fixture: whatever the handler read is answered 204.
struct ParametersServer: ParametersFixture.APIProtocol {
    typealias Ops = ParametersFixture.Operations

    func pathSimple(_ input: Ops.PathSimple.Input) async throws -> Ops.PathSimple.Output { .noContent(.init()) }
    func pathSimpleExplode(_ input: Ops.PathSimpleExplode.Input) async throws -> Ops.PathSimpleExplode.Output {
        .noContent(.init())
    }
    func pathSimpleObject(_ input: Ops.PathSimpleObject.Input) async throws -> Ops.PathSimpleObject.Output {
        .noContent(.init())
    }
    func pathLabel(_ input: Ops.PathLabel.Input) async throws -> Ops.PathLabel.Output { .noContent(.init()) }
    func pathLabelExplode(_ input: Ops.PathLabelExplode.Input) async throws -> Ops.PathLabelExplode.Output {
        .noContent(.init())
    }
    func pathLabelObject(_ input: Ops.PathLabelObject.Input) async throws -> Ops.PathLabelObject.Output {
        .noContent(.init())
    }
    func pathMatrix(_ input: Ops.PathMatrix.Input) async throws -> Ops.PathMatrix.Output { .noContent(.init()) }
    func pathMatrixExplode(_ input: Ops.PathMatrixExplode.Input) async throws -> Ops.PathMatrixExplode.Output {
        .noContent(.init())
    }
    func pathMatrixObject(_ input: Ops.PathMatrixObject.Input) async throws -> Ops.PathMatrixObject.Output {
        .noContent(.init())
    }
    func pathMatrixPrimitive(_ input: Ops.PathMatrixPrimitive.Input) async throws -> Ops.PathMatrixPrimitive.Output {
        .noContent(.init())
    }
    func pathPrimitive(_ input: Ops.PathPrimitive.Input) async throws -> Ops.PathPrimitive.Output {
        .noContent(.init())
    }
    func queryForm(_ input: Ops.QueryForm.Input) async throws -> Ops.QueryForm.Output { .noContent(.init()) }
    func queryFormNoExplode(_ input: Ops.QueryFormNoExplode.Input) async throws -> Ops.QueryFormNoExplode.Output {
        .noContent(.init())
    }
    func queryFormObject(_ input: Ops.QueryFormObject.Input) async throws -> Ops.QueryFormObject.Output {
        .noContent(.init())
    }
    func queryWhole(_ input: Ops.QueryWhole.Input) async throws -> Ops.QueryWhole.Output {
        .noContent(.init())
    }
    func queryFormObjectNoExplode(
        _ input: Ops.QueryFormObjectNoExplode.Input
    ) async throws -> Ops.QueryFormObjectNoExplode.Output {
        .noContent(.init())
    }
    func querySpace(_ input: Ops.QuerySpace.Input) async throws -> Ops.QuerySpace.Output { .noContent(.init()) }
    func queryPipe(_ input: Ops.QueryPipe.Input) async throws -> Ops.QueryPipe.Output { .noContent(.init()) }
    func queryDeep(_ input: Ops.QueryDeep.Input) async throws -> Ops.QueryDeep.Output { .noContent(.init()) }
    func queryMixed(_ input: Ops.QueryMixed.Input) async throws -> Ops.QueryMixed.Output { .noContent(.init()) }
    func headerStyles(_ input: Ops.HeaderStyles.Input) async throws -> Ops.HeaderStyles.Output { .noContent(.init()) }
    func cookieStyles(_ input: Ops.CookieStyles.Input) async throws -> Ops.CookieStyles.Output { .noContent(.init()) }
}
