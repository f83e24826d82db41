/* page-meta.c: a page's metadata from <meta>, JSON-LD and <time> (see
 * page-meta.h, which has the rules and their ranks). */
#include "normalise/page-meta.h"
#include "normalise/charset.h"
#include "normalise/head-scan.h"
#include "base/alloc.h"
#include "base/json-value.h"
#include "base/limits.h"
#include "base/utf8.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The best value found so far for each field, and its rank (0: none). */
struct meta_reader {
	char *value[META_FIELDS];
	int rank[META_FIELDS];
	const char *charset;   /* of the page's raw bytes */
	int json_ld_blocks;    /* read so far */
};

/* <meta> keys, lower case, and what they give (page-meta.h's table). */
static const struct meta_key {
	const char *key;
	enum page_meta_field field;
	int rank;
} meta_keys[] = {
	{ "og:title", META_TITLE, 10 },
	{ "twitter:title", META_TITLE, 30 },
	{ "dc.title", META_TITLE, 40 },
	{ "dcterms.title", META_TITLE, 40 },
	{ "author", META_AUTHOR, 20 },
	{ "article:author", META_AUTHOR, 30 },
	{ "parsely-author", META_AUTHOR, 35 },
	{ "sailthru.author", META_AUTHOR, 35 },
	{ "dc.creator", META_AUTHOR, 40 },
	{ "dcterms.creator", META_AUTHOR, 40 },
	{ "article:published_time", META_PUBLISHED, 10 },
	{ "datepublished", META_PUBLISHED, 25 },
	{ "citation_publication_date", META_PUBLISHED, 30 },
	{ "dc.date.issued", META_PUBLISHED, 30 },
	{ "dcterms.issued", META_PUBLISHED, 30 },
	{ "dc.date.created", META_PUBLISHED, 32 },
	{ "dcterms.created", META_PUBLISHED, 32 },
	{ "dc.date", META_PUBLISHED, 35 },
	{ "dcterms.date", META_PUBLISHED, 35 },
	{ "date", META_PUBLISHED, 40 },
	{ "pubdate", META_PUBLISHED, 40 },
	{ "publishdate", META_PUBLISHED, 40 },
	{ "publish-date", META_PUBLISHED, 40 },
	{ "publication_date", META_PUBLISHED, 40 },
	{ "parsely-pub-date", META_PUBLISHED, 40 },
	{ "sailthru.date", META_PUBLISHED, 40 },
	{ "article:modified_time", META_MODIFIED, 10 },
	{ "og:updated_time", META_MODIFIED, 15 },
	{ "datemodified", META_MODIFIED, 25 },
	{ "dcterms.modified", META_MODIFIED, 30 },
	{ "dc.date.modified", META_MODIFIED, 30 },
	{ "og:site_name", META_SITE_NAME, 10 },
	{ "dc.publisher", META_SITE_NAME, 35 },
	{ "dcterms.publisher", META_SITE_NAME, 35 },
	{ "application-name", META_SITE_NAME, 40 },
	{ "description", META_DESCRIPTION, 10 },
	{ "og:description", META_DESCRIPTION, 20 },
	{ "twitter:description", META_DESCRIPTION, 30 },
	{ "dc.description", META_DESCRIPTION, 40 },
	{ "dcterms.description", META_DESCRIPTION, 40 },
	{ "content-language", META_LANGUAGE, 20 },
	{ "dc.language", META_LANGUAGE, 30 },
	{ "dcterms.language", META_LANGUAGE, 30 },
	{ "og:locale", META_LANGUAGE, 40 },
};

/* Ranks of the other sources. */
enum {
	RANK_HTML_LANG = 10,
	RANK_TIME_ITEMPROP = 45,
	RANK_TIME_CLASS = 50,
	RANK_FIRST_TIME = 90
};

/* Raw bytes of a value looked at: a value is cut at META_VALUE_MAX_BYTES
 * anyway, and markup and references take at most a few times its text. */
#define META_RAW_MAX_BYTES (16 * META_VALUE_MAX_BYTES)

/* --- values ---------------------------------------------------------------------- */

/* Numeric character references in the UTF-8 `in` decoded (a control
 * character's or one past Unicode's is dropped), into `out`. */
