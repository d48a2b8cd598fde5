/* Text inside LaTeX and Markdown, written with out.h: every byte that
 * would be markup is escaped so that names such as P_10, 95%, R&D or
 * #3 print as they are. Control bytes and broken UTF-8 are first shown
 * as \xHH (escape.h), whose backslash is then escaped in turn. */
#ifndef RK_MARKUP_H
#define RK_MARKUP_H
#include "util/slice.h"

/* LaTeX text mode (pdflatex, T1 or OT1): \ { } & % $ # _ ~ ^ < > | `
 * and [ ] (a row may not begin with '[' after \\) as commands or in
 * braces; -- '' and ,, kept from becoming dashes and quotes ("-{}-") */
void out_latex(struct slice s);
/* a GitHub-flavoured Markdown table cell: & < > as entities (&amp; &lt;
 * &gt;), \ | and the emphasis, link and code characters (` * _ ~ [ ])
 * backslash-escaped */
void out_markdown(struct slice s);

#endif
