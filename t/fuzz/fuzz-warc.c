/* fuzz-warc.c: the WARC page source over any bytes (plain or gzip): every
 * page is read to its end in small pieces, errors are taken as they come,
 * and the source must end within a bounded number of calls. The sniffer
 * sees the same bytes. */
#include "fuzz.h"
#include "source/sniff.h"
#include "source/warc-source.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct warc_source *source =
		warc_source_new(byte_stream_from_memory(data, size, "fuzz.warc"), "fuzz");
	struct nc_error err;
	struct page page;
	char buf[37];
	int got;

	(void)sniff_bytes((const char *)data, size);
	/* Every call consumes at least a record header, so size + 2 calls end it. */
	for (size_t calls = 0; (got = page_source_next(warc_source_pages(source), &page, &err)) != 0;
	     calls++) {
		if (calls > size + 2)
			abort();
		if (got < 0)
			continue;
		while (page.reader.read(page.reader.state, buf, sizeof(buf), &err) > 0)
			;
		(void)warc_page_info(&page);
		page_release(&page);
	}
	(void)warc_source_counts(source);
	warc_source_free(source);
	return 0;
}
