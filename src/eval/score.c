/* score.c: the CLEANEVAL scorer (see score.h).
 *
 * The alignment follows difflib.SequenceMatcher step by step, because the
 * figures must match the original's to the last token: tokens are interned
 * to integers, b2j maps each gold token to its positions (popular tokens
 * removed), find_longest_match() scans the system range keeping, for every
 * gold position j, the length of the match ending at (i, j), and
 * get_matching_blocks() recurses on both sides of each longest match. Ties
 * go to the smallest system index, then the smallest gold index, as in
 * Python, because matches are only replaced by strictly longer ones.
 */
#include "eval/score.h"
#include "base/ascii.h"
#include "base/alloc.h"

#include <string.h>
#include <uthash.h>

static int is_tag_at(const char *p, size_t left)
{
	if (left < 3 || p[0] != '<' || p[2] != '>')
		return 0;
	char c = p[1] | 0x20;
	return c == 'p' || c == 'h' || c == 'l';
}

/* re.sub(r"^\s*URL.*$", "", text, flags=re.MULTILINE) */
static void remove_url_lines(const char *text, size_t len, struct strbuf *out)
{
	size_t p = 0;

	while (p < len) {
		/* p is at a line start here. */
		size_t q = p;
		while (q < len && ascii_is_space((unsigned char)text[q]))
			q++;
		if (len - q >= 3 && !memcmp(text + q, "URL", 3)) {
			const char *nl = memchr(text + q, '\n', len - q);
			p = nl ? (size_t)(nl - text) : len;   /* keep the newline itself */
		}
		const char *nl = memchr(text + p, '\n', len - p);
		size_t next = nl ? (size_t)(nl - text) + 1 : len;
		strbuf_add(out, text + p, next - p);
		p = next;
	}
}

void score_normalise(const char *text, size_t len, enum score_flags flags, struct strbuf *out)
{
	struct strbuf stage = STRBUF_INIT;
	int space = 0;

	remove_url_lines(text, len, &stage);

	/* Control runs to one space, tags on new lines, white space collapsed:
	 * done in one pass, since every \s byte is a control byte or a space. */
	strbuf_grow(out, stage.len + stage.len / 4);
	for (size_t i = 0; i < stage.len; i++) {
		unsigned char c = (unsigned char)stage.buf[i];
		if (c < 0x20 || c == ' ') {
			space = 1;
			continue;
		}
		if (c == '<' && is_tag_at(stage.buf + i, stage.len - i)) {
			if (flags & SCORE_NO_MARKERS) {
				i += 2;
				space = 1;
				continue;
			}
			strbuf_addch(out, ' ');
			if (flags & SCORE_UNLABELLED)
				strbuf_addstr(out, "<p>");
			else
				strbuf_add(out, stage.buf + i, 3);
			i += 2;
			space = 1;
			continue;
		}
		if (space)
			strbuf_addch(out, ' ');
		space = 0;
		strbuf_addch(out, (char)c);
	}
	if (space)
		strbuf_addch(out, ' ');
	strbuf_release(&stage);

	if (flags & SCORE_NO_MARKERS) {
		/* Without tags nothing keeps the two texts' ends alike (a system
		 * text starts with its URL line's newline, a bare gold text does
		 * not), so the empty edge tokens of the split are made to agree. */
		size_t start = 0, end = out->len;
		while (start < end && out->buf[start] == ' ')
			start++;
		while (end > start && out->buf[end - 1] == ' ')
			end--;
		memmove(out->buf, out->buf + start, end - start);
		strbuf_setlen(out, end - start);
	}
	if (flags & SCORE_ASCII) {
		size_t w = 0;
		for (size_t i = 0; i < out->len; i++)
			if ((unsigned char)out->buf[i] < 0x80)
				out->buf[w++] = out->buf[i];
		strbuf_setlen(out, w);
	}
}

/* --- tokens --------------------------------------------------------------- */

struct token_name {
	const char *text;
	size_t len;
	int id;
	UT_hash_handle hh;
};

struct tokens {
	const char **text;
	size_t *len;
	int *id;
	size_t count;
};

