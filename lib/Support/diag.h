/* Diagnostics: located messages delivered to a handler; a source manager renders the
 * source line and a caret.
 *
 * User errors never exit or abort: code that finds one calls diag_emit and returns
 * failure to its caller. Symbols carry the `diag_` prefix. */
#ifndef TILEC_DIAG_H
#define TILEC_DIAG_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

typedef enum diag_severity {
  DIAG_ERROR = 0,
  DIAG_WARNING = 1,
  DIAG_NOTE = 2,
  DIAG_REMARK = 3,
} diag_severity;

/* A source location. `file` is an interned name (or NULL: unknown location); line and
 * col are 1-based; col counts bytes. */
typedef struct diag_loc {
  const char *file;
  int line;
  int col;
} diag_loc;

/* Receives one diagnostic. `message` is the bare text ("unknown name 'x'"); `rendered` is
 * the full form:
 *     kernel.tir:3:9: error: unknown name 'x'
 *         y = x + 1
 *             ^
 * (the last two lines only when the source text is known). Both strings are valid only
 * during the call. */
typedef void (*diag_handler_fn)(void *user, diag_severity sev, diag_loc loc, const char *message,
                                const char *rendered);

typedef struct diag_engine diag_engine;

/* Creates an engine with no handler (diagnostics are then written to stderr). */
diag_engine *diag_engine_create(void);
void diag_engine_destroy(diag_engine *d);
void diag_engine_set_handler(diag_engine *d, diag_handler_fn fn, void *user);
/* Registers the text of a source file so that diagnostics can show its lines. The engine
 * copies `text`. `file` is compared by string content. */
void diag_engine_add_source(diag_engine *d, const char *file, const char *text, size_t len);
/* With `on`, the first diagnostic located in a file the engine was not given reads that
 * file from disk (once; a failed read is remembered), so that a location carried over from
 * another file (a dump's 'loc("kernel.tir":3:5)') still shows its line and caret. Off by
 * default: diagnostics touch the file system only when a tool asks. "-", names starting
 * with '<' and paths that are not regular files are never read. */
void diag_engine_set_read_sources(diag_engine *d, bool on);
/* Emits one diagnostic. */
void diag_emit(diag_engine *d, diag_severity sev, diag_loc loc, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void diag_vemit(diag_engine *d, diag_severity sev, diag_loc loc, const char *fmt, va_list ap);
/* Number of errors emitted so far. */
unsigned diag_error_count(const diag_engine *d);

/* Held diagnostics: between diag_hold_begin and diag_hold_end, diagnostics are kept instead
 * of delivered (errors still count, so code that compares diag_error_count sees them).
 * diag_hold_end returns them (NULL when there were none) and takes their errors out of the
 * count; diag_held_emit delivers them later (errors as warnings with `prefix` when
 * `demote`) and frees them. Holds nest: an inner one's diagnostics, emitted, go to the outer
 * one; end only a hold whose begin returned true. Used to decide after the fact whether an
 * autotune config's errors stand, and whether a module-level statement is skipped
 * (Frontend/sema.c, parser.c). */
typedef struct diag_held diag_held;
/* False when there was no memory to hold: diagnostics are then delivered as usual. */
bool diag_hold_begin(diag_engine *d);
diag_held *diag_hold_end(diag_engine *d);
void diag_held_emit(diag_engine *d, diag_held *h, bool demote, const char *prefix);
void diag_held_free(diag_held *h);
/* The first error among held diagnostics: its location and message (valid until the held
 * set is freed or emitted); false when none is an error. */
bool diag_held_first_error(const diag_held *h, diag_loc *loc, const char **message);
/* The held diagnostic i (0-based): false past the last. */
bool diag_held_nth(const diag_held *h, size_t i, diag_severity *sev, diag_loc *loc, const char **message);
/* Renders without emitting (heap string, caller frees); used by tests. */
char *diag_render(const diag_engine *d, diag_severity sev, diag_loc loc, const char *message);

#endif
