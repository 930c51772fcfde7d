#!/usr/bin/env python3
"""Compares two reports of `locus bench faults` (STEM.json and STEM.md) apart from times, the command line
and the work directory; tasks that hit a limit in either run (status unknown) are listed and left out.
Usage: compare.py LOCAL_STEM LOCAL_WORK OTHER_STEM OTHER_WORK. Exit 0 when equal, 1 with the differences."""
import json
import re
import sys

local_stem, local_work, other_stem, other_work = sys.argv[1:5]


def normalized(value, work):
    """The document without times, with WORK for the work directory."""
    if isinstance(value, dict):
        return {k: normalized(v, work) for k, v in value.items()
                if "seconds" not in k and k != "command_line"}
    if isinstance(value, list):
        return [normalized(v, work) for v in value]
    if isinstance(value, str):
        return value.replace(work, "WORK")
    return value


def markdown(path, work):
    text = open(path, encoding="utf-8").read().replace(work, "WORK")
    text = re.sub(r"^Command: .*$", "Command: …", text, flags=re.M)
    text = re.sub(r"[0-9.]+ s\b", "T", text)  # times
    text = re.sub(r"[0-9.]+×", "R", text)  # ratios of times
    return re.sub(r" +", " ", re.sub(r"-{3,}", "---", text))  # table widths follow the times


local = json.load(open(local_stem + ".json", encoding="utf-8"))
other = json.load(open(other_stem + ".json", encoding="utf-8"))
bound = sorted({v["file"].replace(w, "WORK") for doc, w in ((local, local_work), (other, other_work))
                for v in doc["versions"] if v["status"] == "unknown"})
a, b = normalized(local, local_work), normalized(other, other_work)
if bound:
    print("tasks at a limit in either run (left out of the comparison):", ", ".join(bound))
    a = [v for v in a["versions"] if v["file"] not in bound]
    b = [v for v in b["versions"] if v["file"] not in bound]
elif markdown(local_stem + ".md", local_work) != markdown(other_stem + ".md", other_work):
    print("the markdown reports differ apart from times")
    sys.exit(1)
if a != b:
    print("the JSON reports differ apart from times:")
    print(json.dumps(a, indent=1)[:3000])
    print(json.dumps(b, indent=1)[:3000])
    sys.exit(1)
print("equal apart from times" + (f" ({len(bound)} task(s) at a limit left out)" if bound else ""))