/* re.split(r"\s+", text): empty first/last tokens where text starts or ends
 * with a space, and one empty token for an empty text. */
static void push_token(struct tokens *tokens, size_t *cap, const char *text, size_t len)
{
	if (tokens->count == *cap) {
		*cap *= 2;
		tokens->text = xrealloc(tokens->text, *cap * sizeof(*tokens->text));
		tokens->len = xrealloc(tokens->len, *cap * sizeof(*tokens->len));
	}
	tokens->text[tokens->count] = text;
	tokens->len[tokens->count] = len;
	tokens->count++;
}

static void split_tokens(const struct strbuf *text, struct tokens *tokens,
			 struct token_name **names, int *next_id)
{
	size_t cap = 16;
	const char *p = text->buf, *end = text->buf + text->len;

	tokens->text = xmalloc(cap * sizeof(*tokens->text));
	tokens->len = xmalloc(cap * sizeof(*tokens->len));
	tokens->count = 0;
	for (;;) {
		const char *start = p;
		while (p < end && *p != ' ')
			p++;
		push_token(tokens, &cap, start, (size_t)(p - start));
		if (p >= end)
			break;
		while (p < end && *p == ' ')
			p++;
		if (p >= end) {
			push_token(tokens, &cap, end, 0);  /* trailing separator */
			break;
		}
	}
	tokens->id = xmalloc(tokens->count * sizeof(*tokens->id));
	for (size_t i = 0; i < tokens->count; i++) {
		struct token_name *name;
		HASH_FIND(hh, *names, tokens->text[i], tokens->len[i], name);
		if (!name) {
			name = xmalloc(sizeof(*name));
			name->text = tokens->text[i];
			name->len = tokens->len[i];
			name->id = (*next_id)++;
			HASH_ADD_KEYPTR(hh, *names, name->text, name->len, name);
		}
		tokens->id[i] = name->id;
	}
}

static void tokens_release(struct tokens *tokens)
{
	free(tokens->text);
	free(tokens->len);
	free(tokens->id);
}

static int is_tag_token(const struct tokens *t, size_t i)
{
	return is_tag_at(t->text[i], t->len[i]);
}

/* --- difflib.SequenceMatcher --------------------------------------------- */

struct block {
	size_t i, j, size;
};

struct matcher {
	const int *a, *b;
	size_t la, lb;
	/* b2j: positions of each token id in b, ascending; popular ids empty. */
	size_t *b2j_start;   /* [id] index into b2j_pos, [id+1] end */
	size_t *b2j_pos;
	/* Two generations of the j -> match length map (see find_longest_match). */
	size_t *len_gen[2];
	unsigned long *stamp_gen[2];
	unsigned long stamp;
};

static void matcher_init(struct matcher *m, const struct tokens *a, const struct tokens *b,
			 int ids)
{
	size_t *count = xcalloc((size_t)ids + 1, sizeof(*count));

	m->a = a->id;
	m->b = b->id;
	m->la = a->count;
	m->lb = b->count;
	for (size_t j = 0; j < m->lb; j++)
		count[m->b[j]]++;
	/* The popular-token rule of difflib (autojunk). */
	if (m->lb >= 200) {
		size_t ntest = m->lb / 100 + 1;
		for (int id = 0; id < ids; id++)
			if (count[id] > ntest)
				count[id] = 0;
	}
	m->b2j_start = xcalloc((size_t)ids + 2, sizeof(*m->b2j_start));
	for (int id = 0; id < ids; id++)
		m->b2j_start[id + 1] = m->b2j_start[id] + count[id];
	m->b2j_pos = xmalloc((m->b2j_start[ids] + 1) * sizeof(*m->b2j_pos));
	size_t *fill = count;  /* reuse as write cursors */
	for (int id = 0; id < ids; id++)
		fill[id] = count[id] ? m->b2j_start[id] : (size_t)-1;
	for (size_t j = 0; j < m->lb; j++)
		if (fill[m->b[j]] != (size_t)-1)
			m->b2j_pos[fill[m->b[j]]++] = j;
	free(count);
	for (int g = 0; g < 2; g++) {
		m->len_gen[g] = xcalloc(m->lb + 1, sizeof(size_t));
		m->stamp_gen[g] = xcalloc(m->lb + 1, sizeof(unsigned long));
	}
	m->stamp = 1;
}

