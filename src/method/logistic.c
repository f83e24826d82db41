/* logistic.c: the logistic method and its model file (see logistic.h). */
#include "method/logistic.h"
#include "method/ice.h"
#include "method/line-cues.h"
#include "method/model-numbers.h"
#include "method/ncleaner-method.h"
#include "method/stop-words.h"
#include "base/alloc.h"
#include "base/file.h"
#include "base/json.h"
#include "base/language.h"
#include "base/limits.h"
#include "base/order.h"
#include "base/utf8.h"
#include "base/words.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* --- the features -------------------------------------------------------------------- */

/* In enum logistic_feature's order; the cues in structure.h's (t3500
 * checks that they agree). */
static const char *const feature_names[LOGISTIC_FEATURES] = {
	"intercept", "log_chars", "log_words", "stop_words", "punctuation", "capitals", "digits",
	"ends_sentence", "type_h", "type_l", "position", "position_chars",
	"cue_link", "cue_nav", "cue_header", "cue_footer", "cue_aside", "cue_form", "cue_cell",
	"cue_article", "cue_list", "cue_para", "cue_emph", "cue_w_nav", "cue_w_side",
	"cue_w_footer", "cue_w_comment", "cue_w_share", "cue_w_related", "cue_w_header",
	"cue_w_ad", "cue_w_content", "cue_w_meta", "cue_w_hidden", "cue_w_overlay", "cue_main",
	"prev_link", "next_link", "page_link", "prev_log_chars", "next_log_chars",
	"prev2_link", "next2_link", "prev2_log_chars", "next2_log_chars", "prev_stop_words",
	"next_stop_words", "prev_ends_sentence", "next_ends_sentence", "window_log_chars",
	"window_link", "shorter_share", "below_longest", "in_title", "credit", "label",
	"date",
	"ngram_llr", "ngram_evidence",
};

const char *logistic_feature_name(int feature)
{
	return feature_names[feature];
}

/* Sentence ends of other scripts than Latin (ASCII's are the callers'):
 * CJK's 。！？．｡ and the fullwidth colon, as ASCII's colon counts; Arabic's
 * question mark and full stop (Urdu); Devanagari's danda and double danda;
 * Armenian's full stop, exclamation and question marks; Ethiopic's full
 * stop, question mark and paragraph separator; Greek's question mark
 * (U+037E; Greek text often writes it as ASCII's ';', which ends clauses
 * elsewhere and is not counted); Khmer's khan and bariyoosan; Myanmar's
 * section mark; Tibetan's shad; Thai's angkhankhu and khomut. Thai and Lao
 * prose marks no sentence end at all (sentences are set apart by a space):
 * a paragraph in them reads as a heading does here, and the other features
 * decide. */
static int sentence_mark(uint32_t cp)
{
	switch (cp) {
	case 0x3002: case 0xFF01: case 0xFF1F: case 0xFF0E: case 0xFF61: case 0xFF1A:
	case 0x061F: case 0x06D4:
	case 0x0964: case 0x0965:
	case 0x0589: case 0x055C: case 0x055E:
	case 0x1362: case 0x1367: case 0x1368:
	case 0x037E:
	case 0x17D4: case 0x17D5:
	case 0x104B:
	case 0x0F0D: case 0x0F0E:
	case 0x0E5A: case 0x0E5B:
	case 0x203C: case 0x2047: case 0x2048: case 0x2049:
		return 1;
	default:
		return 0;
	}
}

/* What closes a sentence after its mark: closing quotes and brackets of
 * other scripts (“ ‘ of German, whose closing quotes those are, « » › ‹,
 * CJK's 」』】》〉〕〗〟｣ and the fullwidth ） and ＂). They count only right
 * after a sentence mark (ASCII's . ! ? or another script's): alone they end
 * titles (【速報】) and links ("Next »") as often as sentences. English's ’ ”
 * ) and " count alone, as the model learned them. */
static int closing_mark(uint32_t cp)
{
	switch (cp) {
	case 0x201C: case 0x2018: case 0x00BB: case 0x00AB: case 0x203A: case 0x2039:
	case 0x300D: case 0x300F: case 0x3011: case 0x300B: case 0x3009: case 0x3015:
	case 0x3017: case 0x301F: case 0xFF63: case 0xFF09: case 0xFF02:
		return 1;
	default:
		return 0;
	}
}

/* Clause marks of other scripts: CJK's 、，；, Arabic's comma and
 * semicolon, Greek's ano teleia, Armenian's comma, Ethiopic's comma and
 * semicolon, Myanmar's little section. */
static int clause_mark(uint32_t cp)
{
	switch (cp) {
	case 0x3001: case 0xFF0C: case 0xFF1B: case 0x060C: case 0x061B: case 0x0387:
	case 0x055D: case 0x1363: case 0x1364: case 0x104A:
		return 1;
	default:
		return 0;
	}
}

/* The code point that ends the first `len` bytes of the text (after
 * trailing spaces), and where it starts in *at; 0 for none. */
static uint32_t last_character(const char *text, size_t len, size_t *at)
{
	while (len && text[len - 1] == ' ')
		len--;
	*at = len;
	if (!len)
		return 0;
	*at = len - 1;
	while (*at > 0 && ((unsigned char)text[*at] & 0xC0) == 0x80)
		(*at)--;
	uint32_t cp;
	return utf8_decode((const unsigned char *)text + *at, len - *at, &cp) ? cp : 0xFFFD;
}

static int ascii_sentence_end(uint32_t cp)
{
	return cp && cp < 0x80 && strchr(".!?", (int)cp);
}

/* Does the text end a sentence: . ! ? : ) " ’ ” last, a sentence mark of
 * another script, the ellipsis, or a closing mark right after any of the
 * sentence marks (above)? */
static int ends_sentence(const char *text, size_t len)
{
	size_t at;
	uint32_t cp = last_character(text, len, &at);
	if (cp && cp < 0x80)
		return strchr(".!?:)\"", (int)cp) != NULL;
	if (sentence_mark(cp) || cp == 0x2019 || cp == 0x201D || cp == 0x2026)
		return 1;
	if (!closing_mark(cp))
		return 0;
	cp = last_character(text, at, &at);
	return ascii_sentence_end(cp) || sentence_mark(cp);
}

