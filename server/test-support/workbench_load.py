"""An independent loader of a NoSQL Workbench data model into DynamoDB, for server/workbench-apply.test.ts.

Reads the model file itself (not Keyplan's reading of it), creates one table with the model table's key
schema and GSIs, and writes each of its items with put_item, as someone loading the model by hand would.

Usage: workbench_load.py MODEL.json WORKBENCH_TABLE TARGET_TABLE (endpoint from AWS_ENDPOINT_URL_DYNAMODB)

Values are read as NoSQL Workbench writes them: DynamoDB JSON (`{"N": 201}` or `{"N": "201"}`), plain
JSON where a value has no type (inside a map, or in place of a typed value: by its JSON type), and a map
written inside another map (`{"M": {"M": {...}}}`) as the inner map. Numbers keep every digit (Decimal).
An item listed twice (in a facet and in the table's own data) is written once, as first listed.
"""

import base64
import decimal
import json
import os
import sys

import boto3

TYPES = {"S", "N", "B", "BOOL", "NULL", "L", "M", "SS", "NS", "BS"}


def typed(raw):
    """The type of a DynamoDB JSON value ({"S": ...}), or None for plain JSON."""
    if isinstance(raw, dict) and len(raw) == 1:
        (name,) = raw.keys()
        if name in TYPES:
            return name
    return None


def number(value):
    return str(value) if isinstance(value, (int, decimal.Decimal)) else str(value).strip()


def plain(value):
    if isinstance(value, bool):
        return {"BOOL": value}
    if isinstance(value, str):
        return {"S": value}
    if isinstance(value, (int, decimal.Decimal)):
        return {"N": number(value)}
    if value is None:
        return {"NULL": True}
    if isinstance(value, list):
        return {"L": [attribute(v) for v in value]}
    return {"M": {k: attribute(v) for k, v in value.items()}}


def attribute(raw):
    kind = typed(raw)
    if kind is None:
        return plain(raw)
    value = raw[kind]
    if kind == "S":
        return {"S": value if isinstance(value, str) else str(value)}
    if kind == "N":
        return {"N": number(value)}
    if kind == "B":
        return {"B": base64.b64decode(value)}
    if kind == "BOOL":
        return {"BOOL": value is True or value == "true"}
    if kind == "NULL":
        return {"NULL": True}
    if kind == "L":
        return {"L": [attribute(v) for v in value]}
    if kind == "M":
        inner = value.get("M") if len(value) == 1 else None
        if isinstance(inner, dict) and all(typed(v) for v in inner.values()):
            value = inner
        return {"M": {k: attribute(v) for k, v in value.items()}}
    if kind == "SS":
        return {"SS": list(dict.fromkeys(value))}
    if kind == "NS":
        return {"NS": list(dict.fromkeys(number(v) for v in value))}
    return {"BS": [base64.b64decode(v) for v in dict.fromkeys(value)]}


def key_attributes(spec):
    keys = [(spec["PartitionKey"], "HASH")]
    if spec.get("SortKey"):
        keys.append((spec["SortKey"], "RANGE"))
    return keys


def main(model_path, table_name, target):
    with open(model_path, encoding="utf-8") as f:
        model = json.load(f, parse_float=decimal.Decimal)
    table = next(t for t in model["DataModel"] if t["TableName"] == table_name)
    definitions = {}
    primary = key_attributes(table["KeyAttributes"])
    for attr, _ in primary:
        definitions[attr["AttributeName"]] = attr["AttributeType"]
    indexes = []
    for gsi in table.get("GlobalSecondaryIndexes") or []:
        keys = key_attributes(gsi["KeyAttributes"])
        for attr, _ in keys:
            definitions[attr["AttributeName"]] = attr["AttributeType"]
        indexes.append(
            {
                "IndexName": gsi["IndexName"],
                "KeySchema": [{"AttributeName": a["AttributeName"], "KeyType": k} for a, k in keys],
                "Projection": {"ProjectionType": "ALL"},
            }
        )
    client = boto3.client("dynamodb", endpoint_url=os.environ["AWS_ENDPOINT_URL_DYNAMODB"])
    create = {
        "TableName": target,
        "KeySchema": [{"AttributeName": a["AttributeName"], "KeyType": k} for a, k in primary],
        "AttributeDefinitions": [{"AttributeName": n, "AttributeType": t} for n, t in definitions.items()],
        "BillingMode": "PAY_PER_REQUEST",
    }
    if indexes:
        create["GlobalSecondaryIndexes"] = indexes
    client.create_table(**create)
    client.get_waiter("table_exists").wait(TableName=target)
    rows = [row for facet in table.get("TableFacets") or [] for row in facet.get("TableData") or []]
    rows += table.get("TableData") or []
    names = [a["AttributeName"] for a, _ in primary]
    written = set()
    for row in rows:
        item = {name: attribute(raw) for name, raw in row.items()}
        if not all(n in item for n in names):
            continue  # DynamoDB takes no item without its primary key
        key = json.dumps([item[n] for n in names], default=str, sort_keys=True)
        if key in written:
            continue
        written.add(key)
        client.put_item(TableName=target, Item=item)
    print(len(written))


if __name__ == "__main__":
    main(*sys.argv[1:4])
