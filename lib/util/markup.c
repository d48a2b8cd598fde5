/* Text inside LaTeX and Markdown (markup.h). */
#include <stdlib.h>
#include <string.h>
#include "util/escape.h"
#include "util/out.h"
#include "util/markup.h"

/* the LaTeX for one byte, or NULL when the byte stands for itself */
static const char *latex_byte(char c)
{
	switch (c) {
	case '\\': return "\\textbackslash{}";
	case '{': return "\\{";
	case '}': return "\\}";
	case '&': return "\\&";
	case '%': return "\\%";
	case '$': return "\\$";
	case '#': return "\\#";
	case '_': return "\\_";
	case '~': return "\\textasciitilde{}";
	case '^': return "\\textasciicircum{}";
	case '<': return "\\textless{}";
	case '>': return "\\textgreater{}";
	case '|': return "\\textbar{}";
	case '`': return "\\textasciigrave{}";
	case '[': return "{[}";
	case ']': return "{]}";
	default: return NULL;
	}
}

void out_latex(struct slice s)
{
	char *t = esc_dup(s.p, s.n);
	for (const char *p = t; *p; p++) {
		const char *r = latex_byte(*p);
		if (r)
			out_str(r);
		else
			out_char(*p);
		/* the ligatures of pdflatex's fonts: -- and --- are dashes,
		 * '' and ,, quotes; an empty group after the first keeps
		 * each character itself */
		if (strchr("-',", *p) && p[1] == *p)
			out_str("{}");
	}
	free(t);
}

void out_markdown(struct slice s)
{
	char *t = esc_dup(s.p, s.n);
	for (const char *p = t; *p; p++) {
		/* entities, not backslashes: "&lt;" in a name stays those
		 * four characters, and < > begin no HTML */
		if (*p == '&')
			out_str("&amp;");
		else if (*p == '<')
			out_str("&lt;");
		else if (*p == '>')
			out_str("&gt;");
		else {
			if (strchr("\\`*_[]|~", *p))
				out_char('\\');
			out_char(*p);
		}
	}
	free(t);
}