/* The type the method proposes for a segment it keeps, after the types
 * CLEANEVAL's annotators gave (the segmenter knows a heading or a list item
 * only where the dump shows one); 0 where the segmenter's type stands:
 *   - a heading for a paragraph of at most HEADING_MAX_WORDS words whose
 *     last character ends no sentence or clause (. ! ? , ; :): they called
 *     most such short lines headings (27% of their segments, 5% of ours
 *     without the rule);
 *   - a paragraph for a list item of LIST_ITEM_PARAGRAPH_WORDS words or
 *     more: they called long items paragraphs.
 * Both lengths were chosen by 10-fold cross-validation on the CLEANEVAL
 * development pages, among 4-15 and among 8-40 (and never) inside each
 * fold: 10 words in 9 folds of 10 (8 in one); 20 words in 5 (25 in 2, 30 in
 * 3). Labelled segmentation F 55.32 -> 59.69 (nested; 59.88 with 10
 * throughout) with the first, -> 62.52 (nested; 62.80 with 20 throughout)
 * with both; word F 94.93 -> 95.06 -> 95.13 (a segment's marker is a word to
 * the scorer). */
#define HEADING_MAX_WORDS 10
#define LIST_ITEM_PARAGRAPH_WORDS 20

/* Does the text end in a sentence's or a clause's mark: . ! ? , ; : or one
 * of another script? (Not in a closing quote or bracket, nor an ellipsis:
 * the rule was chosen without them.) */
static int ends_clause(const char *text, size_t len)
{
	size_t at;
	uint32_t cp = last_character(text, len, &at);
	if (cp && cp < 0x80)
		return strchr(".!?,;:", (int)cp) != NULL;
	return sentence_mark(cp) || clause_mark(cp);
}

/* `words` is the segment's (words_count()'s: the method counted them). */
static enum segment_type proposed_type(const struct segment *segment, size_t words)
{
	if (segment->type == SEGMENT_LIST_ITEM)
		return words >= LIST_ITEM_PARAGRAPH_WORDS ? SEGMENT_PARAGRAPH : 0;
	if (segment->type != SEGMENT_PARAGRAPH || !segment->len ||
	    ends_clause(segment->text, segment->len))
		return 0;
	return words <= HEADING_MAX_WORDS ? SEGMENT_HEADING : 0;
}

int logistic_feature_structural(int feature)
{
	return (feature >= LF_CUE_FIRST && feature < LF_CUE_FIRST + CUE_COUNT) ||
	       feature == LF_PREV_LINK || feature == LF_NEXT_LINK || feature == LF_PAGE_LINK ||
	       feature == LF_PREV2_LINK || feature == LF_NEXT2_LINK || feature == LF_WINDOW_LINK;
}

static const struct segment *segment_at(const struct segment *first, size_t stride, size_t i)
{
	return (const struct segment *)((const char *)first + i * stride);
}

struct stop_count {
	const struct stop_words *list;
	size_t found;
};

static void count_stop_word(const char *word, size_t len, void *data)
{
	struct stop_count *c = data;
	c->found += stop_words_has(c->list, word, len);
}

double logistic_ngram_llr(double cost_clean, double cost_dirty)
{
	double llr = cost_dirty - cost_clean;
	return llr > NGRAM_LLR_MAX ? NGRAM_LLR_MAX : llr < -NGRAM_LLR_MAX ? -NGRAM_LLR_MAX : llr;
}

void logistic_page_language(const struct segment *first, size_t stride, size_t count,
			    struct language *language)
{
	struct strbuf text = STRBUF_INIT;
	/* The long segments first (the page's prose), then the short ones
	 * (menus, bylines), as far as the sample goes. */
	for (int pass = 0; pass < 2; pass++) {
		for (size_t i = 0; i < count && text.len < LANGUAGE_SAMPLE_BYTES; i++) {
			const struct segment *s = segment_at(first, stride, i);
			if ((s->len >= LANGUAGE_SAMPLE_LONG_SEGMENT) == pass)
				continue;
			if (text.len)
				strbuf_addch(&text, '\n');
			size_t room = LANGUAGE_SAMPLE_BYTES - text.len;
			if (s->len <= room) {
				strbuf_add(&text, s->text, s->len);
				continue;
			}
			while (room > 0 && ((unsigned char)s->text[room] & 0xC0) == 0x80)
				room--;   /* not inside a character */
			strbuf_add(&text, s->text, room);
			break;
		}
	}
	language_identify(text.buf, text.len, language);
	strbuf_release(&text);
	if (!language->reliable)
		memset(language, 0, sizeof(*language));
}

/* Is the page in the n-gram model's language, named as --language names
 * one ("en" or "eng"; "zh" takes "zh-Hant")? A model or a page whose
 * language is unknown is taken to be. */
static int speaks(const char *model_language, const struct language *page)
{
	if (!model_language || !model_language[0] || !page->code[0])
		return 1;
	return language_in_list(page, model_language);
}

/* A title's parts are cut at these: "Headline - Site", "Site | Section |
 * Headline". */
static const char *const title_separators[] = { " - ", " | ", " \xe2\x80\x93 ", " \xe2\x80\x94 ",
						 " :: ", " \xc2\xb7 ", " \xc2\xbb ", ": " };

/* The shortest part of a title, or of a segment inside one, that counts:
 * a site's name alone ("News") says little. */
#define TITLE_MIN_BYTES 8

/* Only so much of a title is read: a real one is a line, and a page's
 * hostile one of megabytes must not cost each segment a scan of it. */
#define TITLE_MAX_BYTES 1024

/* A title's headline: its longest part ("Headline - Site", "Site |
 * Section | Headline"); the shorter ones name the site or the section,
 * which its logo and footer repeat. */
struct title_headline {
	const char *text;
	size_t len;            /* 0: no part of TITLE_MIN_BYTES or more */
};

/* The first separator at or after `p`, or `end`; *sep_len its length. */
static const char *next_separator(const char *p, const char *end, size_t *sep_len)
{
	for (; p < end; p++) {
		for (size_t i = 0; i < sizeof(title_separators) / sizeof(title_separators[0]); i++) {
			size_t n = strlen(title_separators[i]);
			if ((size_t)(end - p) >= n && !memcmp(p, title_separators[i], n)) {
				*sep_len = n;
				return p;
			}
		}
	}
	*sep_len = 0;
	return end;
}

