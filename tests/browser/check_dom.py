#!/usr/bin/env python3
"""Checks the DOM that headless Chromium made of a locus HTML report (tests/browser/report.sh).

Usage: check_dom.py DOM_FILE SOURCE_FILE KIND  (KIND: localize or repair). Prints what fails, exits 1 then.
"""
import sys
from html.parser import HTMLParser


class Dom(HTMLParser):
    """The elements of the document: tag, attributes, and the text inside each (for the few we read)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.elements = []  # (tag, attrs dict)
        self.ids = set()
        self.hrefs = []
        self.code_text = []  # text of each td.code
        self._in_code = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.elements.append((tag, a))
        if "id" in a:
            self.ids.add(a["id"])
        if tag == "a" and "href" in a:
            self.hrefs.append(a["href"])
        if tag == "td" and "code" in a.get("class", "").split():
            self._in_code = True
            self.code_text.append("")

    def handle_endtag(self, tag):
        if tag == "td":
            self._in_code = False

    def handle_data(self, data):
        if self._in_code:
            self.code_text[-1] += data


def main():
    dom_file, source_file, kind = sys.argv[1:4]
    dom = Dom()
    with open(dom_file, encoding="utf-8") as f:
        dom.feed(f.read())
    with open(source_file, encoding="utf-8") as f:
        source = f.read().split("\n")
    if source and source[-1] == "":
        source.pop()
    errors = []

    def has(cond, what):
        if not cond:
            errors.append(what)

    def with_class(tag, cls):
        return [a for t, a in dom.elements if t == tag and cls in a.get("class", "").split()]

    lines = [a for t, a in dom.elements if t == "tr" and a.get("id", "").startswith("f0-L")]
    has(len(lines) == len(source), f"source lines: {len(lines)} rows, the file has {len(source)} lines")
    has(dom.code_text[: len(source)] == source, "the source lines' text differs from the file")
    has(any("<skips>" in t for t in dom.code_text), "the escaped assertion text is not shown as written")
    has(not any(t == "skips" for t, _ in dom.elements), "a <skips> element: the source was not escaped")
    has(len(with_class("tr", "failed")) == 1, "no failing line marked")
    has(len([a for t, a in dom.elements if t == "svg"]) >= 2, "fewer than two heap pictures (svg)")
    has("heap-input" in dom.ids and "heap-failing" in dom.ids, "the heap figures are missing")
    has(any(t == "ol" and "trace" in a.get("class", "") for t, a in dom.elements), "no trace")
    if kind == "localize":
        shaded = [a for a in with_class("tr", "suspicious")]
        has(len(shaded) >= 1, "no suspicious line shaded")
        has(any("data-rank" in a for a in with_class("td", "rank")), "no rank cell")
    if kind == "repair":
        has(len(with_class("pre", "diff")) >= 1, "no diff")
        has(len(with_class("span", "add")) >= 1 and len(with_class("span", "del")) >= 1,
            "the diff has no added or removed line")
    internal = [h for h in dom.hrefs if h.startswith("#")]
    has(len(internal) >= 10, f"only {len(internal)} internal links")
    dangling = sorted({h for h in internal if h[1:] not in dom.ids})
    has(not dangling, f"links to nothing: {dangling[:5]}")
    external = [h for h in dom.hrefs if not h.startswith("#")]
    has(not external, f"links out of the page: {external[:5]}")
    for t, a in dom.elements:
        for attr in ("src", "xlink:href"):
            if attr in a and not a[attr].startswith("#"):
                errors.append(f"<{t} {attr}={a[attr]}>: the page is not self-contained")
    for e in errors:
        print(f"FAIL ({kind}): {e}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
