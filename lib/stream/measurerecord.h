/* The measure stream's rows as records for other programs (rankkit(7),
 * "JSON lines and CSV"): --format jsonl writes each row as one JSON
 * object on a line, {"measure": M, "query": Q, "value": V}; --format csv
 * writes a header line, measure,query,value, then a record per row
 * (RFC 4180's quoting, lines ended by LF). Names and ids are quoted
 * (util/textquote.h); the value is the stream's text, without the
 * blanks that pad it (trec_eval's %6.4f): in JSON a number
 * with the same digits where the text is a JSON number, null for "-"
 * (no value), a string otherwise (the run's tag, relstring's quoted
 * digits); in CSV the text, or an empty field for "-". cmc puts a
 * "system" field first: its curve's label, or null (empty) for one
 * unlabelled curve. Under --group-by (the measure stream's version 2) a
 * "kind" field comes last, the stream's fourth column: query, group,
 * macro or micro. Neither has a header line of rankkit's or an end
 * line: they are not streams, and no rankkit program reads them. */
#ifndef RK_MEASURERECORD_H
#define RK_MEASURERECORD_H
#include "util/slice.h"

/* --format of the measure programs, cmc and treceval: the measure stream
 * (trec_eval's layout in treceval), an aligned table (not treceval),
 * JSON lines, CSV */
enum format { FORMAT_STREAM, FORMAT_TABLE, FORMAT_JSONL, FORMAT_CSV };

/* what comes before the first record: CSV's header line (with the system
 * field first when with_system); nothing for JSON lines */
void record_begin(int format, int with_system);
/* one row as a record of format (FORMAT_JSONL or FORMAT_CSV); system
 * NULL: no system field, or (with_system) its empty value */
void record_write(int format, int with_system, const char *system,
		  const char *measure, struct slice query, const char *value);
/* the same under --group-by: CSV's header line with the kind field
 * last, and a row with its kind (NULL: none, as record_write) */
void record_begin_kind(int format, int with_system);
void record_write_kind(int format, int with_system, const char *system,
		       const char *measure, struct slice query,
		       const char *value, const char *kind);

#endif