/* The headline of the page's title (its first TITLE_MAX_BYTES), once a
 * page: the first of its longest parts. */
static void title_headline(const char *title, struct title_headline *h)
{
	size_t len = strnlen(title, TITLE_MAX_BYTES);
	const char *start = title, *end = title + len;
	h->text = NULL;
	h->len = 0;
	for (;;) {
		size_t sep_len;
		const char *at = next_separator(start, end, &sep_len);
		while (start < at && *start == ' ')
			start++;
		if ((size_t)(at - start) >= TITLE_MIN_BYTES && (size_t)(at - start) > h->len) {
			h->text = start;
			h->len = (size_t)(at - start);
		}
		if (at == end)
			break;
		start = at + sep_len;
	}
}

/* Is [p, p + n) found in [text, text + len)? */
static int holds(const char *text, size_t len, const char *p, size_t n)
{
	return n <= len && memmem(text, len, p, n) != NULL;
}

/* Does the segment name the page? 1 when it holds the title's headline,
 * or is most of it (at least half, a headline the title shortened or
 * the page's heading cut); 0 else. */
static double in_title(const struct segment *s, const struct title_headline *h)
{
	if (!h->len)
		return 0;
	if (holds(s->text, s->len, h->text, h->len))
		return 1;
	return 2 * s->len >= h->len && holds(h->text, h->len, s->text, s->len);
}

/* --- a page's features, a block of rows at a time -------------------------------------- */

/* What a segment says of itself, measured once for each of a page's
 * segments: its row of features is made from this, a block of rows at a
 * time, so that a page's rows (LOGISTIC_FEATURES doubles a segment, 472
 * bytes: 10 MB for a text dump's window of 21,000 segments) never exist
 * all at once; this is 56 bytes. What the neighbours read is kept as the
 * row has it; the rest as counts, which the row divides as it did, so
 * that the rows are the same bit for bit. The counts are at most the
 * segment's bytes, and a segment at most SEGMENT_MAX_BYTES. */
struct segment_self {
	double log_chars;      /* log1p(characters) */
	double link;           /* cue_link: its link density */
	double stop_words;     /* stop words / words */
	double chars_before;   /* the page's characters before it: position_chars' numerator */
	uint32_t characters, words, punctuation, capitalised, digits;
	unsigned char ends_sentence, credit, label, date;   /* 0 or 1 */
};

_Static_assert(SEGMENT_MAX_BYTES <= UINT32_MAX, "a segment's counts fit in 32 bits");

/* What a page's rows need of the whole page (its segments' own values,
 * their totals and their lengths' ranks), measured before any row is made;
 * a scorer keeps one and its arrays from page to page. */
struct logistic_page {
	const struct segment *first;
	size_t stride, count;
	struct segment_self *selves;   /* count of them */
	double *lengths;   /* the selves' log_chars, sorted; room for 2 x count (the sort's) */
	size_t alloc;      /* segments the two arrays have room for */
	double page_chars, page_link, longest;
	struct title_headline headline;   /* len 0: no title, in_title stays 0 */
	struct method_scorer *ngram;      /* NULL: the n-gram features stay 0 */
};

/* Rows made at once when a page is scored: small enough to stay in the
 * cache, large enough that the loop around them costs nothing. */
#define LOGISTIC_BLOCK_ROWS 128

static void logistic_page_release(struct logistic_page *p)
{
	free(p->selves);
	free(p->lengths);
	memset(p, 0, sizeof(*p));
}

/* The share of the segment's characters written under `cue`, at most 1; 0
 * without its structure (the cue_* features, and the link density its
 * neighbours read). */
static double cue_share(const struct segment *s, int cue)
{
	if (!s->structure || !s->structure->chars)
		return 0;
	double share = (double)s->structure->cue_chars[cue] / s->structure->chars;
	return share < 1 ? share : 1;
}

/* What segment `s` says of itself, with stop words from `stop_list` (NULL:
 * the ICE list); its characters into *characters. */
static void measure_self(const struct segment *s, const struct stop_words *stop_list,
			 struct segment_self *self, size_t *characters)
{
	struct ice_words w;
	/* Characters, capitals and punctuation as ICE counts them; words in
	 * every script (the same as ICE's in spaced scripts), and the stop
	 * words of the page's list, else ICE's English ones. */
	ice_count_words(s->text, s->len, &w);
	struct stop_count stops = { .list = stop_list, .found = w.stop_words };
	size_t n;
	if (stop_list) {
		stops.found = 0;
		n = words_each(s->text, s->len, count_stop_word, &stops);
	} else {
		/* words_count()'s, read from ICE's count where it must agree */
		n = w.maybe_unspaced ? words_count(s->text, s->len) : w.words;
	}
	double words = n ? (double)n : 1;
	self->log_chars = log1p((double)w.characters);
	self->stop_words = (double)stops.found / words;
	self->characters = (uint32_t)w.characters;
	self->words = (uint32_t)n;
	self->punctuation = (uint32_t)w.punctuation;
	self->capitalised = (uint32_t)w.capitalised;
	self->digits = (uint32_t)w.digits;
	self->ends_sentence = (unsigned char)ends_sentence(s->text, s->len);
	self->credit = (unsigned char)line_cues_credit(s->text, s->len, n);
	self->label = (unsigned char)line_cues_label(s->text, s->len);
	self->date = (unsigned char)line_cues_date(s->text, s->len, n);
	self->link = cue_share(s, CUE_LINK);
	*characters = w.characters;
}

/* Measure the page's `count` (> 0) segments (read as logistic_features()
 * reads them): -1 when memory runs out, else 0. */
