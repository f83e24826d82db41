// cld2.cc: the one C++ file, a C entry to CLD2's C++ interface (language.h
// says why CLD2). Compiled without exceptions or RTTI: CLD2 throws none,
// and the programs link as C.
#include <cstdio>   // compact_lang_det.h uses FILE without including it
#include <strings.h>
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

// Numbers that name no language (unused, "unknown", CLD2's "ignore") are
// never returned by cld2_detect().
static bool detected(CLD2::Language language)
{
	return language != CLD2::UNKNOWN_LANGUAGE && language != CLD2::TG_UNKNOWN_LANGUAGE &&
	       *CLD2::LanguageCode(language);
}

extern "C" const char *cld2_language_code(int number)
{
	if (number < 0 || number >= CLD2::NUM_LANGUAGES)
		return NULL;
	CLD2::Language language = static_cast<CLD2::Language>(number);
	return detected(language) ? CLD2::LanguageCode(language) : "";
}

extern "C" const char *cld2_code_for_name(const char *name)
{
	CLD2::Language language = CLD2::GetLanguageFromName(name);   // codes, names in capitals
	for (int i = 0; !detected(language) && i < CLD2::NUM_LANGUAGES; i++)
		if (!strcasecmp(name, CLD2::LanguageName(static_cast<CLD2::Language>(i))))
			language = static_cast<CLD2::Language>(i);
	return detected(language) ? CLD2::LanguageCode(language) : NULL;
}
