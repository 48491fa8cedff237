#define _GNU_SOURCE
#include <fcntl.h>
#include <spawn.h>
#include <unistd.h>
#include "cprocess.h"

int moneyfield_cloexec_pipe(int ends[2]) { return pipe2(ends, O_CLOEXEC); }

int moneyfield_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest) {
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
}