static int logistic_page_measure(struct logistic_page *p, const struct segment *first,
				 size_t stride, size_t count, const struct stop_words *stop_list)
{
	if (count > p->alloc) {
		/* within the page's bound on segments (pipeline.h); a failure
		 * fails the page alone */
		free(p->selves);
		free(p->lengths);
		p->selves = malloc(count * sizeof(*p->selves));
		p->lengths = malloc(2 * count * sizeof(*p->lengths));
		p->alloc = p->selves && p->lengths ? count : 0;
		if (!p->alloc)
			return -1;
	}
	p->first = first;
	p->stride = stride;
	p->count = count;
	double page_chars = 0, page_link_chars = 0, longest = 0;
	for (size_t i = 0; i < count; i++) {
		struct segment_self *self = &p->selves[i];
		size_t characters;
		measure_self(segment_at(first, stride, i), stop_list, self, &characters);
		self->chars_before = page_chars;
		page_chars += characters;
		page_link_chars += self->link * characters;
		p->lengths[i] = self->log_chars;
		longest = fmax(longest, self->log_chars);
	}
	p->page_chars = page_chars;
	p->page_link = page_chars ? page_link_chars / page_chars : 0;
	p->longest = longest;
	/* log1p() of counts: never negative (qsort() for what else could be) */
	if (order_sort_nonnegative_doubles(p->lengths, p->lengths + count, count) < 0)
		qsort(p->lengths, count, sizeof(*p->lengths), order_doubles);
	p->headline.len = 0;
	p->ngram = NULL;
	return 0;
}

/* What a segment's neighbours give its row. */
struct neighbour {
	double link, log_chars, stop_words, ends_sentence;
};

/* The segment `offset` places from segment i; 0 past the page's ends. */
static struct neighbour near(const struct logistic_page *p, size_t i, long offset)
{
	long j = (long)i + offset;
	if (j < 0 || j >= (long)p->count)
		return (struct neighbour){ 0, 0, 0, 0 };
	const struct segment_self *self = &p->selves[j];
	return (struct neighbour){ self->link, self->log_chars, self->stop_words,
				   self->ends_sentence };
}

/* Segments on either side of one whose means the window features take. */
#define WINDOW_HALF 5

/* The features of segment i's neighbourhood into its row f: its neighbours
 * one and two places away, the means over WINDOW_HALF on each side, and
 * its length against the page's other segments. Link densities are the
 * cue_link features. */
static void neighbourhood(const struct logistic_page *p, size_t i, double *f)
{
	struct neighbour prev = near(p, i, -1), next = near(p, i, 1);
	struct neighbour prev2 = near(p, i, -2), next2 = near(p, i, 2);
	f[LF_PREV_LINK] = prev.link;
	f[LF_NEXT_LINK] = next.link;
	f[LF_PREV_LOG_CHARS] = prev.log_chars;
	f[LF_NEXT_LOG_CHARS] = next.log_chars;
	f[LF_PREV2_LINK] = prev2.link;
	f[LF_NEXT2_LINK] = next2.link;
	f[LF_PREV2_LOG_CHARS] = prev2.log_chars;
	f[LF_NEXT2_LOG_CHARS] = next2.log_chars;
	f[LF_PREV_STOP_WORDS] = prev.stop_words;
	f[LF_NEXT_STOP_WORDS] = next.stop_words;
	f[LF_PREV_ENDS_SENTENCE] = prev.ends_sentence;
	f[LF_NEXT_ENDS_SENTENCE] = next.ends_sentence;
	double chars = 0, links = 0, n = 0;
	for (long o = -WINDOW_HALF; o <= WINDOW_HALF; o++) {
		long j = (long)i + o;
		if (j < 0 || j >= (long)p->count)
			continue;
		chars += p->selves[j].log_chars;
		links += p->selves[j].link;
		n++;
	}
	f[LF_WINDOW_LOG_CHARS] = chars / n;
	f[LF_WINDOW_LINK] = links / n;
	/* the segments strictly shorter: the first of equals in the sorted lengths */
	size_t lo = 0, hi = p->count;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (p->lengths[mid] < f[LF_LOG_CHARS])
			lo = mid + 1;
		else
			hi = mid;
	}
	f[LF_SHORTER_SHARE] = p->count > 1 ? (double)lo / (double)(p->count - 1) : 0;
	f[LF_BELOW_LONGEST] = p->longest - f[LF_LOG_CHARS];
}

/* The row of segment i into f. */
static int page_row(const struct logistic_page *p, size_t i, double *f, struct nc_error *err)
{
	const struct segment *s = segment_at(p->first, p->stride, i);
	const struct segment_self *self = &p->selves[i];
	double words = self->words ? (double)self->words : 1;
	double chars = self->characters ? (double)self->characters : 1;
	memset(f, 0, LOGISTIC_FEATURES * sizeof(*f));
	f[LF_INTERCEPT] = 1;
	f[LF_LOG_CHARS] = self->log_chars;
	f[LF_LOG_WORDS] = log1p((double)self->words);
	f[LF_STOP_WORDS] = self->stop_words;
	f[LF_PUNCTUATION] = self->punctuation / words;
	f[LF_CAPITALS] = self->capitalised / words;
	f[LF_DIGITS] = self->digits / chars;
	f[LF_ENDS_SENTENCE] = self->ends_sentence;
	f[LF_CREDIT] = self->credit;
	f[LF_LABEL] = self->label;
	f[LF_DATE] = self->date;
	f[LF_TYPE_H] = s->type == SEGMENT_HEADING;
	f[LF_TYPE_L] = s->type == SEGMENT_LIST_ITEM;
	f[LF_POSITION] = p->count > 1 ? (double)i / (double)(p->count - 1) : 0;
	f[LF_POSITION_CHARS] = p->page_chars ? self->chars_before / p->page_chars : 0;
	for (int c = 0; c < CUE_COUNT; c++)
		f[LF_CUE_FIRST + c] = cue_share(s, c);
	f[LF_PAGE_LINK] = p->page_link;
	neighbourhood(p, i, f);
	f[LF_IN_TITLE] = in_title(s, &p->headline);
	if (p->ngram) {
		struct segment_score score;
		if (method_score(p->ngram, s, &score, err) < 0)
			return -1;
		f[LF_NGRAM_LLR] = logistic_ngram_llr(score.cost_clean, score.cost_dirty);
		f[LF_NGRAM_EVIDENCE] = f[LF_NGRAM_LLR] * f[LF_LOG_CHARS];
	}
	return 0;
}

/* The rows of segments [from, to) into `out`, row by row. */
static int page_rows(const struct logistic_page *p, size_t from, size_t to, double *out,
		     struct nc_error *err)
{
	for (size_t i = from; i < to; i++)
		if (page_row(p, i, out + (i - from) * LOGISTIC_FEATURES, err) < 0)
			return -1;
	return 0;
}

