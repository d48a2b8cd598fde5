/* Measure rows as JSON lines or CSV records (measurerecord.h). */
#include <string.h>
#include "util/out.h"
#include "util/textquote.h"
#include "stream/measurerecord.h"

/* whether t is a number in JSON's grammar (RFC 8259, section 6):
 * -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? */
static int json_number(const char *t)
{
	size_t digits;

	if (*t == '-')
		t++;
	digits = strspn(t, "0123456789");
	if (digits == 0 || (digits > 1 && t[0] == '0'))
		return 0;
	t += digits;
	if (*t == '.') {
		digits = strspn(++t, "0123456789");
		if (digits == 0)
			return 0;
		t += digits;
	}
	if (*t == 'e' || *t == 'E') {
		t++;
		if (*t == '+' || *t == '-')
			t++;
		digits = strspn(t, "0123456789");
		if (digits == 0)
			return 0;
		t += digits;
	}
	return *t == '\0';
}

static struct slice text(const char *s)
{
	return (struct slice){ s, strlen(s) };
}

/* CSV's header line: the system field first, the kind field last when
 * asked for */
static void csv_header(int format, int with_system, int with_kind)
{
	if (format != FORMAT_CSV)
		return;
	if (with_system)
		out_str("system,");
	out_str(with_kind ? "measure,query,value,kind\n" : "measure,query,value\n");
}

void record_begin(int format, int with_system)
{
	csv_header(format, with_system, 0);
}

void record_begin_kind(int format, int with_system)
{
	csv_header(format, with_system, 1);
}

static void jsonl_write(int with_system, const char *system,
			const char *measure, struct slice query,
			const char *value, const char *kind)
{
	out_char('{');
	if (with_system) {
		out_str("\"system\": ");
		if (system)
			out_json_string(text(system));
		else
			out_str("null");
		out_str(", ");
	}
	out_str("\"measure\": ");
	out_json_string(text(measure));
	out_str(", \"query\": ");
	out_json_string(query);
	out_str(", \"value\": ");
	if (strcmp(value, "-") == 0)
		out_str("null");
	else if (json_number(value))
		out_str(value);
	else
		out_json_string(text(value));
	if (kind) {
		out_str(", \"kind\": ");
		out_json_string(text(kind));
	}
	out_str("}\n");
}

static void csv_write(int with_system, const char *system,
		      const char *measure, struct slice query,
		      const char *value, const char *kind)
{
	if (with_system) {
		if (system)
			out_csv_field(text(system));
		out_char(',');
	}
	out_csv_field(text(measure));
	out_char(',');
	out_csv_field(query);
	out_char(',');
	if (strcmp(value, "-") != 0)
		out_csv_field(text(value));
	if (kind) {
		out_char(',');
		out_csv_field(text(kind));
	}
	out_char('\n');
}

void record_write(int format, int with_system, const char *system,
		  const char *measure, struct slice query, const char *value)
{
	record_write_kind(format, with_system, system, measure, query, value,
			  NULL);
}

void record_write_kind(int format, int with_system, const char *system,
		       const char *measure, struct slice query,
		       const char *value, const char *kind)
{
	/* the blanks that pad trec_eval's %6.4f are not the number's */
	value += strspn(value, " ");
	if (format == FORMAT_CSV)
		csv_write(with_system, system, measure, query, value, kind);
	else
		jsonl_write(with_system, system, measure, query, value, kind);
}
