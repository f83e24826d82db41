/* layers.h: the map of the library's insides, in the order data flows.
 *
 * Not installed and included by nothing: the public header, the one
 * installed with libncleaner, is ncleaner.h (implemented in api/). This
 * file names the layers and includes the header of each stage, so that
 * the whole picture is in one place.
 *
 *   page source --> page --normalise--> HTML with markers --renderer--> dump
 *     --segmenter--> segments --method--> scored segments --decider-->
 *     kept segments --page filters--> pages to write --page sink--> a format
 *     (CLEANEVAL, text, JSONL or WET: a table, sink/format.h)
 *
 * pipeline.h strings the stages together and defines the worker, which owns
 * all mutable state; runner.h cleans a source's pages with one worker or
 * several; batch.h cleans pages together, with site repetition's two
 * passes (the survey, then the cleaning), its table (site-table.h) and its
 * cache of the survey's segments (dump-cache.h).
 * training.h and tune.h read training texts through the same stages;
 * score.h is the 2008 CLEANEVAL scorer. Every function that can fail
 * reports through struct nc_error (base/error.h) and never prints or exits.
 *
 * Layers (src/ subfolders), in flow order. A module includes only base/,
 * its own folder and the folders before it (t/t0100-architecture.sh checks
 * that, and that this list names the folders in its order):
 *   base/       errors, strings, allocation, UTF-8, words in every script,
 *               languages (CLD2), JSON, hashes, SHA-1, files, PCRE2 rule
 *               sets, every limit (limits.h)
 *   source/     pages and where they come from: files, directories, gzip,
 *               WARC, what an input is (sniff.h)
 *   normalise/  stage 1: charsets, the marker contract, a page's metadata
 *               and the structure carried into the dump
 *   render/     stage 2: the renderer interface and its four renderers:
 *               Lynx (a child process), builtin (the dump Lynx would write,
 *               in process, libxml2), blocks and lines (the ICE methods')
 *   segment/    stage 3
 *   method/     stage 4: the method interface, the ncleaner n-gram method,
 *               logistic, perplexity filtering, the ICE methods, decision
 *               trees, and model files (model-file.h)
 *   decide/     stage 5: the decider interface, the threshold, Viterbi, the
 *               article and fallback deciders, chains
 *   sink/       stage 6: the page filters (language, quality; a table),
 *               the formats (a file and a table line each: format.h),
 *               where their bytes go, the WET writer
 *   pipeline/   the stages strung together, workers, runners, batches:
 *               site repetition (batch.h: the survey, the site table,
 *               the dump cache, the drop)
 *   eval/       the CLEANEVAL scorer and its alignment of gold labels;
 *               benchmarks annotated with snippets, their scoring rule and
 *               the labels they give segments (snippets.h)
 *   train/      reading training texts, cross-validated tuning, C4.5,
 *               boosting, what the ICE, logistic and perplexity methods
 *               learn, and each trainable method's trainer (trainer.h), the
 *               entry compose's method table carries
 *   compose/    choosing the stages: the renderer, method and decider
 *               tables, their options declared once, and how a choice
 *               becomes a pipeline_config (compose.h); the session
 *               (session.h): the front-end options both front ends read,
 *               one table, and the composition, pipeline and sink set up
 *               from them
 *   api/        the public interface, ncleaner.h: a cleaner opened with
 *               argv-style options (read by compose/, as the programs
 *               read theirs), pages cleaned to segments or formatted
 *               output, one by one or as a batch (pipeline/batch.h); a
 *               share of one loaded method for several cleaners; the
 *               only layer that includes ncleaner.h
 *   cli/        the programs (not part of the library)
 */
#ifndef NC_LAYERS_H
#define NC_LAYERS_H

#include "base/error.h"
#include "base/strbuf.h"
#include "base/rules.h"
#include "source/page.h"
#include "source/page-source.h"
#include "normalise/html.h"
#include "render/renderer.h"
#include "render/lynx.h"
#include "render/builtin.h"
#include "render/html-blocks.h"
#include "segment/segment.h"
#include "method/method.h"
#include "method/ncleaner-method.h"
#include "method/ice.h"
#include "method/logistic.h"
#include "decide/decider.h"
#include "sink/page-filter.h"
#include "sink/format.h"
#include "sink/sink.h"
#include "pipeline/pipeline.h"
#include "pipeline/runner.h"
#include "pipeline/batch.h"
#include "eval/score.h"
#include "train/training.h"
#include "train/tune.h"
#include "compose/compose.h"
#include "compose/session.h"

#endif
