/// What a generated `AcceptableContentType` is: the content types an operation's responses list, one
/// case each, and `other` for any more, read from and written as media types such as `application/json`.
public protocol AcceptableProtocol: RawRepresentable, Sendable, Hashable, CaseIterable where RawValue == String {}
