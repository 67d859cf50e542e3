#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>


/// The bytes `text` can take in cmark-gfm's HTML: `&`, `<`, `>`, `"` (and `'`) become entities of at
/// most 6 bytes; in a destination (`href`) any byte may become up to 6 (`'` is `&#x27;`).
static inline long long otk_cmark_escaped_size(const char *text, int isURL) {
    long long total = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if (isURL) total += 6;
        else total += (*p == '&' || *p == '<' || *p == '>' || *p == '"' || *p == '\'') ? 6 : 1;
    }
    return total;
}

/// An upper bound of the bytes cmark_render_html writes for the tree at `root`: every text as
/// escaped (`otk_cmark_escaped_size`), and fewer than 128 bytes of tags and attributes a node.
/// cmark-gfm's renderer aborts the process when its buffer passes 1 GiB, so a caller compares
/// this bound first. -1 when the tree cannot be walked (treat it as too large).
static inline long long otk_cmark_html_size_bound(cmark_node *root) {
    long long total = 0;
    cmark_iter *iter = cmark_iter_new(root);
    if (iter == NULL) return -1;
    cmark_event_type event;
    while ((event = cmark_iter_next(iter)) != CMARK_EVENT_DONE) {
        if (event != CMARK_EVENT_ENTER) continue;
        cmark_node *node = cmark_iter_get_node(iter);
        const char *text;
        total += 128;
        if ((text = cmark_node_get_literal(node)) != NULL) total += otk_cmark_escaped_size(text, 0);
        switch (cmark_node_get_type(node)) {
        case CMARK_NODE_LINK:
        case CMARK_NODE_IMAGE:
            if ((text = cmark_node_get_url(node)) != NULL) total += otk_cmark_escaped_size(text, 1);
            if ((text = cmark_node_get_title(node)) != NULL) total += otk_cmark_escaped_size(text, 0);
            break;
        case CMARK_NODE_CODE_BLOCK:
            if ((text = cmark_node_get_fence_info(node)) != NULL) total += otk_cmark_escaped_size(text, 0);
            break;
        default:
            break;
        }
    }
    cmark_iter_free(iter);
    return total;
}

/// The largest buffer cmark-gfm 0.29's renderer grows to before it aborts (INT32_MAX / 2).
static const long long otk_cmark_html_buffer_limit = 0x3FFFFFFF;
