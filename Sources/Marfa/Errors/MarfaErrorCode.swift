extension MarfaError {
    /// A `MarfaError`'s code, read as a value or called.
    ///
    /// As a value (`error.code`, `error.code == "type_in_use"`, `switch error.code`), it is the server's
    /// own code where the case carries one, else the word for the case. Called (`error.code()`), it is
    /// the stable snake_case word for the case, the same for every error of that case.
    public struct Code: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
        /// The server's code where the case carries one, else the word for the case.
        public let rawValue: String
        /// The stable word for the case, such as `not_found`.
        private let caseWord: String

        init(carried: String?, caseWord: String) {
            rawValue = carried ?? caseWord
            self.caseWord = caseWord
        }

        /// A code to compare with: `error.code == "type_in_use"`.
        public init(stringLiteral value: String) {
            rawValue = value
            caseWord = value
        }

        /// The stable snake_case word for the case, such as `not_found` or `server`.
        public func callAsFunction() -> String { caseWord }

        /// Equal when the `rawValue`s are.
        public static func == (lhs: Code, rhs: Code) -> Bool { lhs.rawValue == rhs.rawValue }

        public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

        /// The `rawValue`.
        public var description: String { rawValue }
    }
}
