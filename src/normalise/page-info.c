/* page-info.c: what a page says about itself (see page-info.h). */
#include "normalise/page-info.h"

#include <stdlib.h>
#include <string.h>

void page_info_release(struct page_info *info)
{
	free(info->url);
	free(info->title);
	free(info->keywords);
	memset(info, 0, sizeof(*info));
}

const char *page_info_url(const struct page_info *info, const struct page *page)
{
	return page->url ? page->url : info->url ? info->url : page->name;
}
