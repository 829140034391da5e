#!/usr/bin/env python3
"""Writes a large, realistic OpenAPI 3.0 document for the generator benchmark, without fetching anything.

usage: make-large-document.py [OUTPUT]    (default: .build/bench-documents/large-api.json)

The document is shaped like the big public APIs (3.2 MB of JSON): 135 resources, each
with list / create / retrieve / update / delete operations and some actions: 475 paths and
880 operations with path, query and header parameters, request bodies and responses; 1,033
component schemas with nested inline objects, arrays, string enums, allOf over shared bases, oneOf
with a discriminator, nullable and formatted fields, and descriptions of realistic length. Shared
parameters and responses sit in components and are referred to. The output is deterministic: the
same bytes on every run (a fixed seed, sorted nothing, no clock), so measurements compare.
"""
import json
import os
import random
import sys

SEED = 18
RESOURCE_COUNT = 135

NOUNS = [
    "account", "address", "agent", "alert", "allocation", "annotation", "application", "approval",
    "archive", "assistant", "attachment", "audit", "balance", "batch", "benefit", "billing", "block",
    "booking", "branch", "budget", "bundle", "campaign", "card", "carrier", "catalog", "category",
    "certificate", "channel", "charge", "checkout", "claim", "cluster", "collection", "comment",
    "completion", "connection", "contact", "container", "contract", "coupon", "credit", "customer",
    "dashboard", "dataset", "deployment", "device", "discount", "dispute", "document", "domain",
    "draft", "embedding", "endpoint", "engine", "entitlement", "environment", "estimate", "event",
    "experiment", "export", "feature", "feed", "file", "filter", "folder", "form", "fulfillment",
    "grant", "group", "identity", "image", "import", "incident", "index", "insight", "installation",
    "integration", "invitation", "invoice", "issue", "job", "key", "label", "ledger", "license",
    "listing", "location", "log", "mandate", "mailbox", "member", "message", "metric", "model",
    "monitor", "namespace", "network", "note", "notification", "order", "organization", "package",
    "page", "partner", "payment", "payout", "permission", "phone", "pipeline", "plan", "policy",
    "price", "product", "profile", "project", "promotion", "quote", "receipt", "recipient", "record",
    "refund", "region", "release", "report", "repository", "request", "reservation", "review", "role",
    "rule", "run", "schedule", "secret", "segment", "session", "setting", "shipment", "site",
    "snapshot", "source", "space", "subscription", "supplier", "survey", "tag", "task", "tax",
    "team", "template", "tenant", "thread", "ticket", "token", "topic", "transaction", "transfer",
    "trigger", "upload", "usage", "user", "variant", "vector", "vendor", "version", "volume",
    "voucher", "wallet", "warehouse", "webhook", "workflow", "workspace", "zone", "tier", "slot",
    "shift", "route", "queue", "quota", "prompt", "portal", "player", "module", "meter", "lease",
]
ADJECTIVES = ["active", "archived", "pending", "failed", "completed", "canceled", "expired", "draft",
              "processing", "queued", "scheduled", "paused", "succeeded", "rejected", "open", "closed"]
VERBS = ["cancel", "approve", "archive", "restore", "verify", "publish", "retry", "submit", "pause",
         "resume", "finalize", "refresh", "rotate", "duplicate", "lock", "unlock"]
WORDS = ("the of a to and in for is on that by this with it from at as be are or an was have not "
         "request response object value field list returns when can will if which each only must "
         "default set used identifier time created updated current number string maximum minimum "
         "results page cursor order account user configured applies limit supplied given error "
         "status state include expand metadata attached parent resource system returned pagination "
         "ascending descending unique key format timestamp seconds since epoch optional required "
         "whether enabled disabled deleted visible customer records filter matching").split()


def sentence(rng, low=6, high=16):
    words = [rng.choice(WORDS) for _ in range(rng.randint(low, high))]
    return " ".join(words).capitalize() + "."


