/* ncleaner.h: the public interface of libncleaner, in pipeline order.
 *
 *   bytes --html.h--> normalised HTML --lynx.h--> UTF-8 dump --segment.h-->
 *   typed segments --classify.h (ngram.h + model.h)--> kept segments
 *
 * cleaner.h strings the stages together; score.h is the CLEANEVAL scorer.
 * Every function that can fail reports through struct nc_error (error.h)
 * and never prints or exits.
 */
#ifndef NCLEANER_H
#define NCLEANER_H

#include "error.h"
#include "strbuf.h"
#include "rules.h"
#include "html.h"
#include "lynx.h"
#include "segment.h"
#include "ngram.h"
#include "model.h"
#include "classify.h"
#include "cleaner.h"
#include "score.h"

#endif
