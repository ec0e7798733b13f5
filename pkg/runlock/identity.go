package runlock

import (
	"os"
	"strconv"
	"strings"
	"sync"
)

// identity is where a process runs: what a lock records so that another
// process can tell whether it may trust a PID check.
type identity struct {
	Host, BootID, PIDNS string
	PID                 int
	Start               uint64 // the process's start time, clock ticks after boot (0: unknown)
}

var (
	selfOnce sync.Once
	selfID   identity
)

// self returns this process's identity (read once).
func self() identity {
	selfOnce.Do(func() {
		selfID.Host, _ = os.Hostname()
		if b, err := os.ReadFile("/proc/sys/kernel/random/boot_id"); err == nil {
			selfID.BootID = strings.TrimSpace(string(b))
		}
		// The link reads "pid:[inode]": the namespace's inode.
		selfID.PIDNS, _ = os.Readlink("/proc/self/ns/pid")
		selfID.PID = os.Getpid()
		selfID.Start = procStart(selfID.PID)
	})
	return selfID
}

// sameNamespace reports whether a lock's holder runs on our host, boot and
// PID namespace, where its PID means the same process as it does to us.
func (me identity) sameNamespace(in Info) bool {
	return me.Host != "" && me.BootID != "" && me.PIDNS != "" &&
		in.Host == me.Host && in.BootID == me.BootID && in.PIDNS == me.PIDNS
}

// procStart returns process pid's start time in clock ticks after boot
// (0 when it cannot be read).
func procStart(pid int) uint64 {
	_, start := procStat(pid)
	return start
}

// procStat returns process pid's state letter and start time in clock
// ticks after boot, from /proc/<pid>/stat (0 and 0 when it cannot be
// read).
func procStat(pid int) (state byte, start uint64) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, 0
	}
	// The command name, field 2, is in parentheses and may hold anything;
	// the fields after its closing parenthesis start at field 3 (state),
	// and the start time is field 22.
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0, 0
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 20 || len(f[0]) != 1 {
		return 0, 0
	}
	v, err := strconv.ParseUint(f[19], 10, 64)
	if err != nil {
		return f[0][0], 0
	}
	return f[0][0], v
}
