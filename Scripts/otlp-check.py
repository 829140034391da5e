#!/usr/bin/env python3
"""Checks one OTLP/HTTP JSON logs request body, read from standard input (gzip or plain).

The body must parse as an `ExportLogsServiceRequest` with the official opentelemetry-proto
definitions (google.protobuf.json_format, unknown fields refused), and follow the OTLP JSON rules
the protobuf parser alone lets through: lowerCamelCase keys, `severityNumber` an integer, 64-bit
integers (`timeUnixNano`, `observedTimeUnixNano`, `intValue`) as decimal strings, and exactly one
field set in each AnyValue. Exit status 0 when the body is well formed, 1 (with the reasons on
standard error) when it is not, 2 when the checker itself can't run.
"""
import gzip
import json
import re
import sys

try:
    from google.protobuf import json_format
    from opentelemetry.proto.collector.logs.v1.logs_service_pb2 import ExportLogsServiceRequest
except ImportError as error:  # the venv is missing or incomplete
    print(f"otlp-check: cannot import opentelemetry-proto: {error}", file=sys.stderr)
    sys.exit(2)

STRING_INTEGERS = {"timeUnixNano", "observedTimeUnixNano", "intValue"}
ANY_VALUE_FIELDS = {"stringValue", "boolValue", "intValue", "doubleValue", "arrayValue", "kvlistValue", "bytesValue"}
LOWER_CAMEL = re.compile(r"^[a-z][A-Za-z0-9]*$")


def rule_problems(node, path="$"):
    """Yields the OTLP JSON rules `node` breaks, with where."""
    if isinstance(node, list):
        for index, item in enumerate(node):
            yield from rule_problems(item, f"{path}[{index}]")
        return
    if not isinstance(node, dict):
        return
    for key, value in node.items():
        where = f"{path}.{key}"
        if not LOWER_CAMEL.match(key):
            yield f"{where}: key is not lowerCamelCase"
        if key == "severityNumber" and (not isinstance(value, int) or isinstance(value, bool)):
            yield f"{where}: severityNumber must be an integer"
        if key in STRING_INTEGERS and not (isinstance(value, str) and re.fullmatch(r"-?[0-9]+", value)):
            yield f"{where}: a 64-bit integer must be a decimal string"
        if key in ("value", "body") and isinstance(value, dict):
            present = ANY_VALUE_FIELDS.intersection(value)
            if len(present) != 1:
                yield f"{where}: an AnyValue needs exactly one value field, has {sorted(present)}"
        yield from rule_problems(value, where)


def main():
    raw = sys.stdin.buffer.read()
    if raw[:2] == b"\x1f\x8b":
        try:
            raw = gzip.decompress(raw)
        except OSError as error:
            print(f"otlp-check: bad gzip: {error}", file=sys.stderr)
            return 1
    try:
        text = raw.decode("utf-8")
        document = json.loads(text)
        json_format.Parse(text, ExportLogsServiceRequest())
    except (UnicodeDecodeError, ValueError, json_format.ParseError) as error:
        print(f"otlp-check: not an ExportLogsServiceRequest: {error}", file=sys.stderr)
        return 1
    problems = list(rule_problems(document))
    if not document.get("resourceLogs"):
        problems.append("$.resourceLogs: empty")
    for problem in problems:
        print(f"otlp-check: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
