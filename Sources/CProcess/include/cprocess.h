#ifndef MONEYFIELD_CPROCESS_H
#define MONEYFIELD_CPROCESS_H

#include <fts.h>
#include <spawn.h>

// fts (for FolderWalk) has no Swift module of its own; including it here makes it visible.

/// A pipe whose two ends close on exec (pipe2 with O_CLOEXEC, which Swift cannot see).
int moneyfield_cloexec_pipe(int ends[2]);

/// Closes every descriptor from `lowest` up in the child (glibc's addclosefrom_np).
int moneyfield_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest);

/// A descriptor that polls readable once process `pid` has exited (Linux's pidfd_open), or -1
/// where the system has none: then the caller polls waitpid instead.
int moneyfield_pidfd_open(int pid);

/// write(2) with SIGPIPE held back on this thread: a write to a pipe nobody reads fails with
/// EPIPE and ends nothing, without any signal handler (the host program owns those).
long moneyfield_write_no_sigpipe(int descriptor, const void *bytes, unsigned long count);

/// Bytes written to a pipe and not yet read from it (FIONREAD, which either end may ask), or -1.
int moneyfield_unread_bytes(int descriptor);

/// Temporary files an atomic write has open, in fixed memory so that a signal handler of the
/// program's (the library installs none) can remove them with `unlink` alone. A slot is claimed
/// (-1 when all are busy: the write goes on unregistered), its path written, armed once the file
/// exists, and released once renamed or removed.
int moneyfield_pending_claim(void);
char *moneyfield_pending_path(int slot);
void moneyfield_pending_arm(int slot);
void moneyfield_pending_release(int slot);
/// Async-signal-safe: unlinks every armed temporary. For a handler about to end the process.
void moneyfield_remove_pending_temporaries(void);

#endif
