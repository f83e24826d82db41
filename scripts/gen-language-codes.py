"""gen-language-codes.py ISO_639_3_JSON OUT_H: writes src/base/language-codes.h, the
ISO 639-1 code of every language that has one with its ISO 639-3 code, sorted for
bsearch, and CLD2's two older codes (iw, jw). Common Crawl's WET files name
languages in ISO 639-3 ("eng"); CLD2 names them in ISO 639-1 where there is a code
("en"). The input is Debian's iso-codes:

    python3 scripts/gen-language-codes.py /usr/share/iso-codes/json/iso_639-3.json \
        src/base/language-codes.h
"""
import json
import sys

# CLD2 names two languages by codes ISO 639-1 has replaced: Hebrew "iw"
# (now "he") and Javanese "jw" ("jv"). They get the ISO 639-3 codes of
# their languages too, so that WET names those pages and --language takes
# "heb" and "jav".
CLD2_OLD_CODES = {'iw': 'he', 'jw': 'jv'}

three_of = {entry['alpha_2']: entry['alpha_3']
            for entry in json.load(open(sys.argv[1]))['639-3'] if 'alpha_2' in entry}
three_of.update({old: three_of[new] for old, new in CLD2_OLD_CODES.items()})
rows = sorted(three_of.items())
with open(sys.argv[2], 'w') as out:
    out.write('/* language-codes.h: written by scripts/gen-language-codes.py from Debian\'s\n'
              ' * iso-codes (ISO 639-3); do not edit. Sorted by the two-letter code. */\n')
    for two, three in rows:
        out.write('\t{ "%s", "%s" },\n' % (two, three))
