"""gen-language-codes.py ISO_639_3_JSON OUT_H: writes src/base/language-codes.h, the
ISO 639-1 code of every language that has one with its ISO 639-3 code, sorted for
bsearch. Common Crawl's WET files name languages in ISO 639-3 ("eng"); CLD2 names
them in ISO 639-1 where there is a code ("en"). The input is Debian's iso-codes:

    python3 scripts/gen-language-codes.py /usr/share/iso-codes/json/iso_639-3.json \
        src/base/language-codes.h
"""
import json
import sys

rows = sorted((entry['alpha_2'], entry['alpha_3'])
              for entry in json.load(open(sys.argv[1]))['639-3'] if 'alpha_2' in entry)
with open(sys.argv[2], 'w') as out:
    out.write('/* language-codes.h: written by scripts/gen-language-codes.py from Debian\'s\n'
              ' * iso-codes (ISO 639-3); do not edit. Sorted by the two-letter code. */\n')
    for two, three in rows:
        out.write('\t{ "%s", "%s" },\n' % (two, three))
