#!/usr/bin/env python3
# stop-word-separation.py: how well a stop-word list separates running text
# from boilerplate on trafilatura-dev (models/stopwords/README has the figures).
#   ncleaner --quiet -f jsonl --scores -o tf-scores DATA/trafilatura-dev/orig/
#   python3 scripts/stop-word-separation.py de de-snowball=models/stopwords/de.txt
# (run where tf-scores/ is; /work/tools/tf-lang.json names each page's language).
# Prints, per list, the mean share of stop words in text segments and in
# boilerplate segments and the AUC (the chance a text segment has the higher
# share); the first list is always the English ICE list.
import json, os, re, sys, unicodedata, collections
data='/work/shared/data/trafilatura-dev'
ev=json.load(open(f'{data}/evaldata.json'))
langmap=json.load(open('/work/tools/tf-lang.json'))
ICE=set("a i am an as at be by do he if in is it me my no of on or so to up we all and any are but can did few for had has her him his how its nor not now off our out own she the too was who why you also been both does down each from have here hers into just more most once only ours over same some such than that them then they this very were what when whom will with your about above after again being below could doing other their there these those under until where which while would yours before during having itself myself should theirs against because between further herself himself through yourself ourselves themselves yourselves".split())
def load(p): return set(l.strip().lower() for l in open(p) if l.strip() and not l.startswith('#'))
lists={'ice-en':ICE}
for f in sys.argv[2:]:
    name,path=f.split('=',1); lists[name]=load(path)
def norm(s): return re.sub(r'\s+',' ',s).strip()
def words(t):
    out=[]
    for w in t.split():
        w=w.strip(''.join(c for c in set(w) if unicodedata.category(c)[0] in 'PS'))
        out.append(w.lower())
    return out
lang_want=sys.argv[1]
stats=collections.defaultdict(lambda: collections.defaultdict(list))
for url,e in ev.items():
    stem=os.path.splitext(e['file'])[0]
    if langmap.get(stem)!=lang_want: continue
    f=f'tf-scores/{stem}.jsonl'
    if not os.path.exists(f): continue
    for line in open(f):
        d=json.loads(line)
        for s in d['segments']:
            t=norm(s['text'])
            if len(t)<15: continue
            lab=None
            if any(norm(x) in t or (t in norm(x)) for x in e['with']): lab='text'
            elif any(norm(x) in t or (t in norm(x)) for x in e['without']): lab='boiler'
            if not lab: continue
            ws=words(t)
            if not ws: continue
            for name,L in lists.items():
                stats[name][lab].append(sum(w in L for w in ws)/len(ws))
def auc(pos,neg):
    # probability a random text segment has a higher ratio than a random boilerplate one
    n=0; c=0
    for p in pos:
        for q in neg:
            c+= 1 if p>q else 0.5 if p==q else 0; n+=1
    return c/n
for name in lists:
    t=stats[name]['text']; b=stats[name]['boiler']
    if not t or not b: continue
    print(f"{lang_want} {name:10s} list {len(lists[name]):4d}  text {sum(t)/len(t):.3f} (n={len(t)})  boilerplate {sum(b)/len(b):.3f} (n={len(b)})  diff {sum(t)/len(t)-sum(b)/len(b):+.3f}  AUC {auc(t,b):.3f}")