static void matcher_release(struct matcher *m)
{
	free(m->b2j_start);
	free(m->b2j_pos);
	for (int g = 0; g < 2; g++) {
		free(m->len_gen[g]);
		free(m->stamp_gen[g]);
	}
}

/* How it works: for each i, the matches ending at (i, j) have length
 * 1 + (length of the match ending at (i-1, j-1)). Python keeps this in a
 * dict rebuilt per i; here two arrays alternate, and an entry is valid only
 * when its stamp says it was written for the previous i, so nothing needs
 * clearing between rows or calls. */
static struct block find_longest_match(struct matcher *m, size_t alo, size_t ahi, size_t blo,
				       size_t bhi)
{
	struct block best = { alo, blo, 0 };

	m->stamp += 2;  /* nothing written by an earlier call looks valid */
	for (size_t i = alo; i < ahi; i++) {
		unsigned long now = ++m->stamp;
		int cur = (int)(now & 1), prev = !cur;
		int id = m->a[i];
		size_t lo = m->b2j_start[id], hi = m->b2j_start[id + 1];
		/* binary search for the first position >= blo */
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;
			if (m->b2j_pos[mid] < blo)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (size_t x = lo; x < m->b2j_start[id + 1]; x++) {
			size_t j = m->b2j_pos[x];
			if (j >= bhi)
				break;
			size_t k = 1;
			if (j > 0 && m->stamp_gen[prev][j - 1] == now - 1)
				k += m->len_gen[prev][j - 1];
			m->len_gen[cur][j] = k;
			m->stamp_gen[cur][j] = now;
			if (k > best.size) {
				best.i = i + 1 - k;
				best.j = j + 1 - k;
				best.size = k;
			}
		}
	}
	/* Extend by equal tokens on both ends (popular tokens included; there
	 * is no junk function, so difflib's junk-extension steps do nothing). */
	while (best.i > alo && best.j > blo && m->a[best.i - 1] == m->b[best.j - 1]) {
		best.i--;
		best.j--;
		best.size++;
	}
	while (best.i + best.size < ahi && best.j + best.size < bhi &&
	       m->a[best.i + best.size] == m->b[best.j + best.size])
		best.size++;
	return best;
}

static int compare_blocks(const void *x, const void *y)
{
	const struct block *a = x, *b = y;
	if (a->i != b->i)
		return a->i < b->i ? -1 : 1;
	if (a->j != b->j)
		return a->j < b->j ? -1 : 1;
	return 0;
}

/* get_matching_blocks(): sorted, adjacent blocks merged, no sentinel. */
static struct block *matching_blocks(struct matcher *m, size_t *count)
{
	/* The work list holds ranges (alo, ahi, blo, bhi) still to search. */
	size_t (*ranges)[4] = xmalloc(16 * sizeof(*ranges));
	struct block *blocks = xmalloc(16 * sizeof(*blocks));
	size_t queued = 0, queue_cap = 16, found = 0, blocks_cap = 16;

	ranges[0][0] = 0, ranges[0][1] = m->la, ranges[0][2] = 0, ranges[0][3] = m->lb;
	queued = 1;
	while (queued) {
		queued--;
		size_t alo = ranges[queued][0], ahi = ranges[queued][1];
		size_t blo = ranges[queued][2], bhi = ranges[queued][3];
		struct block x = find_longest_match(m, alo, ahi, blo, bhi);
		if (!x.size)
			continue;
		if (found == blocks_cap) {
			blocks_cap *= 2;
			blocks = xrealloc(blocks, blocks_cap * sizeof(*blocks));
		}
		blocks[found++] = x;
		if (queued + 2 > queue_cap) {
			queue_cap *= 2;
			ranges = xrealloc(ranges, queue_cap * sizeof(*ranges));
		}
		if (alo < x.i && blo < x.j) {
			ranges[queued][0] = alo, ranges[queued][1] = x.i;
			ranges[queued][2] = blo, ranges[queued][3] = x.j;
			queued++;
		}
		if (x.i + x.size < ahi && x.j + x.size < bhi) {
			ranges[queued][0] = x.i + x.size, ranges[queued][1] = ahi;
			ranges[queued][2] = x.j + x.size, ranges[queued][3] = bhi;
			queued++;
		}
	}
	free(ranges);
	qsort(blocks, found, sizeof(*blocks), compare_blocks);

