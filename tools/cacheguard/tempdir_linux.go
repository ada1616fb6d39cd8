package main

import "golang.org/x/sys/unix"

// memoryTempRoot is /dev/shm, the memory filesystem Linux mounts for every
// process, when it is there with room for the tests (a container may mount
// one of 64 MB), or "" for the system's temporary folder.
func memoryTempRoot() string {
	const dir, room = "/dev/shm", 4 << 30
	var st unix.Statfs_t
	if err := unix.Statfs(dir, &st); err != nil || st.Type != unix.TMPFS_MAGIC {
		return ""
	}
	if uint64(st.Bavail)*uint64(st.Bsize) < room || unix.Access(dir, unix.W_OK) != nil {
		return ""
	}
	return dir
}
