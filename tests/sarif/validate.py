#!/usr/bin/env python3
"""Validates SARIF logs against the SARIF 2.1.0 JSON schema (draft-04), offline.

Usage: validate.py SCHEMA FILE...  Exit 0 when every file is valid; 1 (with the errors) otherwise; 2 when
the validator (Debian's python3-jsonschema) or the schema is missing (scripts/setup.sh installs both).
"""
import json
import sys

try:
    import jsonschema
except ImportError:
    print("validate.py: python3-jsonschema is not installed (scripts/setup.sh installs it)", file=sys.stderr)
    sys.exit(2)


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        with open(sys.argv[1], encoding="utf-8") as f:
            schema = json.load(f)
    except OSError as e:
        print(f"validate.py: cannot read the schema: {e} (scripts/setup.sh installs it)", file=sys.stderr)
        return 2
    validator = jsonschema.Draft4Validator(schema, format_checker=jsonschema.FormatChecker())
    bad = 0
    for path in sys.argv[2:]:
        with open(path, encoding="utf-8") as f:
            log = json.load(f)
        errors = sorted(validator.iter_errors(log), key=lambda e: list(e.path))
        for e in errors:
            print(f"{path}: {'/'.join(str(p) for p in e.path) or '(root)'}: {e.message}")
        if errors:
            bad += 1
        else:
            results = sum(len(run.get("results", [])) for run in log.get("runs", []))
            print(f"{path}: valid SARIF {log.get('version')} ({results} results)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
