// Non-variadic doors into libedit for Swift, which cannot call C variadic functions
// (el_set, el_get, history) nor, in Swift 6, read the C globals stdin, stdout and stderr.
#ifndef MONEYFIELD_CLIBEDIT_SHIM_H
#define MONEYFIELD_CLIBEDIT_SHIM_H

#include <histedit.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

typedef char *(*moneyfield_prompt_function)(EditLine *);
typedef unsigned char (*moneyfield_editor_function)(EditLine *, int);

/// An editor on the process's standard streams; with `prompt_on_stderr` the prompt and the line
/// being edited go to stderr (standard output is a pipe, as in `moneyfield | tee log`).
static inline EditLine *moneyfield_el_init(const char *program, int prompt_on_stderr) {
    return el_init(program, stdin, prompt_on_stderr ? stderr : stdout, stderr);
}

/// The prompt; bytes between two `escape` characters are printed but take no room (colour).
static inline int moneyfield_el_set_prompt(EditLine *el, moneyfield_prompt_function prompt, char escape) {
    return el_set(el, EL_PROMPT_ESC, prompt, escape);
}

/// "emacs" or "vi".
static inline int moneyfield_el_set_editor(EditLine *el, const char *mode) {
    return el_set(el, EL_EDITOR, mode);
}

/// With 1, libedit restores the terminal before passing a signal on and redraws after SIGCONT
/// and SIGWINCH.
static inline int moneyfield_el_set_signal(EditLine *el, int handles) {
    return el_set(el, EL_SIGNAL, handles);
}

static inline int moneyfield_el_set_history(EditLine *el, History *history_state) {
    return el_set(el, EL_HIST, history, history_state);
}

static inline int moneyfield_el_add_function(EditLine *el, const char *name, const char *help,
                                              moneyfield_editor_function function) {
    return el_set(el, EL_ADDFN, name, help, function);
}

/// Binds a key sequence written as libedit does (`^I`, `\e[Z`) to an editor function by name.
static inline int moneyfield_el_bind(EditLine *el, const char *keys, const char *function) {
    return el_set(el, EL_BIND, keys, function, (const char *)NULL);
}

static inline int moneyfield_el_set_client_data(EditLine *el, void *data) {
    return el_set(el, EL_CLIENTDATA, data);
}

static inline void *moneyfield_el_client_data(EditLine *el) {
    void *data = NULL;
    if (el_get(el, EL_CLIENTDATA, &data) != 0) return NULL;
    return data;
}

static inline int moneyfield_history_set_size(History *history_state, int size) {
    HistEvent event;
    return history(history_state, &event, H_SETSIZE, size);
}

/// With 1, a line equal to the one before it is not entered again.
static inline int moneyfield_history_set_unique(History *history_state, int unique) {
    HistEvent event;
    return history(history_state, &event, H_SETUNIQUE, unique);
}

static inline int moneyfield_history_enter(History *history_state, const char *line) {
    HistEvent event;
    return history(history_state, &event, H_ENTER, line);
}

/// Number of entries read, or -1.
static inline int moneyfield_history_load(History *history_state, const char *path) {
    HistEvent event;
    return history(history_state, &event, H_LOAD, path);
}

/// Number of entries written, or -1.
static inline int moneyfield_history_save(History *history_state, const char *path) {
    HistEvent event;
    return history(history_state, &event, H_SAVE, path);
}

static inline void moneyfield_ignore_signal(int signal_number) { (void)signal_number; }

/// Installs `handler` for `signal_number` without SA_RESTART, so the signal interrupts a
/// blocking read (EINTR) rather than being lost in it; the handler before is kept in `previous`.
static inline int moneyfield_catch_signal(int signal_number, void (*handler)(int), struct sigaction *previous) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;
    return sigaction(signal_number, &action, previous);
}

/// Puts back a handler `moneyfield_catch_signal` kept.
static inline int moneyfield_restore_signal(int signal_number, const struct sigaction *previous) {
    return sigaction(signal_number, previous, NULL);
}

/// Makes SIGINT interrupt a blocking read instead of ending the process: Ctrl-C at the prompt
/// then makes el_gets return NULL with a count of -1 and errno EINTR.
static inline int moneyfield_interrupt_reads_on_sigint(void) {
    return moneyfield_catch_signal(SIGINT, moneyfield_ignore_signal, NULL);
}

#endif