int logistic_features(const struct segment *first, size_t stride, size_t count,
		      const struct stop_words *stop_list, double *out)
{
	struct logistic_page page = { 0 };
	if (!count)
		return 0;
	int ret = logistic_page_measure(&page, first, stride, count, stop_list);
	if (ret == 0)
		ret = page_rows(&page, 0, count, out, NULL);   /* no n-gram scorer: no error */
	logistic_page_release(&page);
	return ret;
}

/* Measure the page (count > 0) as logistic_page_features() does: its
 * language found, its stop-word list, its title's headline, its n-gram
 * scorer when the page speaks the n-gram model's language. */
static int logistic_page_prepare(struct logistic_page *p, const struct segment *first,
				 size_t stride, size_t count, const struct logistic_text *text,
				 const char *title, struct method_scorer *ngram,
				 struct nc_error *err)
{
	struct language language;
	logistic_page_language(first, stride, count, &language);
	if (logistic_page_measure(p, first, stride, count,
				  text ? stop_lists_find(text->stop_lists, language.code) : NULL) < 0)
		return nc_error_set(err, NC_ERR_MEMORY, "no memory for the features of a page of "
				    "%zu segments", count);
	if (title && *title)
		title_headline(title, &p->headline);
	/* On a page not in the n-gram model's language its features stay 0:
	 * "not English" says nothing here. */
	if (ngram && speaks(text ? text->ngram_language : NULL, &language))
		p->ngram = ngram;
	return 0;
}

int logistic_page_features(const struct segment *first, size_t stride, size_t count,
			   const struct logistic_text *text, const char *title,
			   struct method_scorer *ngram, double *out, struct nc_error *err)
{
	struct logistic_page page = { 0 };
	if (!count)
		return 0;
	int ret = logistic_page_prepare(&page, first, stride, count, text, title, ngram, err);
	if (ret == 0)
		ret = page_rows(&page, 0, count, out, err);
	logistic_page_release(&page);
	return ret;
}

/* --- the model file ------------------------------------------------------------------- */

void logistic_model_release(struct logistic_model *model)
{
	free(model->description);
	free(model->ngram_model);
	tree_ensemble_release(&model->trees);
	memset(model, 0, sizeof(*model));
}

_Static_assert(LOGISTIC_FEATURES <= 64, "the parser keeps the features listed in 64 bits");

/* The features a model file lists: all, or all but the n-gram ones (the
 * last) when it names no n-gram model. */
static int listed_features(const struct logistic_model *model)
{
	return model->ngram_model ? LOGISTIC_FEATURES : LF_NGRAM_LLR;
}

void logistic_model_write(const struct logistic_model *model, struct strbuf *out)
{
	int listed = listed_features(model);
	model_file_write_header(out, LOGISTIC_METHOD_NAME, &model->built);
	if (model->description)
		strbuf_addf(out, "description\t%s\n", model->description);
	strbuf_addstr(out, "bias\t");
	model_file_add_double(out, model->bias);
	if (model->ngram_model)
		strbuf_addf(out, "\nngram-model\t%s", model->ngram_model);
	strbuf_addf(out, "\nfeatures\t%d\n", listed);
	for (int f = 0; f < listed; f++) {
		strbuf_addf(out, "weight\t%s\t", logistic_feature_name(f));
		model_file_add_double(out, model->weights[f]);
		strbuf_addch(out, '\n');
	}
	strbuf_addstr(out, "plain-bias\t");
	model_file_add_double(out, model->plain_bias);
	strbuf_addch(out, '\n');
	for (int f = 0; f < listed; f++) {
		strbuf_addf(out, "plain-weight\t%s\t", logistic_feature_name(f));
		model_file_add_double(out, model->plain_weights[f]);
		strbuf_addch(out, '\n');
	}
	if (model->trees.trees)
		tree_ensemble_write(&model->trees, logistic_feature_name, out);
	if (model->has_article_stack) {
		strbuf_addf(out, "article-stack\t%d\n", ARTICLE_STACK_FEATURES);
		for (int f = 0; f < ARTICLE_STACK_FEATURES; f++) {
			strbuf_addf(out, "article-weight\t%s\t", article_stack_feature_name(f));
			model_file_add_double(out, model->article_stack[f]);
			strbuf_addch(out, '\n');
		}
	}
	strbuf_addstr(out, "end\n");
}

/* A weight or a bias: a number filling [p, p + n) within
 * LOGISTIC_MAX_WEIGHT; `what` says which, in the error. */
static int parse_coefficient(const struct model_lines *lines, const char *p, size_t n,
			     const char *what, double *value, struct nc_error *err)
{
	char message[200];
	if (model_lines_parse_double(lines, p, n, value) < 0) {
		snprintf(message, sizeof(message), "expected a number as the %s", what);
		return model_line_error(err, lines->name, lines->number, "%s", message);
	}
	if (fabs(*value) > LOGISTIC_MAX_WEIGHT) {
		snprintf(message, sizeof(message), "the %s, %.*s, is larger in size than %g: the "
			 "model is damaged (a segment's log-odds would overflow)", what, (int)n, p,
			 LOGISTIC_MAX_WEIGHT);
		return model_line_error(err, lines->name, lines->number, "%s", message);
	}
	return 0;
}

/* "KEY<TAB>": the length of the key and its TAB when the line starts so. */
static size_t key(const char *line, size_t len, const char *name)
{
	size_t n = strlen(name);
	return len > n && !memcmp(line, name, n) && line[n] == '\t' ? n + 1 : 0;
}

/* The feature named [name, name + n), or -1. */
static int feature_named(const char *name, size_t n)
{
	for (int f = 0; f < LOGISTIC_FEATURES; f++)
		if (strlen(feature_names[f]) == n && !memcmp(feature_names[f], name, n))
			return f;
	return -1;
}

/* A weight line: "KIND<TAB>NAME<TAB>NUMBER", NAME a feature of this
 * program's after `*last` (the features come in the program's order, each
 * once); the feature into *last, the number into `weights`. */
