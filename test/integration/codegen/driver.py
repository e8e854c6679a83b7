"""Runs the functions of a module Keyplan generated, as python.test.ts asks, and prints what they gave.

Usage: driver.py SPEC.json, where SPEC names the module (in SPEC's folder), the DynamoDB endpoint, and
the calls: reads (their results, plus a first page and every page of one item for queries and scans),
writes, then writes expected to fail (the error code DynamoDB gave). Output: JSON on stdout, numbers
as JSON numbers, sets as sorted lists.
"""

import base64
import importlib
import json
import os
import sys
from decimal import Decimal

import boto3
from boto3.dynamodb.types import Binary
from botocore.exceptions import ClientError


def plain(value):
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, (set, frozenset)):
        return sorted(plain(member) for member in value)
    if isinstance(value, list):
        return [plain(member) for member in value]
    if isinstance(value, dict):
        return {name: plain(member) for name, member in value.items()}
    if isinstance(value, Binary):
        return base64.b64encode(value.value).decode()
    return value


def outcome(call):
    try:
        call()
        return {'ok': True}
    except ClientError as error:
        return {'error': error.response['Error']['Code']}


def main():
    spec_path = os.path.abspath(sys.argv[1])
    with open(spec_path, encoding='utf-8') as file:
        spec = json.load(file)
    sys.path.insert(0, os.path.dirname(spec_path))
    db = importlib.import_module(spec['module'])
    db.table = db.make_table(resource=boto3.resource('dynamodb', endpoint_url=spec['endpoint']))
    out = {'reads': {}, 'writes': {}, 'failures': {}}
    for call in spec['reads']:
        function = getattr(db, call['fn'])
        entry = {'result': plain(function(**call['kwargs']))}
        if call.get('iterate'):
            entry['page1'] = plain(function(**call['kwargs'], limit=1))
            every = getattr(db, call['iterate'])(**call['kwargs'], limit=1)
            entry['pages'] = plain(list(every))
        out['reads'][call['id']] = entry
    for name in ('writes', 'failures'):
        for call in spec[name]:
            function = getattr(db, call['fn'])
            out[name][call['id']] = outcome(lambda: function(**call['kwargs']))
    json.dump(out, sys.stdout)


main()
