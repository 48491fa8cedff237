#ifndef MONEYFIELD_CPROCESS_H
#define MONEYFIELD_CPROCESS_H

#include <spawn.h>

/// A pipe whose two ends close on exec (pipe2 with O_CLOEXEC, which Swift cannot see).
int moneyfield_cloexec_pipe(int ends[2]);

/// Closes every descriptor from `lowest` up in the child (glibc's addclosefrom_np).
int moneyfield_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest);

#endif
