// The ICU side of CUnicodeAnalysis.h. ICU's headers stay in this file (see the header for why).
//
// Debian builds ICU with versioned symbol names (ubrk_open_72): the renaming macros in
// <unicode/urename.h>, pulled in by the headers below, map the plain names for us. Do not define
// U_DISABLE_RENAMING: it compiles but does not link.

#include "CUnicodeAnalysis.h"

#include <string.h>

#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uloc.h>
#include <unicode/uscript.h>
#include <unicode/utypes.h>
#include <unicode/uversion.h>

_Static_assert(CUA_LOCALE_MAX_LENGTH + 1 == ULOC_FULLNAME_CAPACITY, "locale limit follows ICU");

// ICU requires a non-NULL text pointer even for empty text; this one stands in for it.
static const UChar empty_text[1] = {0};

static int32_t write_version(const UVersionInfo version, char *buffer, size_t capacity) {
    char text[U_MAX_VERSION_STRING_LENGTH];
    u_versionToString(version, text);
    size_t length = strlen(text);
    if (buffer == NULL) {
        return -1;
    }
    if (length + 1 > capacity) {
        if (capacity > 0) {
            buffer[0] = '\0';
        }
        return -1;
    }
    memcpy(buffer, text, length + 1);
    return (int32_t)length;
}

int32_t cua_icu_version(char *buffer, size_t capacity) {
    UVersionInfo version;
    u_getVersion(version);
    return write_version(version, buffer, capacity);
}

int32_t cua_unicode_version(char *buffer, size_t capacity) {
    UVersionInfo version;
    u_getUnicodeVersion(version);
    return write_version(version, buffer, capacity);
}

int cua_failed(int32_t error) {
    return U_FAILURE((UErrorCode)error) ? 1 : 0;
}

const char *cua_error_name(int32_t error) {
    const char *name = u_errorName((UErrorCode)error);
    return name != NULL ? name : "U_UNKNOWN_ERROR";
}

// MARK: Boundaries

static UBreakIteratorType break_type(cua_break_kind kind, int *valid) {
    *valid = 1;
    switch (kind) {
    case CUA_BREAK_CHARACTER: return UBRK_CHARACTER;
    case CUA_BREAK_WORD: return UBRK_WORD;
    case CUA_BREAK_LINE: return UBRK_LINE;
    case CUA_BREAK_SENTENCE: return UBRK_SENTENCE;
    }
    *valid = 0;
    return UBRK_CHARACTER;
}

static UBreakIterator *unwrap(cua_break_iterator *iterator) {
    return (UBreakIterator *)iterator;
}

cua_break_iterator *cua_break_open(cua_break_kind kind, const char *locale, const uint16_t *text,
                                   int32_t length, int32_t *error) {
    if (error == NULL) {
        return NULL;
    }
    *error = U_ZERO_ERROR;
    int valid = 0;
    UBreakIteratorType type = break_type(kind, &valid);
    if (!valid || length < 0 || (text == NULL && length != 0)) {
        *error = U_ILLEGAL_ARGUMENT_ERROR;
        return NULL;
    }
    // NULL would mean ICU's default locale, which depends on the environment; "" is root.
    if (locale == NULL) {
        locale = "";
    }
    // No real locale ID is this long, and ICU's fixed-size locale buffers are not worth probing.
    if (strlen(locale) > CUA_LOCALE_MAX_LENGTH) {
        *error = U_ILLEGAL_ARGUMENT_ERROR;
        return NULL;
    }
    const UChar *characters = length == 0 ? empty_text : (const UChar *)text;
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(type, locale, characters, length, &status);
    *error = (int32_t)status;
    if (U_FAILURE(status)) {
        if (iterator != NULL) {
            ubrk_close(iterator);
        }
        return NULL;
    }
    if (iterator == NULL) {
        *error = U_INTERNAL_PROGRAM_ERROR;
        return NULL;
    }
    return (cua_break_iterator *)iterator;
}

int32_t cua_break_set_text(cua_break_iterator *iterator, const uint16_t *text, int32_t length) {
    if (iterator == NULL || length < 0 || (text == NULL && length != 0)) {
        return U_ILLEGAL_ARGUMENT_ERROR;
    }
    const UChar *characters = length == 0 ? empty_text : (const UChar *)text;
    UErrorCode status = U_ZERO_ERROR;
    ubrk_setText(unwrap(iterator), characters, length, &status);
    return U_FAILURE(status) ? (int32_t)status : 0;
}

int32_t cua_break_first(cua_break_iterator *iterator) {
    return ubrk_first(unwrap(iterator));
}

int32_t cua_break_last(cua_break_iterator *iterator) {
    return ubrk_last(unwrap(iterator));
}

int32_t cua_break_next(cua_break_iterator *iterator) {
    return ubrk_next(unwrap(iterator));
}

int32_t cua_break_following(cua_break_iterator *iterator, int32_t offset) {
    return ubrk_following(unwrap(iterator), offset);
}

int32_t cua_break_preceding(cua_break_iterator *iterator, int32_t offset) {
    return ubrk_preceding(unwrap(iterator), offset);
}

void cua_break_close(cua_break_iterator *iterator) {
    if (iterator != NULL) {
        ubrk_close(unwrap(iterator));
    }
}

// MARK: Bidi

int32_t cua_bidi_levels(const uint16_t *text, int32_t length, int32_t base_direction,
                        uint8_t *levels, int32_t levels_capacity) {
    UBiDiLevel paragraph_level;
    switch (base_direction) {
    case CUA_BIDI_LTR: paragraph_level = 0; break;
    case CUA_BIDI_RTL: paragraph_level = 1; break;
    case CUA_BIDI_NATURAL: paragraph_level = UBIDI_DEFAULT_LTR; break;
    default: return -(int32_t)U_ILLEGAL_ARGUMENT_ERROR;
    }
    if (length < 0 || (text == NULL && length != 0) || (levels == NULL && length != 0)) {
        return -(int32_t)U_ILLEGAL_ARGUMENT_ERROR;
    }
    if (levels_capacity < length) {
        return -(int32_t)U_BUFFER_OVERFLOW_ERROR;
    }
    UErrorCode status = U_ZERO_ERROR;
    UBiDi *bidi = ubidi_openSized(length, 0, &status);
    if (U_FAILURE(status)) {
        return -(int32_t)status;
    }
    const UChar *characters = length == 0 ? empty_text : (const UChar *)text;
    // ICU keeps `characters` until ubidi_close; both happen inside this call.
    ubidi_setPara(bidi, characters, length, paragraph_level, NULL, &status);
    if (U_FAILURE(status)) {
        ubidi_close(bidi);
        return -(int32_t)status;
    }
    UBiDiLevel resolved = ubidi_getParaLevel(bidi);
    if (length > 0) {
        const UBiDiLevel *resolved_levels = ubidi_getLevels(bidi, &status);
        if (U_FAILURE(status) || resolved_levels == NULL) {
            ubidi_close(bidi);
            return -(int32_t)(U_FAILURE(status) ? status : U_INTERNAL_PROGRAM_ERROR);
        }
        memcpy(levels, resolved_levels, (size_t)length * sizeof(uint8_t));
    }
    ubidi_close(bidi);
    return (int32_t)resolved;
}

int cua_is_common_or_inherited_script(uint32_t code_point) {
    UErrorCode error = U_ZERO_ERROR;
    UScriptCode script = uscript_getScript((UChar32)code_point, &error);
    return U_SUCCESS(error) && (script == USCRIPT_COMMON || script == USCRIPT_INHERITED);
}
