/* ice-trainer.c: train-ncleaner's trainer of the ICE methods ice-dt (a
 * C4.5 tree) and ice-lm (a KL threshold), from GOLD_DIR RAW_DIR pairs
 * (trainer.h); what they learn is ice-training.h's. */
#include "train/trainer.h"

#include <string.h>
#include <time.h>

#include "method/ice.h"
#include "method/logistic.h"
#include "train/ice-training.h"
#include "train/labelled-pages.h"

static int add_ice_page(void *training, struct worker *worker, const struct file_input *raw,
			const struct page_labels *labels, struct nc_error *err)
{
	return ice_training_add_page(training, worker, raw, labels->gold, err);
}

/* ice-dt: the tree, into `out`. */
static int learn_tree(const struct train_settings *s, const struct ice_training *training,
		      const struct model_provenance *built, struct strbuf *description,
		      struct strbuf *out, struct strbuf *summary, struct nc_error *err)
{
	struct ice_training_counts counts;
	struct c45_options options = { .confidence = s->confidence };
	struct decision_tree tree;

	ice_training_counts(training, &counts);
	if (!s->description)
		strbuf_addf(description, "C4.5 (gain ratio, pessimistic pruning at CF %g) on "
			    "%zu blocks of %zu pages: %zu h, %zu l, %zu p, %zu n",
			    s->confidence, counts.blocks, counts.pages, counts.classes[0],
			    counts.classes[1], counts.classes[2], counts.classes[3]);
	if (ice_training_learn_tree(training, &options, &tree, err) < 0)
		return -1;
	tree.description = strbuf_detach(description, NULL);
	tree.built = *built;
	decision_tree_write(&tree, out);
	strbuf_addf(summary, "%zu nodes; %zu blocks of %zu pages: %zu h, %zu l, %zu p, "
		    "%zu n", tree.count, counts.blocks, counts.pages, counts.classes[0],
		    counts.classes[1], counts.classes[2], counts.classes[3]);
	decision_tree_release(&tree);
	return 0;
}

/* ice-lm: the threshold of the best F, into `out`. */
static int learn_threshold(const struct train_settings *s, const struct ice_training *training,
			   const struct model_provenance *built, struct strbuf *description,
			   struct strbuf *out, struct strbuf *summary, struct nc_error *err)
{
	struct ice_training_counts counts;
	struct ice_threshold choice;

	ice_training_counts(training, &counts);
	if (ice_training_choose_threshold(training, s->discount, &choice, err) < 0)
		return -1;
	if (!s->description)
		strbuf_addf(description, "the best F in words on %zu blocks of %zu "
			    "pages: P %.2f, R %.2f, F %.2f", counts.blocks, counts.pages,
			    choice.precision, choice.recall, choice.f);
	struct ice_lm_settings settings = {
		.discount = s->discount, .max_kl = choice.max_kl,
		.description = description->buf, .built = *built,
	};
	ice_lm_settings_write(&settings, out);
	strbuf_addf(summary, "max_kl %g (P %.2f, R %.2f, F %.2f in words on the "
		    "training pages); %zu blocks of %zu pages", choice.max_kl,
		    choice.precision, choice.recall, choice.f, counts.blocks, counts.pages);
	return 0;
}

/* Learn from the pages what the ICE method s->method needs, into `out`. */
static int learn_ice(const struct train_settings *s, const struct ice_training *training,
		     const struct model_provenance *built, struct strbuf *out,
		     struct strbuf *summary, struct nc_error *err)
{
	struct strbuf description = STRBUF_INIT;
	if (s->description)
		strbuf_addstr(&description, s->description);
	int ret = !strcmp(s->method, ICE_DT_NAME)
		? learn_tree(s, training, built, &description, out, summary, err)
		: learn_threshold(s, training, built, &description, out, summary, err);
	strbuf_release(&description);
	return ret;
}

/* `dirs` holds pairs: GOLD_DIR RAW_DIR ... */
static int train_ice(const struct train_settings *s, int ndirs, char **dirs,
		     const char *out_path, const struct train_host *host)
{
	struct nc_error err = { 0 };
	struct train_reader reader = { 0 };
	struct ice_training *training = ice_training_new();
	struct strbuf out = STRBUF_INIT, summary = STRBUF_INIT;
	int status = 2;
	clock_t started = clock();

	if (host->open_reader(host->data, s->method, s->paper, &reader) < 0)
		goto out;
	status = labelled_pages_read(host, add_ice_page, training, reader.worker, ndirs, dirs);
	host->stop_reader(host->data, &reader);
	if (status == 2)
		goto out;
	struct ice_training_counts counts;
	ice_training_counts(training, &counts);
	if (counts.pages == 0) {
		train_say(host, "no page with a gold text to learn from");
		status = 2;
		goto out;
	}
	if (learn_ice(s, training, &reader.built, &out, &summary, &err) < 0 ||
	    train_save_text(host, &out, out_path, &err) < 0) {
		train_say(host, "%s", err.message);
		status = 2;
		goto out;
	}
	train_say(host, "wrote %s: %s, %.2f s CPU", out_path, summary.buf,
		  (double)(clock() - started) / CLOCKS_PER_SEC);
	if (!strcmp(s->method, ICE_LM_NAME))
		train_warn_few_pages(host, counts.pages);
out:
	strbuf_release(&out);
	strbuf_release(&summary);
	ice_training_free(training);
	host->close_reader(host->data, &reader);
	return status;
}

static int check_ice(struct train_settings *s, int nargs, const struct train_host *host)
{
	if (train_ncleaner_options_given(s) || s->order || s->max_perplexity) {
		train_say(host, "--diff, --standard, --mode, -n, -q, --bias, --paper, "
			  "--direct-segments, --tune, --language and --max-perplexity do not train %s",
			  s->method);
		return 2;
	}
	if (s->confidence == 0)
		s->confidence = 0.25;
	if (s->discount == 0)
		s->discount = ICE_LM_DEFAULT_DISCOUNT;
	return nargs < 3 || nargs % 2 == 0 ? -1 : 0;
}

static int run_ice(struct train_settings *s, int nargs, char **args, const struct train_host *host)
{
	for (int d = 0; d + 1 < nargs - 1; d += 2)
		if (snippet_file_named(args[d])) {
			train_say(host, "%s: snippet annotations label segments for --method %s "
				  "only, not for %s", args[d], LOGISTIC_METHOD_NAME, s->method);
			return 2;
		}
	return train_ice(s, nargs - 1, args, args[nargs - 1], host);
}

const struct trainer ice_trainer = {
	"GOLD_DIR RAW_DIR [GOLD_DIR RAW_DIR]... OUT.model", check_ice, run_ice,
};
