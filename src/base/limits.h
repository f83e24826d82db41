/* limits.h: every bound on what an input, a model or an output may take.
 *
 * Bad or hostile input meets these, not unbounded memory or time: past
 * most of them a page, a record or a model fails with NC_ERR_LIMIT naming
 * the limit (ncleaner(1), LIMITS and FAULTS); a few only cut (segments,
 * deep nesting, text read for a language). They are here together so that
 * one file says what ncleaner accepts, each with the reason for its size.
 * Bounds that are part of a format (a marker's length, a charset label's,
 * an n-gram's order) stay with their module.
 */
#ifndef NC_LIMITS_H
#define NC_LIMITS_H

#include <stddef.h>
#include <stdint.h>

/* --- inputs (source/) ------------------------------------------------------ */

/* The most a text dump read from a file may hold (decoded): a page of text
 * is streamed, so this bounds time and output rather than memory; a gzip'd
 * dump can expand a thousandfold. Four times the limit of an HTML page. */
#define PAGE_MAX_TEXT_BYTES ((uint64_t)256 << 20)
/* The most a record's header may take: real headers are a few hundred
 * bytes; the limit only stops a damaged file from filling memory. */
#define WARC_MAX_HEADER_BYTES (1u << 20)
/* The most an HTTP head may take (real ones: a few kB). */
#define HTTP_MAX_HEAD_BYTES (1u << 20)
/* The longest chunk-size line (with extensions) a chunked body may have. */
#define HTTP_MAX_CHUNK_LINE 4096

/* --- JSON inputs (base/json-value.h) ---------------------------------------- */

/* The largest JSON text read: annotation files are small (the trafilatura
 * benchmark's 990 pages take 0.7 MB), and the tree read from a text takes
 * several times its size. */
#define JSON_MAX_BYTES (16u << 20)
/* Arrays and objects may nest this deep: the reader recurses once per
 * level (a few hundred bytes of stack each); annotations nest three. */
#define JSON_MAX_DEPTH 64
/* Values a text may hold: each takes a struct json_value (64 bytes; 88 as
 * an object's member), so the tree of any text stays under about 100 MB;
 * a text of JSON_MAX_BYTES full of "[0,0,0,..." (two bytes a value) would
 * otherwise take over 500. The benchmark's file holds about 20,000. */
#define JSON_MAX_VALUES (1u << 20)

/* --- stage 1 (normalise/) -------------------------------------------------- */

/* A wrapper tag longer than this is not a wrapper (and bounds the scan). */
#define WRAPPER_MAX_BYTES 65536
/* Metadata (normalise/page-meta.h). A value longer than this is cut at a
 * character's end: a description is a sentence or two, a title a line;
 * without it a 10 MB og:description would be copied into every output. */
#define META_VALUE_MAX_BYTES 1024
/* A JSON-LD block larger than this is not read: real ones take a few kB
 * (a shop's product list with its offers 100 kB at most), and the tree the
 * reader builds takes up to 100 bytes a value (json-value.h). */
#define META_JSON_LD_MAX_BYTES (256u << 10)
/* JSON-LD blocks read on a page: pages have one to four; a page of
 * thousands must not be parsed thousands of times. */
#define META_JSON_LD_MAX_BLOCKS 16
/* The authors joined from one JSON-LD "author" array. */
#define META_MAX_AUTHORS 8

/* --- rewrite rules (base/rules.c) ------------------------------------------ */

/* Limits that stop catastrophic backtracking. A well-behaved rule on a
 * 10 MB page needs far fewer steps than this; a pathological one fails
 * within a fraction of a second. */
#define RULE_MATCH_LIMIT 20000000
#define RULE_DEPTH_LIMIT 1000000   /* in kibibytes of backtracking heap */
/* Rules may add text (markers), but a rule set whose replacements feed each
 * other could grow the text exponentially: the text may grow to this many
 * times its size (plus 1 MiB) and no further. */
#define RULE_MAX_GROWTH 4

/* --- the in-process parse (render/html-parse.c) ---------------------------- */

/* A start tag's attributes beyond this many are dropped before parsing.
 * Pages in the wild stay far below it (the most on the development pages
 * is about 20); the duplicate check costs at most this / 4 comparisons per
 * byte of page. */
#define HTML_PARSE_MAX_ATTRIBUTES 256
/* Open elements whose tags are passed on; deeper ones read as if their
 * tags were not there (their text is kept), so that what a caller keeps per
 * open element is bounded. No page is refused for its depth: Lynx renders
 * 20,000 levels of unclosed tags, and so must the in-process renderers. */
#define HTML_PARSE_MAX_DEPTH 4096
/* Open elements a page may nest in libxml2's view at all; more is an
 * error (NC_ERR_LIMIT). It bounds the search of the open elements that
 * libxml2 makes at each stray end tag (see HTML_PARSE_TAG_RUN); 20,000
 * levels of <div><table><tr><td><ul><li><b><i> are 160,000. */
#define HTML_PARSE_MAX_NESTING (1 << 20)

/* --- segmentation (segment/) ----------------------------------------------- */

/* Segments are cut at this size: it bounds the memory a pathological line
 * (megabytes without a newline) can take. */