static int parse_weight(const struct model_lines *lines, const char *line, size_t len,
			const char *kind, int *last, double *weights, struct nc_error *err)
{
	char what[200];
	size_t at = key(line, len, kind);
	const char *name = line + at, *tab = at ? memchr(name, '\t', len - at) : NULL;
	if (!tab) {
		snprintf(what, sizeof(what), "expected %s, a feature's name and a number", kind);
		return model_line_error(err, lines->name, lines->number, "%s", what);
	}
	int f = feature_named(name, (size_t)(tab - name));
	if (f < 0) {
		snprintf(what, sizeof(what), "the %s of %.*s, a feature this program does not "
			 "compute: the model cannot be used", kind, (int)(tab - name), name);
		return model_line_error(err, lines->name, lines->number, "%s", what);
	}
	if (f <= *last) {
		snprintf(what, sizeof(what), "the %s of %s out of order or twice", kind,
			 feature_names[f]);
		return model_line_error(err, lines->name, lines->number, "%s", what);
	}
	*last = f;
	snprintf(what, sizeof(what), "%s of %s", kind, feature_names[f]);
	return parse_coefficient(lines, tab + 1, len - (size_t)(tab + 1 - line), what, &weights[f],
				 err);
}

/* A line of --article's stacked weights: "article-weight<TAB>NAME<TAB>NUMBER",
 * NAME the stacked feature `f`'s (article-stack.h). */
static int parse_stack_weight(const struct model_lines *lines, const char *line, size_t len,
			      int f, double *weight, struct nc_error *err)
{
	const char *name = article_stack_feature_name(f);
	size_t at = key(line, len, "article-weight"), n = strlen(name);
	char what[160];
	if (!at || len - at <= n || memcmp(line + at, name, n) || line[at + n] != '\t') {
		snprintf(what, sizeof(what), "expected article-weight, %s and a number (the "
			 "stacked features in their order)", name);
		return model_line_error(err, lines->name, lines->number, "%s", what);
	}
	snprintf(what, sizeof(what), "article-weight of %s", name);
	return parse_coefficient(lines, line + at + n + 1, len - at - n - 1, what, weight, err);
}

/* Where the reading of a model's trees is. */
struct tree_reading {
	int total, done;         /* trees announced (-1: none yet) and read */
	uint32_t nodes_left;     /* nodes of the current tree still to read */
	uint32_t size;           /* ... of how many */
};

/* A node's child: a node number of the tree after the node's own. */
static int parse_child(const char *p, size_t n, uint32_t node, uint32_t size, uint32_t *child)
{
	double v;
	if (model_parse_double(p, n, &v) < 0 || v <= node || v >= size || v != (uint32_t)v)
		return -1;
	*child = (uint32_t)v;
	return 0;
}

/* A line of the trees (trees.h): a tree's size, a split or a leaf. */
static int parse_tree_line(const struct model_lines *lines, const char *line, size_t len,
			   struct logistic_model *model, struct tree_reading *r,
			   struct nc_error *err)
{
	size_t at;
	if (!r->nodes_left) {
		double size;
		if (len == 3 && !memcmp(line, "end", 3)) {
			char what[96];
			snprintf(what, sizeof(what), "the trees line announced %d trees, %d were read",
				 r->total, r->done);
			return model_line_error(err, lines->name, lines->number, "%s", what);
		}
		if (!(at = key(line, len, "tree")) ||
		    model_parse_double(line + at, len - at, &size) < 0 || size < 1 || size > TREES_MAX_NODES || size != (int)size)
			return model_line_error(err, lines->name, lines->number,
						"expected a tree and its number of nodes, at most "
						TREES_MAX_NODES_TEXT);
		tree_ensemble_begin_tree(&model->trees);
		r->nodes_left = r->size = (uint32_t)size;
		return 0;
	}
	uint32_t node = r->size - r->nodes_left;
	double value;
	if ((at = key(line, len, "leaf"))) {
		if (parse_coefficient(lines, line + at, len - at, "leaf's value", &value, err) < 0)
			return -1;
		tree_ensemble_add_leaf(&model->trees, value);
	} else if ((at = key(line, len, "split"))) {
		/* NAME, VALUE, LEFT, RIGHT */
		const char *end = line + len, *tab[3], *p = line + at;
		int fields = 0;
		for (; fields < 3 && (tab[fields] = memchr(p, '\t', (size_t)(end - p))); fields++)
			p = tab[fields] + 1;
		int f = fields == 3 ? feature_named(line + at, (size_t)(tab[0] - line - at)) : -1;
		uint32_t left, right;
		if (f < 0 ||
		    model_lines_parse_double(lines, tab[0] + 1, (size_t)(tab[1] - tab[0] - 1),
					     &value) < 0 ||
		    parse_child(tab[1] + 1, (size_t)(tab[2] - tab[1] - 1), node, r->size, &left) < 0 ||
		    parse_child(tab[2] + 1, (size_t)(end - tab[2] - 1), node, r->size, &right) < 0)
			return model_line_error(err, lines->name, lines->number,
						"expected split, a feature of this program's, a "
						"number and two nodes after this one");
		if (f >= LF_NGRAM_LLR && !model->ngram_model)
			return model_line_error(err, lines->name, lines->number,
						"a split on the n-gram features of a model that "
						"names no ngram-model");
		tree_ensemble_add_split(&model->trees, f, value);
		tree_ensemble_link(&model->trees, node, left, right);
	} else {
		return model_line_error(err, lines->name, lines->number, "expected split or leaf");
	}
	if (--r->nodes_left == 0)
		r->done++;
	return 0;
}

/* The weights' lines list the features a model learnt, by name, in the
 * program's order; a feature it does not list has weight 0 (a model from
 * before the feature: it scores as it did). Both sets list the same. */
int logistic_model_parse(struct logistic_model *model, const char *name, const char *data,
			 size_t len, struct nc_error *err)
{
	return logistic_model_parse_numbers(model, name, data, len, NULL, err);
}

int logistic_model_parse_numbers(struct logistic_model *model, const char *name,
				 const char *data, size_t len, struct model_numbers *numbers,
				 struct nc_error *err)
{
	struct model_file_header header;
	struct model_lines lines;
	const char *line;
	size_t n, at;
	int got, have_bias = 0, weights = -1, plain = -1, ended = 0, listed = 0, stack = -1;
	int last = -1, plain_last = -1;
	uint64_t weighted = 0, plain_weighted = 0;
	struct tree_reading trees = { -1, 0, 0, 0 };

