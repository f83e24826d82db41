"""gen-charset-labels.py ENCODINGS_JSON OUT_H: writes src/normalise/charset-labels-table.h,
the Encoding Standard's labels (its encodings.json, kept as scripts/whatwg-encodings.json)
sorted by label for bsearch, each with its encoding's name and the glibc iconv name that
converts it as the Standard does (how each was chosen: src/normalise/charset-labels.c).

    python3 scripts/gen-charset-labels.py scripts/whatwg-encodings.json \
        src/normalise/charset-labels-table.h
"""
import json
import sys

# The Standard's name -> glibc iconv name; None: no converter reads it as a browser does.
ICONV = {
    'UTF-8': 'UTF-8', 'IBM866': 'IBM866', 'ISO-8859-8-I': 'ISO-8859-8', 'KOI8-R': 'KOI8-R',
    'KOI8-U': 'KOI8-U', 'macintosh': 'MACINTOSH', 'windows-874': 'CP874',
    'x-mac-cyrillic': 'MAC-CYRILLIC', 'GBK': 'GB18030', 'gb18030': 'GB18030',
    'Big5': 'BIG5-HKSCS', 'EUC-JP': 'EUC-JP', 'ISO-2022-JP': 'ISO-2022-JP',
    'Shift_JIS': 'CP932', 'EUC-KR': 'CP949', 'replacement': None,
    'UTF-16BE': 'UTF-16BE', 'UTF-16LE': 'UTF-16LE', 'x-user-defined': None,
}


def iconv_name(name):
    if name in ICONV:
        return ICONV[name]
    if name.startswith(('ISO-8859-', 'windows-')):
        return name.upper()
    sys.exit('gen-charset-labels.py: no iconv name for %s: add it to ICONV' % name)


rows = []
for group in json.load(open(sys.argv[1])):
    for encoding in group['encodings']:
        for label in encoding['labels']:
            rows.append((label, encoding['name'], iconv_name(encoding['name'])))
rows.sort(key=lambda row: row[0].encode())
with open(sys.argv[2], 'w') as out:
    out.write('/* charset-labels-table.h: written by scripts/gen-charset-labels.py from the\n'
              ' * Encoding Standard\'s encodings.json; do not edit. Sorted by label (bytes). */\n')
    for label, name, iconv in rows:
        out.write('\t{ "%s", "%s", %s },\n' % (label, name, '"%s"' % iconv if iconv else 'NULL'))