#define SEGMENT_MAX_BYTES (1u << 20)

/* --- model files (method/) ------------------------------------------------- */

/* Largest model file the loader reads, checked before reading: an ncleaner
 * model takes about three and a half times the file's size while it loads
 * (english.model: 0.7 MB file, 2.4 MB in memory at the peak), so this
 * bounds one at about 230 MB. */
#define MODEL_MAX_BYTES (64u << 20)
/* 16 GiB: a trigram model of the 100 M-word BNC would take about a tenth of
 * that; past the limit the loaded tables (about as large as the file) would
 * not fit in the memory of the machines this runs on anyway. */
#define PERPLEXITY_MODEL_MAX_BYTES ((uint64_t)16 << 30)
/* 64 KB: three short lines and a description. */
#define ICE_LM_MAX_FILE_BYTES (64u << 10)
/* 16 MB: fifty weight lines and a description (method/logistic.h), and
 * its trees (method/trees.h): a tree of depth 4 is about 900 bytes, the
 * shipped models' few hundred trees a few hundred kB. Its tables are read
 * whole at loading, so the limit bounds memory; trees.h bounds the rest. */
#define LOGISTIC_MAX_FILE_BYTES (16u << 20)
/* The largest weight, and bias in bits, a logistic model may hold. Past
 * about 1e300 a segment's log-odds overflow to infinity or NaN, which no
 * decision and no output can use. Training standardises each feature and
 * penalises the weights (train/logistic-training.h): the shipped models'
 * stay below 20, and a feature would need a spread below 1e-8 over the
 * training set to reach this. A feature is a share, a logarithm or a count
 * per word of a segment of at most SEGMENT_MAX_BYTES, so at most about 1e6
 * in size: bounded so, a segment's log-odds stay below 1e17 bits. */
#define LOGISTIC_MAX_WEIGHT 1e9
/* 1 MB: a list of function words has tens to hundreds of lines (the
 * longest shipped, Arabic's, 8 KB); a list of every word of a language would
 * not be one. Words longer than STOP_WORD_MAX_BYTES are no function words
 * (the longest shipped: 30 bytes) and are refused, so is a directory of more
 * than STOP_LISTS_MAX languages. */
#define STOP_WORDS_MAX_FILE_BYTES (1u << 20)
#define STOP_WORD_MAX_BYTES 64
#define STOP_LISTS_MAX 512
/* A decision tree (ice-dt) larger or deeper than this is a damaged file:
 * trees learned from the development sets have a few hundred nodes and a
 * depth under 30. */
#define TREE_MAX_NODES (1u << 20)
#define TREE_MAX_DEPTH 64
/* A tree of TREE_MAX_NODES nodes with long values fits well inside. */
#define TREE_MAX_FILE_BYTES (256u << 20)

/* --- pages and dumps (pipeline/) ------------------------------------------- */

/* Largest HTML page accepted, and largest dump a renderer may produce (also
 * the most text a whole-page decider may hold). Larger inputs are an error
 * (NC_ERR_LIMIT) rather than a reason to use unbounded memory. */
#define PIPELINE_MAX_PAGE_BYTES (64u << 20)
#define PIPELINE_MAX_DUMP_BYTES (64u << 20)

/* A whole-page method or decider sees a page in windows of at most about
 * this much segment text: a longer page (a text dump of many pages, the
 * usual case) is scored and decided a window at a time, each as if a page,
 * so that memory stays bounded and no dump is too long for them. */
#define PIPELINE_WHOLE_PAGE_WINDOW (4u << 20)

/* --- outputs (sink/) ------------------------------------------------------- */

/* WET and JSONL: a page's kept text is held whole (a WET record states its
 * length and digest before the text; JSONL has a "text" field); a page
 * with more fails with NC_ERR_LIMIT. */
#define SINK_MAX_WET_TEXT ((size_t)64 << 20)
/* A page's output, held until the page is known to have succeeded, stays
 * in memory up to this, the rest in an anonymous temporary file
 * (base/file.h), so that a page of any size takes bounded memory. An HTML
 * page's output is seldom larger (a CLEANEVAL gold text is 16 KB on
 * average, none of the development sets' this large); a text dump's often
 * is, and it goes through the file either way (4 MiB here cost 3 MB of
 * peak memory in text mode, 1 MiB 0.85 MB, and neither saved anything
 * measurable). */
#define HELD_MEMORY_MAX ((size_t)256 << 10)
/* The kept text read to tell a page's language: more says nothing new. */
#define LANGUAGE_MAX_BYTES ((size_t)1 << 20)
/* The text of a page's segments the logistic method reads to choose its
 * stop-word list and to know whether its character models speak the page's
 * language, long segments first (method/logistic.h): CLD2 is sure of a
 * language after a few hundred bytes of prose, and costs about 30
 * instructions a byte, which on a page of 1 MB read whole was a quarter of
 * text mode's time. */
#define LANGUAGE_SAMPLE_BYTES ((size_t)16 << 10)
#define LANGUAGE_SAMPLE_LONG_SEGMENT 100   /* bytes: a segment read first */

#endif
