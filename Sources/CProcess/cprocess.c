#define _GNU_SOURCE
#include <fcntl.h>
#include <spawn.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include "cprocess.h"

int moneyfield_cloexec_pipe(int ends[2]) { return pipe2(ends, O_CLOEXEC); }

int moneyfield_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest) {
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
}

int moneyfield_pidfd_open(int pid) {
#ifdef SYS_pidfd_open
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    (void)pid;
    errno = ENOSYS;
    return -1;
#endif
}

long moneyfield_write_no_sigpipe(int descriptor, const void *bytes, unsigned long count) {
    // The usual recipe (as libcurl's): block SIGPIPE here, write, and if the write raised one
    // that was not already pending, take it back before unblocking.
    sigset_t pipeOnly, pending, before;
    sigemptyset(&pipeOnly);
    sigaddset(&pipeOnly, SIGPIPE);
    sigpending(&pending);
    int wasPending = sigismember(&pending, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipeOnly, &before);
    long written = (long)write(descriptor, bytes, count);
    int saved = errno;
    if (written < 0 && saved == EPIPE && !wasPending) {
        struct timespec none = {0, 0};
        while (sigtimedwait(&pipeOnly, NULL, &none) < 0 && errno == EINTR) {}
    }
    pthread_sigmask(SIG_SETMASK, &before, NULL);
    errno = saved;
    return written;
}

int moneyfield_unread_bytes(int descriptor) {
    int count = 0;
    return ioctl(descriptor, FIONREAD, &count) == 0 ? count : -1;
}

enum { pendingSlots = 8 };
static char pendingPaths[pendingSlots][PATH_MAX + 1];
/// 0 free, 1 claimed (the path is being made), 2 armed (the file may exist).
static int pendingStates[pendingSlots];

int moneyfield_pending_claim(void) {
    for (int slot = 0; slot < pendingSlots; slot++) {
        int expected = 0;
        if (__atomic_compare_exchange_n(&pendingStates[slot], &expected, 1, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) return slot;
    }
    return -1;
}

char *moneyfield_pending_path(int slot) { return pendingPaths[slot]; }

void moneyfield_pending_arm(int slot) { __atomic_store_n(&pendingStates[slot], 2, __ATOMIC_SEQ_CST); }

void moneyfield_pending_release(int slot) { __atomic_store_n(&pendingStates[slot], 0, __ATOMIC_SEQ_CST); }

void moneyfield_remove_pending_temporaries(void) {
    int saved = errno;
    for (int slot = 0; slot < pendingSlots; slot++) {
        if (__atomic_load_n(&pendingStates[slot], __ATOMIC_SEQ_CST) == 2) unlink(pendingPaths[slot]);
    }
    errno = saved;
}