	memset(model, 0, sizeof(*model));
	if (model_file_read_header(name, data, len, MODEL_FILE_VERSION, &header, err) < 0 ||
	    model_file_expect_method(name, &header, LOGISTIC_METHOD_NAME, err) < 0)
		return -1;
	model_lines_start(&lines, name, data, len, &header);
	lines.numbers = numbers;
	while ((got = model_lines_next(&lines, &line, &n, err)) > 0) {
		if (ended) {
			got = model_line_error(err, lines.name, lines.number,
					       "text after the end line");
		} else if (trees.total >= 0 && (trees.done < trees.total || trees.nodes_left)) {
			got = parse_tree_line(&lines, line, n, model, &trees, err);
		} else if (stack >= 0 && stack < ARTICLE_STACK_FEATURES) {
			got = parse_stack_weight(&lines, line, n, stack, &model->article_stack[stack],
						 err);
			stack++;
		} else if ((at = key(line, n, "article-stack")) && plain == listed && stack < 0) {
			double count;
			if (model_parse_double(line + at, n - at, &count) < 0 ||
			    count != ARTICLE_STACK_FEATURES) {
				char what[96];
				snprintf(what, sizeof(what), "expected article-stack and %d, the "
					 "stacked features this program computes",
					 ARTICLE_STACK_FEATURES);
				got = model_line_error(err, lines.name, lines.number, "%s", what);
			} else {
				stack = 0;
				model->has_article_stack = 1;
			}
		} else if (key(line, n, "tree") && trees.total >= 0) {
			char what[96];
			snprintf(what, sizeof(what), "more trees than the %d the trees line announced",
				 trees.total);
			got = model_line_error(err, lines.name, lines.number, "%s", what);
		} else if ((at = key(line, n, "trees")) && plain == listed && trees.total < 0 &&
			   stack < 0) {
			double count;
			if (model_parse_double(line + at, n - at, &count) < 0 || count < 0 ||
			    count > TREES_MAX_TREES || count != (int)count)
				got = model_line_error(err, lines.name, lines.number,
						       "expected the number of trees, at most "
						       TREES_MAX_TREES_TEXT);
			else
				trees.total = (int)count;
		} else if (weights >= 0 && weights < listed) {
			got = parse_weight(&lines, line, n, "weight", &last, model->weights, err);
			weighted |= got == 0 ? UINT64_C(1) << last : 0;
			weights++;
		} else if (plain >= 0 && plain < listed) {
			got = parse_weight(&lines, line, n, "plain-weight", &plain_last,
					   model->plain_weights, err);
			plain_weighted |= got == 0 ? UINT64_C(1) << plain_last : 0;
			plain++;
		} else if ((at = key(line, n, "plain-bias")) && weights == listed && plain < 0) {
			got = parse_coefficient(&lines, line + at, n - at, "plain-bias",
						&model->plain_bias, err);
			plain = 0;
		} else if (n == 3 && !memcmp(line, "end", 3) && plain == listed &&
			   (trees.total < 0 || trees.done == trees.total) &&
			   (stack < 0 || stack == ARTICLE_STACK_FEATURES)) {
			ended = 1;
			if (weighted != plain_weighted)
				got = model_line_error(err, lines.name, lines.number,
						       "the plain weights are of other features "
						       "than the weights");
			else if ((weighted >> LF_NGRAM_LLR) && !model->ngram_model)
				got = model_line_error(err, lines.name, lines.number,
						       "the model lists ngram_llr but names no "
						       "ngram-model");
		} else if ((at = key(line, n, "bias")) && !have_bias && weights < 0) {
			got = parse_coefficient(&lines, line + at, n - at, "bias", &model->bias, err);
			have_bias = 1;
		} else if ((at = key(line, n, "description")) && !model->description && weights < 0) {
			model->description = xmemdup(line + at, n - at);
		} else if ((at = key(line, n, "ngram-model")) && model->ngram_model) {
			got = model_line_error(err, lines.name, lines.number,
					       "a second ngram-model line");
		} else if ((at = key(line, n, "ngram-model")) && have_bias && weights < 0) {
			if (at == n)
				got = model_line_error(err, lines.name, lines.number,
						       "expected the n-gram model's file after the "
						       "TAB");
			else
				model->ngram_model = xmemdup(line + at, n - at);
		} else if ((at = key(line, n, "features")) && weights < 0 && have_bias) {
			double count;
			if (model_parse_double(line + at, n - at, &count) < 0 || count < 1 ||
			    count > LOGISTIC_FEATURES || count != (int)count)
				got = model_line_error(err, lines.name, lines.number,
						       "the model has another number of features "
						       "than this program computes: it cannot be "
						       "used");
			else
				listed = (int)count;
			weights = 0;
		} else {
			got = model_line_error(err, lines.name, lines.number,
					       "expected description, bias, ngram-model, features, "
					       "the weights, plain-bias, the plain weights, then "
					       "end");
		}
		if (got < 0)
			break;
	}
	if (got == 0 && !ended) {
		lines.number++;
		got = model_line_error(err, lines.name, lines.number,
				       "the file ends without the end line (truncated file?)");
	}
	if (got < 0) {
		logistic_model_release(model);
		return -1;
	}
	tree_ensemble_freeze(&model->trees);
	return 0;
}

#define LN2 0.69314718055994530942   /* log-odds in bits */

double logistic_model_log_odds(const struct logistic_model *model, const double *x,
			       int structured)
{
	const double *w = structured ? model->weights : model->plain_weights;
	double z = 0;
	for (int k = 0; k < LOGISTIC_FEATURES; k++)
		z += w[k] * x[k];
	if (structured)
		z += tree_ensemble_score(&model->trees, x);
	return z / LN2;
}

/* --- the method ------------------------------------------------------------------------ */

struct logistic_method {
	struct method base;
	struct logistic_model model;
	struct method *ngram;   /* ngram_llr's ncleaner method, or NULL */
	struct stop_lists *stop_lists;   /* or NULL */
	struct logistic_text text;       /* what the two above say of text */
};