static void decode_references(const char *in, struct strbuf *out)
{
	const char *end = in + strlen(in);
	for (const char *p = in; p < end;) {
		const char *after;
		uint32_t cp = p[0] == '&' && p + 1 < end && p[1] == '#'
			      ? head_reference_value(p + 2, end, &after) : 0;
		if (!cp) {
			strbuf_addch(out, *p++);
			continue;
		}
		char bytes[4];
		if (cp >= 0x20 && !(cp >= 0x7F && cp < 0xA0) && cp <= 0x10FFFF &&
		    !(cp >= 0xD800 && cp < 0xE000))
			strbuf_add(out, bytes, utf8_encode(cp, bytes));
		p = after;
	}
}

/* White space collapsed and trimmed in place (a decoded reference may have
 * been a space, head_text() ran before). */
static void collapse_space(struct strbuf *s)
{
	size_t to = 0;
	int space = 1;
	for (size_t i = 0; i < s->len; i++) {
		char c = s->buf[i];
		if (isspace((unsigned char)c)) {
			if (!space)
				s->buf[to++] = ' ';
			space = 1;
		} else {
			s->buf[to++] = c;
			space = 0;
		}
	}
	if (to && s->buf[to - 1] == ' ')
		to--;
	strbuf_setlen(s, to);
}

/* Cut `s` to at most `max` bytes, at the end of a character. */
static void cut_utf8(struct strbuf *s, size_t max)
{
	if (s->len <= max)
		return;
	size_t at = max;
	while (at > 0 && ((unsigned char)s->buf[at] & 0xC0) == 0x80)
		at--;
	strbuf_setlen(s, at);
	if (s->len && s->buf[s->len - 1] == ' ')
		strbuf_setlen(s, s->len - 1);
}

static int is_url(const char *s)
{
	return !strncasecmp(s, "http://", 7) || !strncasecmp(s, "https://", 8) ||
	       !strncasecmp(s, "www.", 4);
}

/* A BCP 47 tag as pages write it ("en", "de-AT", "en_US"): letters, digits
 * and '-' ('_' read as '-'), from two to 35 characters, starting with a
 * letter. Made so in place; 0 when it is none. */
static int language_tag(struct strbuf *s)
{
	if (s->len < 2 || s->len > 35 || !isalpha((unsigned char)s->buf[0]))
		return 0;
	for (size_t i = 0; i < s->len; i++) {
		if (s->buf[i] == '_')
			s->buf[i] = '-';
		if (!isalnum((unsigned char)s->buf[i]) && s->buf[i] != '-')
			return 0;
	}
	return 1;
}

/* The value of `field` from `len` raw bytes in `charset`, as page-meta.h
 * says; NULL when there is none. */
static char *field_value(enum page_meta_field field, const char *raw, size_t len,
			 const char *charset)
{
	struct strbuf text = STRBUF_INIT, value = STRBUF_INIT;
	head_text(raw, raw + (len < META_RAW_MAX_BYTES ? len : META_RAW_MAX_BYTES), &text);
	char *utf8 = text.len ? head_utf8(text.buf, text.len, charset) : NULL;
	strbuf_release(&text);
	if (!utf8)
		return NULL;
	decode_references(utf8, &value);
	free(utf8);
	collapse_space(&value);
	cut_utf8(&value, META_VALUE_MAX_BYTES);

	int ok = value.len > 0;
	if (ok && (field == META_PUBLISHED || field == META_MODIFIED)) {
		struct strbuf date = STRBUF_INIT;
		ok = page_meta_date(value.buf, value.len, &date) == 0;
		strbuf_swap(&date, &value);
		strbuf_release(&date);
	} else if (ok && field == META_AUTHOR) {
		ok = !is_url(value.buf);
	} else if (ok && field == META_LANGUAGE) {
		ok = language_tag(&value);
	}
	if (!ok) {
		strbuf_release(&value);
		return NULL;
	}
	return strbuf_detach(&value, NULL);
}

