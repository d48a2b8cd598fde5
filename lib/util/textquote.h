/* Text quoted for the formats other programs load: a JSON string
 * (RFC 8259) and a CSV field (RFC 4180), written through util/out.
 * Ids are bytes; JSON holds Unicode text: valid UTF-8 goes as it is,
 * a control byte as its escape (\n, \t, ..., \u001b), and a byte that is
 * not part of valid UTF-8 as the lone surrogate \udcHH (U+DC80 to
 * U+DCFF), Python's "surrogateescape": nothing is lost, and
 * s.encode('utf-8', 'surrogateescape') gives the bytes back. CSV holds
 * bytes: a field is written as it is unless it holds a comma, a double
 * quote, CR or LF; then it goes in double quotes, each double quote
 * doubled. */
#ifndef RK_TEXTQUOTE_H
#define RK_TEXTQUOTE_H
#include "util/slice.h"

/* s as a JSON string, quotes included */
void out_json_string(struct slice s);
/* s as a CSV field, quoted when it must be */
void out_csv_field(struct slice s);

#endif