def description(rng, sentences=(1, 3)):
    return " ".join(sentence(rng) for _ in range(rng.randint(*sentences)))


def pascal(*parts):
    return "".join(p[:1].upper() + p[1:] for part in parts for p in part.split("_"))


def plural(noun):
    if noun.endswith("y") and noun[-2] not in "aeiou":
        return noun[:-1] + "ies"
    if noun.endswith(("s", "x", "ch", "sh")):
        return noun + "es"
    return noun + "s"


def ref(name):
    return {"$ref": "#/components/schemas/" + name}


class Builder:
    def __init__(self, rng):
        self.rng = rng
        self.schemas = {}
        self.paths = {}

    def scalar(self, field):
        rng = self.rng
        kind = rng.randrange(10)
        if kind < 4:
            schema = {"type": "string"}
            if rng.random() < 0.3:
                schema["maxLength"] = rng.choice([64, 256, 512, 4096])
        elif kind < 6:
            schema = {"type": "integer"}
            if rng.random() < 0.4:
                schema["format"] = "int64"
            if rng.random() < 0.3:
                schema["minimum"] = 0
        elif kind < 7:
            schema = {"type": "number", "format": rng.choice(["double", "float"])}
        elif kind < 8:
            schema = {"type": "boolean"}
        elif kind < 9:
            schema = {"type": "string", "format": "date-time"}
        else:
            schema = {"type": "string", "enum": rng.sample(ADJECTIVES, rng.randint(2, 6))}
        if rng.random() < 0.15:
            schema["nullable"] = True
        schema["description"] = description(rng, (1, 2))
        return schema

    def inline_object(self, depth, owner):
        rng = self.rng
        properties = {}
        for field in rng.sample(WORDS[20:], rng.randint(2, 5)):
            if depth > 0 and rng.random() < 0.25:
                properties[field] = self.inline_object(depth - 1, owner)
            elif rng.random() < 0.15:
                properties[field] = {"type": "array", "items": self.scalar(field),
                                     "description": description(rng, (1, 1))}
            else:
                properties[field] = self.scalar(field)
        schema = {"type": "object", "description": description(rng, (1, 2)), "properties": properties}
        required = [name for name in properties if rng.random() < 0.4]
        if required:
            schema["required"] = required
        return schema

    def shared_schemas(self):
        rng = self.rng
        self.schemas["BaseObject"] = {
            "type": "object", "description": "Fields every stored object carries.",
            "required": ["id", "object", "created_at"],
            "properties": {
                "id": {"type": "string", "description": "The object's unique identifier."},
                "object": {"type": "string", "description": "The object's type name."},
                "created_at": {"type": "integer", "format": "int64",
                               "description": "When the object was created, in seconds since the epoch."},
                "metadata": ref("Metadata"),
            },
        }
        self.schemas["Metadata"] = {
            "type": "object", "additionalProperties": {"type": "string", "maxLength": 512},
            "description": description(rng, (2, 3)),
        }
        self.schemas["Error"] = {
            "type": "object", "required": ["error"],
            "properties": {"error": {
                "type": "object", "required": ["message", "type"],
                "properties": {
                    "message": {"type": "string", "description": "A human-readable message."},
                    "type": {"type": "string", "description": "The kind of error."},
                    "param": {"type": "string", "nullable": True, "description": "The parameter at fault."},
                    "code": {"type": "string", "nullable": True, "description": "A machine-readable code."},
                },
            }},
        }
        self.schemas["DeletedObject"] = {
            "type": "object", "required": ["id", "deleted"],
            "properties": {"id": {"type": "string"}, "deleted": {"type": "boolean"},
                           "object": {"type": "string"}},
        }

    def resource_schemas(self, noun, others):
        rng = self.rng
        name = pascal(noun)
        status = name + "Status"
        self.schemas[status] = {"type": "string", "enum": rng.sample(ADJECTIVES, rng.randint(3, 8)),
                                "description": description(rng)}
        settings = name + "Settings"
        self.schemas[settings] = self.inline_object(1, name)
        fields = {}
        for field in rng.sample(WORDS[20:], rng.randint(5, 10)):
            fields[field] = self.scalar(field)
        fields["status"] = ref(status)
        fields["settings"] = ref(settings)
        linked = rng.sample(others, rng.randint(0, min(3, len(others))))
        for other in linked:
            fields[other + "_id"] = {"type": "string", "description": "The " + other + " this refers to."}
        if linked and rng.random() < 0.5:
            fields["related"] = {"type": "array", "items": ref(pascal(linked[0])),
                                 "description": description(rng, (1, 1))}
        fields["history"] = {"type": "array", "description": description(rng, (1, 1)),
                             "items": self.inline_object(0, name)}
        source = None
        if rng.random() < 0.35:
            source = name + "Source"
            variants = []
            for kind in rng.sample(["card", "bank", "wallet", "link", "file", "text", "url"], rng.randint(2, 4)):
                variant = name + pascal(kind) + "Source"
                body = self.inline_object(1, variant)
                body["properties"]["type"] = {"type": "string", "enum": [kind]}
                body["required"] = sorted(set(body.get("required", [])) | {"type"})
                self.schemas[variant] = body
                variants.append((kind, variant))
            self.schemas[source] = {
                "oneOf": [ref(v) for _, v in variants],
                "discriminator": {"propertyName": "type",
                                  "mapping": {k: "#/components/schemas/" + v for k, v in variants}},
                "description": description(rng),
            }
            fields["source"] = ref(source)
        self.schemas[name] = {
            "description": description(rng, (2, 4)),
            "allOf": [ref("BaseObject"), {"type": "object", "required": ["status"], "properties": fields}],
        }
        writable = {k: v for k, v in fields.items() if k not in ("history", "status", "related")}
        create = {"type": "object", "description": description(rng), "properties": writable}
        required = [k for k in writable if rng.random() < 0.3]
        if required:
            create["required"] = required
        self.schemas["Create" + name + "Request"] = create
        self.schemas["Update" + name + "Request"] = {
            "type": "object", "description": description(rng),
            "properties": {k: v for k, v in writable.items() if rng.random() < 0.6},
        }
        self.schemas["List" + plural(name) + "Response"] = {
            "type": "object", "required": ["data", "has_more"],
            "properties": {"object": {"type": "string", "enum": ["list"]},
                           "data": {"type": "array", "items": ref(name)},
                           "first_id": {"type": "string", "nullable": True},
                           "last_id": {"type": "string", "nullable": True},
                           "has_more": {"type": "boolean"}},
        }
        return source

    def operation(self, summary, op_id, tag, parameters=(), body=None, response=None, status="200"):
        rng = self.rng
        op = {"operationId": op_id, "tags": [tag], "summary": summary, "description": description(rng, (1, 4))}
        if parameters:
            op["parameters"] = list(parameters)
        if body:
            op["requestBody"] = {"required": True, "content": {"application/json": {"schema": ref(body)}}}
        responses = {status: {"description": "OK",
                              "content": {"application/json": {"schema": ref(response)}}}}
        responses["default"] = {"$ref": "#/components/responses/ErrorResponse"}
        op["responses"] = responses
        return op

    def resource_paths(self, noun, parent):
        rng = self.rng
        name = pascal(noun)
        plural_name = plural(noun)
        tag = pascal(plural_name)
        base = "/v1/" + plural_name
        id_param = noun + "_id"
        id_parameter = {"name": id_param, "in": "path", "required": True, "schema": {"type": "string"},
                        "description": "The identifier of the " + noun + "."}
        if parent:
            base = "/v1/" + plural(parent) + "/{" + parent + "_id}/" + plural_name
            prefix = [{"name": parent + "_id", "in": "path", "required": True, "schema": {"type": "string"},
                       "description": "The identifier of the parent " + parent + "."}]
        else:
            prefix = []
        filters = [{"name": f, "in": "query", "required": False, "description": description(rng, (1, 1)),
                    "schema": self.scalar(f)} for f in rng.sample(WORDS[40:], rng.randint(0, 4))]
        listing = [{"$ref": "#/components/parameters/" + p} for p in ("Limit", "Order", "After", "Before")]
        self.paths[base] = {
            "get": self.operation("List " + plural_name, "list" + pascal(plural_name), tag,
                                  prefix + listing + filters, response="List" + plural(name) + "Response"),
            "post": self.operation("Create a " + noun, "create" + name, tag,
                                   prefix + [{"$ref": "#/components/parameters/IdempotencyKey"}],
                                   body="Create" + name + "Request", response=name),
        }
        item = base + "/{" + id_param + "}"
        self.paths[item] = {
            "get": self.operation("Retrieve a " + noun, "retrieve" + name, tag, prefix + [id_parameter], response=name),
            "post": self.operation("Update a " + noun, "update" + name, tag, prefix + [id_parameter],
                                   body="Update" + name + "Request", response=name),
            "delete": self.operation("Delete a " + noun, "delete" + name, tag, prefix + [id_parameter],
                                     response="DeletedObject"),
        }
        for verb in rng.sample(VERBS, rng.randint(0, 3)):
            self.paths[item + "/" + verb] = {
                "post": self.operation(pascal(verb) + " a " + noun, verb + name, tag, prefix + [id_parameter],
                                       response=name),
            }

    def document(self):
        rng = self.rng
        self.shared_schemas()
        nouns = NOUNS[:RESOURCE_COUNT]
        for index, noun in enumerate(nouns):
            self.resource_schemas(noun, [n for n in nouns[max(0, index - 20):index]])
            parent = nouns[index - 1] if index % 5 == 4 else None
            self.resource_paths(noun, parent)
        return {
            "openapi": "3.0.3",
            "info": {"title": "Large Benchmark API", "version": "2.4.0",
                     "description": "A synthetic document shaped like large public APIs, for generator benchmarks."},
            "servers": [{"url": "https://api.example.com"}],
            "security": [{"BearerAuth": []}],
            "paths": self.paths,
            "components": {
                "schemas": self.schemas,
                "parameters": {
                    "Limit": {"name": "limit", "in": "query", "required": False,
                              "description": "How many objects to return, 1 to 100.",
                              "schema": {"type": "integer", "minimum": 1, "maximum": 100, "default": 20}},
                    "Order": {"name": "order", "in": "query", "required": False,
                              "description": "Sort order by creation time.",
                              "schema": {"type": "string", "enum": ["asc", "desc"], "default": "desc"}},
                    "After": {"name": "after", "in": "query", "required": False,
                              "description": "A cursor: objects after this identifier.", "schema": {"type": "string"}},
                    "Before": {"name": "before", "in": "query", "required": False,
                               "description": "A cursor: objects before this identifier.", "schema": {"type": "string"}},
                    "IdempotencyKey": {"name": "Idempotency-Key", "in": "header", "required": False,
                                       "description": "A key that makes a retried request safe.",
                                       "schema": {"type": "string"}},
                },
                "responses": {
                    "ErrorResponse": {"description": "An error.",
                                      "content": {"application/json": {"schema": ref("Error")}}},
                },
                "securitySchemes": {"BearerAuth": {"type": "http", "scheme": "bearer"}},
            },
        }


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    output = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, ".build", "bench-documents", "large-api.json")
    os.makedirs(os.path.dirname(output) or ".", exist_ok=True)
    document = Builder(random.Random(SEED)).document()
    text = json.dumps(document, indent=2) + "\n"
    with open(output, "w") as file:
        file.write(text)
    schemas = document["components"]["schemas"]
    operations = sum(len(item) for item in document["paths"].values())
    print(f"{output}: {len(text) / 1e6:.2f} MB, {len(document['paths'])} paths, {operations} operations, "
          f"{len(schemas)} schemas")


if __name__ == "__main__":
    main()