	size_t merged = 0;
	for (size_t n = 0; n < found; n++) {
		if (merged && blocks[merged - 1].i + blocks[merged - 1].size == blocks[n].i &&
		    blocks[merged - 1].j + blocks[merged - 1].size == blocks[n].j)
			blocks[merged - 1].size += blocks[n].size;
		else
			blocks[merged++] = blocks[n];
	}
	*count = merged;
	return blocks;
}

/* --- counting and alignment files ---------------------------------------- */

static void add_tokens(struct strbuf *out, const struct tokens *t, size_t from, size_t to)
{
	for (size_t i = from; i < to; i++) {
		if (i > from)
			strbuf_addch(out, ' ');
		strbuf_add(out, t->text[i], t->len[i]);
	}
	strbuf_addch(out, '\n');
}

static void add_rule(struct strbuf *out, int c, const char *label)
{
	for (int n = 0; n < 40; n++)
		strbuf_addch(out, c);
	if (label) {
		strbuf_addch(out, ' ');
		strbuf_addstr(out, label);
	}
	strbuf_addch(out, '\n');
}

static void write_alignment(struct strbuf *out, const struct tokens *a, const struct tokens *b,
			    const struct block *blocks, size_t count)
{
	size_t i = 0, j = 0;

	for (size_t n = 0; n <= count; n++) {
		/* the final pseudo-block (la, lb, 0) is difflib's sentinel */
		struct block x = n < count ? blocks[n] : (struct block){ a->count, b->count, 0 };
		if (i < x.i) {
			add_rule(out, '<', "(false positive)");
			add_tokens(out, a, i, x.i);
		}
		if (j < x.j) {
			add_rule(out, '>', "(false negative)");
			add_tokens(out, b, j, x.j);
		}
		if (x.size) {
			add_rule(out, '=', NULL);
			add_tokens(out, b, x.j, x.j + x.size);
		}
		i = x.i + x.size;
		j = x.j + x.size;
	}
}

/* Both texts normalised, split and aligned: what score_texts() and
 * score_align() share. */
struct aligned {
	struct strbuf a_text, b_text;
	struct tokens a, b;
	struct token_name *names;
	struct block *blocks;
	size_t nblocks;
};

static void aligned_run(struct aligned *x, const char *system, size_t system_len,
			const char *gold, size_t gold_len, enum score_flags flags)
{
	struct matcher m;
	int ids = 0;

	strbuf_init(&x->a_text);
	strbuf_init(&x->b_text);
	x->names = NULL;
	score_normalise(system, system_len, flags, &x->a_text);
	score_normalise(gold, gold_len, flags, &x->b_text);
	split_tokens(&x->a_text, &x->a, &x->names, &ids);
	split_tokens(&x->b_text, &x->b, &x->names, &ids);
	matcher_init(&m, &x->a, &x->b, ids);
	x->blocks = matching_blocks(&m, &x->nblocks);
	matcher_release(&m);
}

static void aligned_release(struct aligned *x)
{
	struct token_name *name, *tmp;

	free(x->blocks);
	HASH_ITER(hh, x->names, name, tmp) {
		HASH_DEL(x->names, name);
		free(name);
	}
	tokens_release(&x->a);
	tokens_release(&x->b);
	strbuf_release(&x->a_text);
	strbuf_release(&x->b_text);
}

void score_texts(const char *system, size_t system_len, const char *gold, size_t gold_len,
		 enum score_flags flags, struct score_counts *counts, struct strbuf *alignment)
{
	struct aligned x;

