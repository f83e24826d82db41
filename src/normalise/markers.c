/* markers.c: unforgeable markers (see markers.h). */
#include "normalise/markers.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

void markers_init_random(struct markers *markers)
{
	uint64_t token = 0;

	if (getrandom(&token, sizeof(token), 0) != sizeof(token)) {
		/* No entropy source: time and pid still keep a page from knowing. */
		struct timespec ts;
		clock_gettime(CLOCK_REALTIME, &ts);
		token = ((uint64_t)ts.tv_nsec << 32) ^ (uint64_t)ts.tv_sec ^ (uint64_t)getpid();
	}
	snprintf(markers->heading, sizeof(markers->heading), "@@NC-H-%016llx@@",
		 (unsigned long long)token);
	snprintf(markers->list_item, sizeof(markers->list_item), "@@NC-L-%016llx@@",
		 (unsigned long long)token);
}

void markers_init_placeholders(struct markers *markers)
{
	strcpy(markers->heading, MARKER_HEADING_PLACEHOLDER);
	strcpy(markers->list_item, MARKER_LIST_ITEM_PLACEHOLDER);
}
