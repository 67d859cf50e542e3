// CUnicodeAnalysis: the engine's only door to ICU.
//
// Foundation on Linux carries its own copy of ICU, and a Swift module that can see both it and the
// system ICU headers fails to compile ("'UErrorCode' has different definitions in different
// modules"). So this header exposes only <stdint.h>/<stddef.h> types and opaque handles; the ICU
// headers are included by CUnicodeAnalysis.c alone.
//
// Offsets and lengths are UTF-16 code units (int32_t, as in ICU). Error codes are ICU's UErrorCode
// values passed through as int32_t: 0 is success, a positive value is a failure, a negative value
// is a warning (the call worked; for example ICU fell back to the root locale).

#ifndef CUNICODEANALYSIS_H
#define CUNICODEANALYSIS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// MARK: Versions and errors

/// Writes ICU's version ("72.1") into `buffer`, NUL-terminated. Returns the length written without
/// the terminator, or -1 when `buffer` is NULL or `capacity` is too small (then nothing is written
/// except, if capacity > 0, an empty string).
int32_t cua_icu_version(char *buffer, size_t capacity);

/// Writes the version of the Unicode data ICU implements ("15.0") into `buffer`, like
/// `cua_icu_version`.
int32_t cua_unicode_version(char *buffer, size_t capacity);

/// Non-zero when `error` is a failure (ICU's U_FAILURE, which is a macro Swift cannot import).
int cua_failed(int32_t error);

/// ICU's name for an error code ("U_ILLEGAL_ARGUMENT_ERROR"); a static string, never NULL.
const char *cua_error_name(int32_t error);

// MARK: Scripts

/// Non-zero when `code_point` belongs to the Common or Inherited script (spaces, punctuation,
/// digits, combining marks shared by scripts): such characters take the font of the text around
/// them. ICU's uscript_getScript.
int cua_is_common_or_inherited_script(uint32_t code_point);

// MARK: Boundaries

/// What a boundary iterator finds: the ICU break iterator types.
typedef enum cua_break_kind {
    CUA_BREAK_CHARACTER = 0,  ///< extended grapheme clusters (UAX #29)
    CUA_BREAK_WORD = 1,       ///< words (UAX #29, with dictionaries for Thai, Lao, Khmer, CJK...)
    CUA_BREAK_LINE = 2,       ///< line break opportunities (UAX #14)
    CUA_BREAK_SENTENCE = 3,   ///< sentences (UAX #29)
} cua_break_kind;

/// An ICU break iterator over caller-owned UTF-16 text.
typedef struct cua_break_iterator cua_break_iterator;

/// The value the iteration functions return when there is no further boundary (ICU's UBRK_DONE).
enum { CUA_BREAK_DONE = -1 };

/// The longest locale identifier `cua_break_open` accepts, in bytes (ICU's
/// ULOC_FULLNAME_CAPACITY minus the terminator). No real locale identifier comes close.
enum { CUA_LOCALE_MAX_LENGTH = 156 };

/// Opens a boundary iterator of `kind` for `locale` (an ICU locale ID such as "th" or "en_US";
/// NULL or "" means the root rules; an unknown locale falls back to root with a warning; one
/// longer than CUA_LOCALE_MAX_LENGTH fails with U_ILLEGAL_ARGUMENT_ERROR) over `text[0..<length]`.
///
/// ICU does not copy the text: the caller keeps `text` alive and unchanged until
/// `cua_break_close`. `length` must be >= 0 (no NUL-terminated shortcut); `text` may be NULL only
/// when `length` is 0. On failure returns NULL and sets `*error` to a positive code; on success
/// `*error` is 0 or a negative warning (U_USING_DEFAULT_WARNING when the locale fell back).
/// `error` must not be NULL.
cua_break_iterator *cua_break_open(cua_break_kind kind, const char *locale, const uint16_t *text,
                                   int32_t length, int32_t *error);

/// Points an open iterator at new text, keeping its kind and locale: far cheaper than closing
/// and opening another. The same rules as `cua_break_open` apply to `text` and `length`; the
/// previous text may be released once this returns. Returns 0 or a positive error code (then
/// the iterator still refers to the previous text).
int32_t cua_break_set_text(cua_break_iterator *iterator, const uint16_t *text, int32_t length);

/// Moves to the start of the text and returns 0.
int32_t cua_break_first(cua_break_iterator *iterator);

/// Moves to the end of the text and returns its length.
int32_t cua_break_last(cua_break_iterator *iterator);

/// Advances to the next boundary and returns it, or CUA_BREAK_DONE at the end.
int32_t cua_break_next(cua_break_iterator *iterator);

/// The first boundary after `offset`, or CUA_BREAK_DONE. `offset` must be in 0...length.
int32_t cua_break_following(cua_break_iterator *iterator, int32_t offset);

/// The last boundary before `offset`, or CUA_BREAK_DONE. `offset` must be in 0...length.
int32_t cua_break_preceding(cua_break_iterator *iterator, int32_t offset);

/// Closes the iterator; the caller may release the text afterwards. NULL is ignored.
void cua_break_close(cua_break_iterator *iterator);

// MARK: Bidi

/// Base directions for `cua_bidi_levels`.
enum {
    CUA_BIDI_LTR = 0,
    CUA_BIDI_RTL = 1,
    /// The first strong character decides (UAX #9 P2, P3); left-to-right when there is none.
    CUA_BIDI_NATURAL = -1,
};

/// Resolves the embedding levels (UAX #9, including L1) of the paragraph `text[0..<length]` and
/// writes one level per UTF-16 code unit into `levels[0..<length]`.
///
/// `base_direction` is CUA_BIDI_LTR, CUA_BIDI_RTL or CUA_BIDI_NATURAL. `levels_capacity` must be
/// at least `length`. The text is used only during the call. Returns the resolved paragraph
/// level (0 or 1) or, on failure, the negated ICU error code (for example
/// -U_ILLEGAL_ARGUMENT_ERROR), in which case `levels` is left unspecified.
///
/// The text should be one paragraph. If it contains paragraph separators (LF, CR, U+2029...),
/// ICU resolves each paragraph separately and the returned level is the first paragraph's.
int32_t cua_bidi_levels(const uint16_t *text, int32_t length, int32_t base_direction,
                        uint8_t *levels, int32_t levels_capacity);

#ifdef __cplusplus
}
#endif

#endif