	aligned_run(&x, system, system_len, gold, gold_len, flags);
	const struct tokens *a = &x.a, *b = &x.b;
	long tp = 0, tag_tp = 0, a_tags = 0, b_tags = 0;
	for (size_t n = 0; n < x.nblocks; n++) {
		tp += (long)x.blocks[n].size;
		for (size_t i = x.blocks[n].i; i < x.blocks[n].i + x.blocks[n].size; i++)
			tag_tp += is_tag_token(a, i);
	}
	for (size_t i = 0; i < a->count; i++)
		a_tags += is_tag_token(a, i);
	for (size_t j = 0; j < b->count; j++)
		b_tags += is_tag_token(b, j);
	counts->tp += tp;
	counts->fp += (long)a->count - tp;
	counts->fn += (long)b->count - tp;
	counts->tag_tp += tag_tp;
	counts->tag_fp += a_tags - tag_tp;
	counts->tag_fn += b_tags - tag_tp;

	if (alignment)
		write_alignment(alignment, a, b, x.blocks, x.nblocks);
	aligned_release(&x);
}

/* The tokens of a split text, copied for the caller. */
static void copy_tokens(const struct tokens *t, struct score_tokens *out)
{
	size_t bytes = 0;
	for (size_t i = 0; i < t->count; i++)
		bytes += t->len[i] + 1;
	out->count = t->count;
	out->text = xmalloc((t->count ? t->count : 1) * sizeof(*out->text));
	out->len = xmalloc((t->count ? t->count : 1) * sizeof(*out->len));
	out->storage = xmalloc(bytes + 1);
	char *p = out->storage;
	for (size_t i = 0; i < t->count; i++) {
		memcpy(p, t->text[i], t->len[i]);
		p[t->len[i]] = '\0';
		out->text[i] = p;
		out->len[i] = t->len[i];
		p += t->len[i] + 1;
	}
}

void score_align(const char *system, size_t system_len, const char *gold, size_t gold_len,
		 enum score_flags flags, struct score_alignment *alignment)
{
	struct aligned x;

	aligned_run(&x, system, system_len, gold, gold_len, flags);
	copy_tokens(&x.a, &alignment->system);
	copy_tokens(&x.b, &alignment->gold);
	alignment->match = xmalloc((x.a.count ? x.a.count : 1) * sizeof(*alignment->match));
	for (size_t i = 0; i < x.a.count; i++)
		alignment->match[i] = -1;
	for (size_t n = 0; n < x.nblocks; n++)
		for (size_t k = 0; k < x.blocks[n].size; k++)
			alignment->match[x.blocks[n].i + k] = (long)(x.blocks[n].j + k);
	aligned_release(&x);
}

static void score_tokens_release(struct score_tokens *t)
{
	free(t->text);
	free(t->len);
	free(t->storage);
	memset(t, 0, sizeof(*t));
}

void score_alignment_release(struct score_alignment *alignment)
{
	score_tokens_release(&alignment->system);
	score_tokens_release(&alignment->gold);
	free(alignment->match);
	alignment->match = NULL;
}

int score_is_tag(const char *token, size_t len)
{
	return is_tag_at(token, len);
}

static void prf(long tp, long fp, long fn, double *p, double *r, double *f)
{
	double n_text = tp + fp > 0 ? (double)(tp + fp) : 1;
	double n_gold = tp + fn > 0 ? (double)(tp + fn) : 1;
	*p = tp / n_text;
	*r = tp / n_gold;
	double sum = *p + *r > 0 ? *p + *r : 1;
	*f = 2 * *p * *r / sum;
	*p *= 100;
	*r *= 100;
	*f *= 100;
}

void score_compute(const struct score_counts *c, struct score_result *result)
{
	result->counts = *c;
	prf(c->tp, c->fp, c->fn, &result->p, &result->r, &result->f);
	prf(c->tag_tp, c->tag_fp, c->tag_fn, &result->tag_p, &result->tag_r, &result->tag_f);
}
