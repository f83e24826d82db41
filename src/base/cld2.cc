// cld2.cc: the one C++ file, a C entry to CLD2's C++ interface (language.h
// says why CLD2). Compiled without exceptions or RTTI: CLD2 throws none,
// and the programs link as C.
#include <cstdio>   // compact_lang_det.h uses FILE without including it
#include <cld2/public/compact_lang_det.h>

#include "base/cld2.h"

extern "C" const char *cld2_detect(const char *utf8, int len, int *reliable)
{
	bool is_reliable = false;
	CLD2::Language language = CLD2::DetectLanguage(utf8, len, true, &is_reliable);
	*reliable = is_reliable;
	if (language == CLD2::UNKNOWN_LANGUAGE)
		return NULL;
	return CLD2::LanguageCode(language);
}
