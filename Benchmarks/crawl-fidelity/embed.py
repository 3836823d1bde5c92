#!/usr/bin/env python3
"""Embeds an app's start page in a large page of unrelated chrome, for issue 29's figure "an app embedded in a large
page gives the same screens as the app alone".

usage: embed.py CHROME PAGE   (rewrites PAGE in place)

The page's <body> content goes where CHROME says `<!-- app -->`; its head (title, styles, scripts) stays the page's.
The chrome is the one the end-to-end test uses (Tests/CartoExploreTests/Fixtures/chrome/portal.html).
"""
import re, sys

chrome_path, page_path = sys.argv[1], sys.argv[2]
chrome = open(chrome_path, encoding="utf-8").read()
page = open(page_path, encoding="utf-8").read()
body = re.search(r"<body[^>]*>", page, re.I)
end = page.lower().rfind("</body>")
if not body or end < 0 or chrome.count("<!-- app -->") != 1:
    sys.exit(f"{page_path}: no <body>…</body> to embed (or {chrome_path} lacks one `<!-- app -->`)")
page = page[:body.end()] + chrome.replace("<!-- app -->", page[body.end():end]) + page[end:]
open(page_path, "w", encoding="utf-8").write(page)