/* A value for `field` of rank `rank`: kept when no better one is known. */
static void offer(struct meta_reader *r, enum page_meta_field field, int rank, const char *raw,
		  size_t len, const char *charset)
{
	if (r->rank[field] && r->rank[field] <= rank)
		return;
	char *value = field_value(field, raw, len, charset);
	if (!value)
		return;
	free(r->value[field]);
	r->value[field] = value;
	r->rank[field] = rank;
}

/* --- dates ---------------------------------------------------------------------- */

/* `n` decimal digits at p (within end) as *value (untouched when there are
 * not `n` digits there). */
static int digits(const char *p, const char *end, int n, unsigned *value)
{
	if (end - p < n)
		return 0;
	unsigned v = 0;
	for (int i = 0; i < n; i++) {
		if (!isdigit((unsigned char)p[i]))
			return 0;
		v = v * 10 + (unsigned)(p[i] - '0');
	}
	*value = v;
	return 1;
}

static unsigned days_in_month(unsigned year, unsigned month)
{
	static const unsigned char days[12] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	int leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
	return days[month - 1] + (month == 2 && leap);
}

/* The time at `p` (after the date's 'T' or space), appended to `out` as
 * "Thh:mm[:ss[.f]][zone]"; nothing when there is none. */
static void read_time(const char *p, const char *end, struct strbuf *out)
{
	unsigned hour, minute, second, zone_hour, zone_minute = 0;
	if (!digits(p, end, 2, &hour) || end - p < 5 || p[2] != ':' ||
	    !digits(p + 3, end, 2, &minute) || hour > 23 || minute > 59)
		return;
	strbuf_addf(out, "T%02u:%02u", hour, minute);
	p += 5;
	if (p < end && *p == ':' && digits(p + 1, end, 2, &second) && second <= 60) {
		strbuf_addf(out, ":%02u", second);
		p += 3;
		if (end - p >= 2 && (*p == '.' || *p == ',') && isdigit((unsigned char)p[1])) {
			strbuf_addch(out, '.');
			for (p++; p < end && isdigit((unsigned char)*p) && out->len < 40; p++)
				strbuf_addch(out, *p);
			while (p < end && isdigit((unsigned char)*p))
				p++;
		}
	}
	if (p < end && (*p == 'Z' || *p == 'z')) {
		strbuf_addch(out, 'Z');
	} else if (p < end && (*p == '+' || *p == '-') && digits(p + 1, end, 2, &zone_hour) &&
		   zone_hour <= 14) {
		const char *m = p + 3;
		if (m < end && *m == ':')
			m++;
		if (digits(m, end, 2, &zone_minute) && zone_minute > 59)
			return;
		strbuf_addf(out, "%c%02u:%02u", *p, zone_hour, zone_minute);
	}
}

int page_meta_date(const char *s, size_t len, struct strbuf *out)
{
	const char *p = head_skip_space(s, s + len), *end = s + len;
	unsigned year, month, day;
	if (!digits(p, end, 4, &year) || end - p < 10 || (p[4] != '-' && p[4] != '/') ||
	    p[7] != p[4] || !digits(p + 5, end, 2, &month) || !digits(p + 8, end, 2, &day) ||
	    (end - p > 10 && isdigit((unsigned char)p[10])))
		return -1;
	if (year < 1991 || year > 2099 || month < 1 || month > 12 || day < 1 ||
	    day > days_in_month(year, month))
		return -1;
	strbuf_addf(out, "%04u-%02u-%02u", year, month, day);
	p += 10;
	if (p < end && (*p == 'T' || *p == 't' || *p == ' '))
		read_time(p + 1, end, out);
	return 0;
}

/* Blogs' and news sites' paths: /2012/06/25/title. The date must be whole
 * path segments, so that /2012/06/250/ or an id of digits are no date. */
