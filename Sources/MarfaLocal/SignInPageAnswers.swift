import MarfaOpenAPIRuntime
import MarfaTypes

/// A `200` sign-in page: the contract's version and an HTML body. Each page operation's answer is its
/// own generated type, so each one conforms.
protocol SignInPageAnswer {
    /// The page `html` under the contract version `contract`.
    init(contract: String, html: String)
}

/// A `302` of a sign-in operation: the contract's version and where to go.
protocol SignInRedirectAnswer {
    /// A redirect to `location` under the contract version `contract`.
    init(contract: String, location: String)
}

extension Operations.ShowConsentPage.Output.Ok: SignInPageAnswer {
    init(contract: String, html: String) {
        self.init(headers: .init(xMarfaContract: contract), body: .html(HTTPBody(html)))
    }
}

extension Operations.ShowDeviceEntryPage.Output.Ok: SignInPageAnswer {
    init(contract: String, html: String) {
        self.init(headers: .init(xMarfaContract: contract), body: .html(HTTPBody(html)))
    }
}

extension Operations.SubmitDeviceCode.Output.Ok: SignInPageAnswer {
    init(contract: String, html: String) {
        self.init(headers: .init(xMarfaContract: contract), body: .html(HTTPBody(html)))
    }
}

extension Operations.ShowDeviceConsentPage.Output.Ok: SignInPageAnswer {
    init(contract: String, html: String) {
        self.init(headers: .init(xMarfaContract: contract), body: .html(HTTPBody(html)))
    }
}

extension Operations.SubmitDeviceConsent.Output.Ok: SignInPageAnswer {
    init(contract: String, html: String) {
        self.init(headers: .init(xMarfaContract: contract), body: .html(HTTPBody(html)))
    }
}

extension Operations.Authorize.Output.Found: SignInRedirectAnswer {
    init(contract: String, location: String) {
        self.init(headers: .init(xMarfaContract: contract, location: location))
    }
}

extension Operations.SubmitConsentDecision.Output.Found: SignInRedirectAnswer {
    init(contract: String, location: String) {
        self.init(headers: .init(xMarfaContract: contract, location: location))
    }
}

extension Operations.SubmitDeviceCode.Output.Found: SignInRedirectAnswer {
    init(contract: String, location: String) {
        self.init(headers: .init(xMarfaContract: contract, location: location))
    }
}
