// Fuzz target: the response-head parser of `CurlTransport` (`ResponseHeadParser`), fed one line at
// a time as libcurl's header callback hands them over. Input: the bytes of a response head
// (status lines, fields, continuation lines, blank lines), split after each LF.
import FuzzSupport
import MarfaHTTP

FuzzDriver.run { input in
    var parser = ResponseHeadParser()
    for (index, line) in HeadLines.split(input).enumerated() {
        switch line.withUnsafeBytes({ parser.consume($0) }) {
        case .needMore: continue
        case .malformed: return
        case .complete(let status, let fields):
            HeadRules.check(status: status, fields: fields, lines: index + 1)
            return
        }
    }
}