void page_meta_url_date(struct page_info *info, const char *url)
{
	if (!url || info->meta[META_PUBLISHED])
		return;
	const char *path = strstr(url, "://");
	path = path ? strchr(path + 3, '/') : NULL;
	for (const char *p = path; p && *p; p = strchr(p + 1, '/')) {
		const char *end = p + strlen(p);
		unsigned y, m, d;
		if (end - p < 11 || !digits(p + 1, end, 4, &y) || p[5] != '/' ||
		    !digits(p + 6, end, 2, &m) || p[8] != '/' || !digits(p + 9, end, 2, &d) ||
		    (p[11] && p[11] != '/' && p[11] != '?' && p[11] != '#'))
			continue;
		char iso[11] = { p[1], p[2], p[3], p[4], '-', p[6], p[7], '-', p[9], p[10], 0 };
		struct strbuf date = STRBUF_INIT;
		if (page_meta_date(iso, 10, &date) == 0) {
			info->meta[META_PUBLISHED] = strbuf_detach(&date, NULL);
			return;
		}
		strbuf_release(&date);
	}
}

/* --- <meta>, <time>, <html> ---------------------------------------------------- */

static const struct meta_key *find_meta_key(const char *key, size_t len)
{
	for (size_t i = 0; i < sizeof(meta_keys) / sizeof(meta_keys[0]); i++)
		if (strlen(meta_keys[i].key) == len && !strncasecmp(meta_keys[i].key, key, len))
			return &meta_keys[i];
	return NULL;
}

static void read_meta(struct meta_reader *r, const char *tag, const char *close)
{
	static const char *const key_attributes[] = { "property", "name", "itemprop",
						      "http-equiv" };
	const char *content, *key;
	size_t content_len, key_len;
	if (!head_attribute(tag, close, "content", &content, &content_len))
		return;
	for (size_t a = 0; a < sizeof(key_attributes) / sizeof(key_attributes[0]); a++) {
		if (!head_attribute(tag, close, key_attributes[a], &key, &key_len))
			continue;
		const char *stop = key + key_len;
		key = head_skip_space(key, stop);
		while (stop > key && isspace((unsigned char)stop[-1]))
			stop--;
		const struct meta_key *k = find_meta_key(key, (size_t)(stop - key));
		if (k)
			offer(r, k->field, k->rank, content, content_len, r->charset);
	}
}

static void read_time_tag(struct meta_reader *r, const char *tag, const char *close)
{
	const char *datetime, *value;
	size_t datetime_len, value_len;
	if (!head_attribute(tag, close, "datetime", &datetime, &datetime_len))
		return;
	enum page_meta_field field = META_PUBLISHED;
	int rank = RANK_FIRST_TIME;
	if (head_attribute(tag, close, "itemprop", &value, &value_len)) {
		if (head_has_word(value, value_len, "datepublished"))
			rank = RANK_TIME_ITEMPROP;
		else if (head_has_word(value, value_len, "datemodified"))
			field = META_MODIFIED, rank = RANK_TIME_ITEMPROP;
	}
	if (rank == RANK_FIRST_TIME && head_attribute(tag, close, "class", &value, &value_len)) {
		if (head_has_word(value, value_len, "published") ||
		    head_has_word(value, value_len, "entry-date"))
			rank = RANK_TIME_CLASS;
		else if (head_has_word(value, value_len, "updated"))
			field = META_MODIFIED, rank = RANK_TIME_CLASS;
	}
	offer(r, field, rank, datetime, datetime_len, r->charset);
}

/* --- JSON-LD ------------------------------------------------------------------ */

enum ld_kind { LD_OTHER, LD_ARTICLE, LD_PAGE, LD_SITE };

static int ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && !strcmp(s + n - m, suffix);
}

/* What an object's @type makes it (a string or an array of them; a
 * prefixed name, "schema:NewsArticle" or "http://schema.org/NewsArticle",
 * counts by its last part). */
static enum ld_kind ld_kind(const struct json_value *object)
{
	const struct json_value *type = json_value_member(object, "@type");
	size_t n = !type ? 0 : type->type == JSON_STRING ? 1 : type->type == JSON_ARRAY
		   ? type->count : 0;
	enum ld_kind kind = LD_OTHER;
	for (size_t i = 0; i < n && i < 8; i++) {
		const struct json_value *t = type->type == JSON_STRING ? type : &type->items[i];
		if (t->type != JSON_STRING)
			continue;
		const char *name = t->string;
		const char *cut = strrchr(name, '/');
		if (cut || (cut = strrchr(name, ':')))
			name = cut + 1;
		if (ends_with(name, "Article") || ends_with(name, "Posting") ||
		    ends_with(name, "Report"))
			return LD_ARTICLE;
		if (ends_with(name, "Page"))
			kind = LD_PAGE;
		else if (!strcmp(name, "WebSite") && kind == LD_OTHER)
			kind = LD_SITE;
	}
	return kind;
}

