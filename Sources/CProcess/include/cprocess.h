#ifndef MONEYFIELD_CPROCESS_H
#define MONEYFIELD_CPROCESS_H

#include <fts.h>
#include <spawn.h>

// fts (for FolderWalk) has no Swift module of its own; including it here makes it visible.

/// A pipe whose two ends close on exec (pipe2 with O_CLOEXEC, which Swift cannot see).
int moneyfield_cloexec_pipe(int ends[2]);

/// Closes every descriptor from `lowest` up in the child (glibc's addclosefrom_np).
int moneyfield_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest);

#endif
