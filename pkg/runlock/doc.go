// Package runlock keeps two processes off one run directory: `mgp train`
// and `mgp sweep` take the same lock, a file named lock.json in the run
// directory.
//
// The rules:
//
//   - The holder writes a heartbeat (the file's mtime) every Heartbeat, a
//     fixed cadence that does not depend on anyone's --stale.
//   - A live holder is never displaced. On the same host, boot and PID
//     namespace as the holder (host name, /proc/sys/kernel/random/boot_id
//     and the inode of /proc/self/ns/pid all recorded in the lock), the
//     holder's PID is checked: alive (and not reused, by its start time)
//     means held, whatever the heartbeat's age; gone means free at once.
//     Anywhere else (another host, a container, a reboot) the PID is not
//     trusted and the lock is free only when its heartbeat is older than
//     the contender's stale, which is at least MinStale (3 heartbeats).
//   - A lock file that is empty or unreadable counts as stale once it is
//     older than Grace.
//   - A new lock is written whole under a temporary name and linked into
//     place (link fails when lock.json exists), so no reader ever sees a
//     half-written lock. A stale lock is taken over under a takeover marker
//     that names the stale lock (its token): the marker is created
//     exclusively, so of two contenders for the same stale lock only one
//     goes on; it re-reads the lock, checks it is still the stale one, and
//     renames its own lock over it, then re-reads to confirm its token.
//   - Release removes the lock only when it still holds our token.
//
// Exclusive create and rename are atomic on local file systems and on NFS
// v3 and later (on the server), which is all the protocol relies on; the
// heartbeat's age is judged against the contender's clock, so the hosts'
// clocks must agree to well within stale (NTP does).
package runlock