static void offer_json_string(struct meta_reader *r, enum page_meta_field field, int rank,
			      const struct json_value *value)
{
	if (value && value->type == JSON_STRING)
		offer(r, field, rank, value->string, value->length, "utf-8");
}

/* A person's or an organisation's name: a string, or an object's "name". */
static const struct json_value *ld_name(const struct json_value *who)
{
	if (who && who->type == JSON_OBJECT)
		who = json_value_member(who, "name");
	return who && who->type == JSON_STRING ? who : NULL;
}

/* "author": one, or the names of an array joined by "; ". */
static void offer_authors(struct meta_reader *r, int rank, const struct json_value *author)
{
	if (!author || author->type != JSON_ARRAY) {
		offer_json_string(r, META_AUTHOR, rank, ld_name(author));
		return;
	}
	struct strbuf names = STRBUF_INIT;
	for (size_t i = 0, n = 0; i < author->count && n < META_MAX_AUTHORS; i++) {
		const struct json_value *name = ld_name(&author->items[i]);
		if (!name || !name->length)
			continue;
		if (n++)
			strbuf_addstr(&names, "; ");
		strbuf_add(&names, name->string, name->length);
	}
	if (names.len)
		offer(r, META_AUTHOR, rank, names.buf, names.len, "utf-8");
	strbuf_release(&names);
}

static void read_ld_object(struct meta_reader *r, const struct json_value *object)
{
	enum ld_kind kind = ld_kind(object);
	if (kind == LD_SITE) {
		offer_json_string(r, META_SITE_NAME, 50, json_value_member(object, "name"));
		offer_json_string(r, META_LANGUAGE, 50, json_value_member(object, "inLanguage"));
		return;
	}
	if (kind == LD_OTHER)
		return;
	int article = kind == LD_ARTICLE;
	const struct json_value *title = json_value_member(object, "headline");
	if (!article && !title)
		title = json_value_member(object, "name");
	offer_json_string(r, META_TITLE, article ? 20 : 45, title);
	offer_authors(r, article ? 10 : 45, json_value_member(object, "author"));
	offer_json_string(r, META_PUBLISHED, article ? 20 : 55,
			  json_value_member(object, "datePublished"));
	offer_json_string(r, META_MODIFIED, article ? 20 : 55,
			  json_value_member(object, "dateModified"));
	offer_json_string(r, META_SITE_NAME, 20, ld_name(json_value_member(object, "publisher")));
	offer_json_string(r, META_DESCRIPTION, article ? 50 : 55,
			  json_value_member(object, "description"));
	offer_json_string(r, META_LANGUAGE, 50, json_value_member(object, "inLanguage"));
}

/* The objects of a block: the top one or those of a top array, and those
 * of each one's "@graph" array. */
static void read_ld_value(struct meta_reader *r, const struct json_value *value, int depth)
{
	if (value->type == JSON_ARRAY && depth == 0) {
		for (size_t i = 0; i < value->count; i++)
			read_ld_value(r, &value->items[i], 1);
		return;
	}
	if (value->type != JSON_OBJECT)
		return;
	read_ld_object(r, value);
	const struct json_value *graph = json_value_member(value, "@graph");
	if (graph && graph->type == JSON_ARRAY && depth < 2)
		for (size_t i = 0; i < graph->count; i++)
			if (graph->items[i].type == JSON_OBJECT)
				read_ld_object(r, &graph->items[i]);
}

/* Drop an HTML comment's or CDATA section's marks around a block's text
 * (pages wrap scripts so for old browsers). */
