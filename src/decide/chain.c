/* chain.c: several deciders run in turn on the same segments (see
 * decider.h). The chain's per-worker state is the array of its members'
 * states. */
#include "decide/decider.h"
#include "base/json.h"
#include "base/alloc.h"

#include <string.h>

struct decider_chain {
	struct decider base;
	struct decider **members;
	size_t count;
	char *name;
};

struct chain_state {
	struct decider_state **members;
};

static struct decider_state *chain_state_new(const struct decider *base)
{
	const struct decider_chain *chain = (const struct decider_chain *)base;
	struct chain_state *state = xcalloc(1, sizeof(*state));
	state->members = xcalloc(chain->count, sizeof(*state->members));
	for (size_t i = 0; i < chain->count; i++)
		state->members[i] = decider_state_new(chain->members[i]);
	return (struct decider_state *)state;
}

static void chain_state_free(const struct decider *base, struct decider_state *opaque)
{
	const struct decider_chain *chain = (const struct decider_chain *)base;
	struct chain_state *state = (struct chain_state *)opaque;
	for (size_t i = 0; i < chain->count; i++)
		decider_state_free(chain->members[i], state->members[i]);
	free(state->members);
	free(state);
}

static int chain_decide(const struct decider *base, struct decider_state *opaque,
			struct scored_segment *segments, size_t count, struct nc_error *err)
{
	const struct decider_chain *chain = (const struct decider_chain *)base;
	struct chain_state *state = (struct chain_state *)opaque;
	for (size_t i = 0; i < chain->count; i++)
		if (decider_decide(chain->members[i], state->members[i], segments, count, err) < 0)
			return -1;
	return 0;
}

/* The members' settings, joined by commas (their names are in the chain's
 * name). */
/* "deciders":[{"name":"threshold","bias":0},...]: each member's settings
 * apart, since two members may have settings of the same name. */
static void chain_describe(const struct decider *base, struct strbuf *json)
{
	const struct decider_chain *chain = (const struct decider_chain *)base;
	strbuf_addstr(json, "\"deciders\":[");
	for (size_t i = 0; i < chain->count; i++) {
		const struct decider *member = chain->members[i];
		strbuf_addf(json, "%s{\"name\":", i ? "," : "");
		json_add_cstring(json, member->name);
		size_t before = json->len;
		strbuf_addch(json, ',');
		decider_describe(member, json);
		if (json->len == before + 1)
			strbuf_setlen(json, before);
		strbuf_addch(json, '}');
	}
	strbuf_addch(json, ']');
}

static void chain_free(struct decider *base)
{
	struct decider_chain *chain = (struct decider_chain *)base;
	for (size_t i = 0; i < chain->count; i++)
		decider_free(chain->members[i]);
	free(chain->members);
	free(chain->name);
	free(chain);
}

static const struct decider_ops chain_ops = {
	.name = "chain",
	.state_new = chain_state_new,
	.state_free = chain_state_free,
	.decide = chain_decide,
	.describe = chain_describe,
	.free = chain_free,
};

struct decider *decider_chain_new(struct decider **members, size_t count)
{
	struct decider_chain *chain = xcalloc(1, sizeof(*chain));
	struct strbuf name = STRBUF_INIT;
	chain->base.ops = &chain_ops;
	chain->members = xcalloc(count, sizeof(*chain->members));
	memcpy(chain->members, members, count * sizeof(*members));
	chain->count = count;
	for (size_t i = 0; i < count; i++) {
		strbuf_addf(&name, "%s%s", i ? "," : "", members[i]->name);
		chain->base.whole_page |= members[i]->whole_page;
	}
	chain->name = strbuf_detach(&name, NULL);
	chain->base.name = chain->name;
	return &chain->base;
}
