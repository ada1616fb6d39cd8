package main

import (
	"bufio"
	"os"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// memoryTempRoot is /dev/shm, the memory filesystem Linux mounts for every
// process, when it is there and both it and the machine's memory have
// room for the tests' files (a container may mount one of 64 MB), or ""
// for the system's temporary folder.
func memoryTempRoot() string {
	const dir, room = "/dev/shm", 4 << 30
	var st unix.Statfs_t
	if err := unix.Statfs(dir, &st); err != nil || st.Type != unix.TMPFS_MAGIC {
		return ""
	}
	if uint64(st.Bavail)*uint64(st.Bsize) < room || memAvailable() < room || unix.Access(dir, unix.W_OK) != nil {
		return ""
	}
	return dir
}

// memAvailable is the memory the kernel says it can give new work without
// swapping (MemAvailable in /proc/meminfo), in bytes, or 0 if unknown.
func memAvailable() uint64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "MemAvailable:"); ok {
			kb, err := strconv.ParseUint(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			if err != nil {
				return 0
			}
			return kb << 10
		}
	}
	return 0
}