static void strip_wrapping(struct strbuf *text)
{
	static const struct { const char *open, *close; } marks[] = {
		{ "<!--", "-->" }, { "<![CDATA[", "]]>" }, { "//<![CDATA[", "//]]>" },
	};
	collapse_space(text);
	for (size_t i = 0; i < sizeof(marks) / sizeof(marks[0]); i++) {
		size_t open = strlen(marks[i].open), close = strlen(marks[i].close);
		if (text->len >= open + close && !strncmp(text->buf, marks[i].open, open) &&
		    !strncmp(text->buf + text->len - close, marks[i].close, close)) {
			strbuf_setlen(text, text->len - close);
			memmove(text->buf, text->buf + open, text->len - open);
			strbuf_setlen(text, text->len - open);
		}
	}
}

static void read_json_ld(struct meta_reader *r, const char *raw, size_t len)
{
	if (len > META_JSON_LD_MAX_BYTES || r->json_ld_blocks >= META_JSON_LD_MAX_BLOCKS)
		return;
	r->json_ld_blocks++;
	struct strbuf utf8 = STRBUF_INIT, text = STRBUF_INIT;
	if (!charset_is_utf8(r->charset) && charset_to_utf8(r->charset, raw, len, &utf8, NULL) == 0) {
		raw = utf8.buf;
		len = utf8.len;
	}
	utf8_clean(raw, len, &text);   /* newlines stay: collapse_space() takes them */
	strbuf_release(&utf8);
	strip_wrapping(&text);
	struct json_value root;
	struct nc_error err;
	if (json_value_parse(text.buf, text.len, "JSON-LD", &root, &err) == 0)
		read_ld_value(r, &root, 0);
	json_value_release(&root);
	strbuf_release(&text);
}

/* --- the page --------------------------------------------------------------------- */

/* The length of the tag name at `p` (after '<'), letters and digits. */
static size_t tag_name_length(const char *p, const char *end)
{
	const char *q = p;
	while (q < end && isalnum((unsigned char)*q))
		q++;
	return (size_t)(q - p);
}

/* Past the element whose start tag closes at `close`: after its end tag
 * `end_tag` ("</script"), with its text in [*text, *text_end); NULL when
 * it does not end. */
static const char *skip_element(const char *close, const char *end, const char *end_tag,
				const char **text, const char **text_end)
{
	*text = close + 1;
	*text_end = head_find(close + 1, end, end_tag);
	return *text_end ? *text_end + strlen(end_tag) : NULL;
}

void page_meta_read(const char *html, size_t len, const char *charset, struct page_info *info)
{
	struct meta_reader r = { .charset = charset };
	const char *end = html + len;
	int html_seen = 0;

	for (const char *p = html; p < end && (p = memchr(p, '<', (size_t)(end - p)));) {
		if (end - p >= 4 && !memcmp(p, "<!--", 4)) {
			const char *stop = head_find(p + 4, end, "-->");
			if (!stop)
				break;
			p = stop + 3;
			continue;
		}
		size_t n = tag_name_length(p + 1, end);
		const char *close = n ? memchr(p, '>', (size_t)(end - p)) : NULL;
		if (!n) {
			p++;
			continue;
		}
		if (!close)
			break;
		const char *name = p + 1, *text, *text_end, *value;
		size_t value_len;
		if (n == 4 && !strncasecmp(name, "meta", 4)) {
			read_meta(&r, p, close);
		} else if (n == 4 && !strncasecmp(name, "time", 4)) {
			read_time_tag(&r, p, close);
		} else if (n == 4 && !strncasecmp(name, "html", 4) && !html_seen) {
			html_seen = 1;
			if (head_attribute(p, close, "lang", &value, &value_len))
				offer(&r, META_LANGUAGE, RANK_HTML_LANG, value, value_len, charset);
		} else if ((n == 6 && !strncasecmp(name, "script", 6)) ||
			   (n == 5 && !strncasecmp(name, "style", 5))) {
			const char *after = skip_element(close, end, n == 6 ? "</script" : "</style",
							 &text, &text_end);
			if (!after)
				break;
			if (n == 6 && head_attribute(p, close, "type", &value, &value_len) &&
			    value_len >= 19 && head_find(value, value + value_len, "application/ld+json"))
				read_json_ld(&r, text, (size_t)(text_end - text));
			p = after;
			continue;
		}
		p = close + 1;
	}
	for (int f = 0; f < META_FIELDS; f++)
		info->meta[f] = r.value[f];
}