/* A worker's scratch: its page's measures and a block of its rows. */
struct logistic_scorer {
	struct method_scorer base;
	const struct logistic_method *method;
	struct method_scorer *ngram;   /* or NULL */
	struct logistic_page page;
	double features[LOGISTIC_BLOCK_ROWS * LOGISTIC_FEATURES];
};

static struct method_scorer *logistic_scorer_new(const struct method *method);

/* Score the segments [from, to) of the page measured in s->page. */
static int score_block(struct logistic_scorer *s, struct scored_segment *segments, size_t from,
		       size_t to, int structured, struct nc_error *err)
{
	const struct logistic_model *model = &s->method->model;
	double bias = structured ? model->bias : model->plain_bias;
	if (page_rows(&s->page, from, to, s->features, err) < 0)
		return -1;
	for (size_t i = from; i < to; i++) {
		const double *f = s->features + (i - from) * LOGISTIC_FEATURES;
		segments[i].score.cost_clean = bias;
		segments[i].score.cost_dirty = logistic_model_log_odds(model, f, structured);
		segments[i].score.units = 1;   /* the log-odds are the segment's, whole */
		segments[i].score.type = proposed_type(&segments[i].segment,
						       s->page.selves[i].words);
		segments[i].words_plus_one = s->page.selves[i].words + 1;
	}
	return 0;
}

static int logistic_score_page(struct method_scorer *base, const struct page_info *page,
			       struct scored_segment *segments, size_t count, struct nc_error *err)
{
	struct logistic_scorer *s = (struct logistic_scorer *)base;
	if (!count)
		return 0;
	/* A page has its structure whole or not at all (the segmenter's flag). */
	int structured = segments[0].segment.structure != NULL;
	if (logistic_page_prepare(&s->page, &segments[0].segment, sizeof(segments[0]), count,
				  &s->method->text, page ? page->title : NULL, s->ngram, err) < 0)
		return -1;
	for (size_t from = 0; from < count; from += LOGISTIC_BLOCK_ROWS) {
		size_t to = count - from > LOGISTIC_BLOCK_ROWS ? from + LOGISTIC_BLOCK_ROWS : count;
		if (score_block(s, segments, from, to, structured, err) < 0)
			return -1;
	}
	return 0;
}

static void logistic_scorer_free(struct method_scorer *base)
{
	struct logistic_scorer *s = (struct logistic_scorer *)base;
	method_scorer_free(s->ngram);
	logistic_page_release(&s->page);
	free(s);
}

static void logistic_free(struct method *base)
{
	struct logistic_method *m = (struct logistic_method *)base;
	method_free(m->ngram);
	stop_lists_free(m->stop_lists);
	logistic_model_release(&m->model);
	free(m);
}

static void logistic_describe(const struct method *base, struct strbuf *json)
{
	const struct logistic_method *m = (const struct logistic_method *)base;
	strbuf_addf(json, "\"features\":%d", listed_features(&m->model));
	if (m->model.ngram_model) {
		strbuf_addstr(json, ",\"ngram_model\":");
		json_add_string(json, m->model.ngram_model, strlen(m->model.ngram_model));
	}
}

static const struct method_ops logistic_ops = {
	.name = LOGISTIC_METHOD_NAME,
	.log_odds = 1,
	.scorer_new = logistic_scorer_new,
	.score_page = logistic_score_page,
	.scorer_free = logistic_scorer_free,
	.free = logistic_free,
	.describe = logistic_describe,
};

static struct method_scorer *logistic_scorer_new(const struct method *method)
{
	struct logistic_scorer *s = xcalloc(1, sizeof(*s));
	s->base.ops = &logistic_ops;
	s->method = (const struct logistic_method *)method;
	if (s->method->ngram)
		s->ngram = method_scorer_new(s->method->ngram);
	return &s->base;
}

void logistic_ngram_path(const char *model_path, const char *name, struct strbuf *out)
{
	const char *slash = strrchr(model_path, '/');
	strbuf_reset(out);
	if (name[0] != '/' && slash)
		strbuf_add(out, model_path, (size_t)(slash - model_path) + 1);
	strbuf_addstr(out, name);
}

struct stop_lists *logistic_stop_lists_load(const char *data_dir, struct nc_error *err)
{
	struct strbuf dir = STRBUF_INIT;
	strbuf_addf(&dir, "%s/%s", data_dir, LOGISTIC_STOP_WORDS_DIR);
	struct stop_lists *lists = stop_lists_load(dir.buf, err);
	strbuf_release(&dir);
	return lists;
}

struct method *logistic_method_load(const char *path, const char *data_dir,
				    struct nc_error *err)
{
	struct strbuf data = STRBUF_INIT;
	struct logistic_method *m = xcalloc(1, sizeof(*m));
	struct model_numbers numbers;
	int ret = read_file(path, LOGISTIC_MAX_FILE_BYTES, &data, err);
	if (ret == 0) {
		/* Its sidecar, when there is one made from this text, saves the
		 * strtod calls of its 17-digit numbers (model-numbers.h). */
		model_numbers_open(&numbers, path, data.buf, data.len);
		ret = logistic_model_parse_numbers(&m->model, path, data.buf, data.len, &numbers,
						   err);
		model_numbers_release(&numbers);
	}
	strbuf_release(&data);
	if (ret == 0 && m->model.ngram_model) {
		struct strbuf ngram_path = STRBUF_INIT;
		logistic_ngram_path(path, m->model.ngram_model, &ngram_path);
		m->ngram = ncleaner_method_load(ngram_path.buf, 0, 0, err);
		if (!m->ngram) {
			nc_error_prefix(err, path);
			ret = -1;
		}
		strbuf_release(&ngram_path);
	}
	if (ret == 0 && data_dir && !(m->stop_lists = logistic_stop_lists_load(data_dir, err)))
		ret = -1;
	if (ret < 0) {
		method_free(m->ngram);
		logistic_model_release(&m->model);
		free(m);
		return NULL;
	}
	m->text.stop_lists = m->stop_lists;
	m->text.ngram_language = m->ngram ? ncleaner_method_language(m->ngram) : NULL;
	m->base.ops = &logistic_ops;
	m->base.default_bias = 0;   /* the model's biases are in the costs */
	m->base.article_stack = m->model.has_article_stack ? m->model.article_stack : NULL;
	return &m->base;
}
