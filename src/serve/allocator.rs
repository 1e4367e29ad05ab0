//! How the server's memory allocator hands freed memory back to the system.
//!
//! glibc's `malloc` serves blocks of 128 KiB and more by `mmap`, and returns them to the system when they are freed;
//! but each time such a block is freed, it raises that threshold to the block's size (up to 32 MiB), so that the
//! next blocks of that size come from its heaps, which keep the memory when it is freed. A snakes chain of millions
//! of squares is built of blocks of a few MiB: after the first request, every next one's blocks stayed in the heaps,
//! and requests side by side each grew a heap of their own. A server that sets the threshold itself keeps it fixed.
//!
//! Measured (`bash benches/serve_memory.sh`, three requests at once for the expectation of a 2 000 000-square board
//! with a four-sided die, twice, then idle; the build before against this one, two runs each): peaks 0.65–1.19 GB
//! and 0.63–1.2 GB held when idle with glibc's moving threshold, against 0.57–0.63 GB and 0.32–0.36 GB with it
//! fixed at 128 KiB (what glibc's own environment variable `MALLOC_MMAP_THRESHOLD_=131072` does too).

/// The size from which blocks are mapped on their own and unmapped when freed: glibc's default starting threshold.
pub const MMAP_THRESHOLD: i32 = 128 << 10;

/// Fixes glibc's `mmap` threshold at [`MMAP_THRESHOLD`] for the rest of the process (see the module's
/// documentation); nothing elsewhere.
pub fn return_large_blocks_when_freed() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `mallopt` takes two integers and changes glibc's allocator settings under the allocator's own lock;
    // it touches no memory of the caller's and is safe to call at any time from any thread. It returns 0 when it
    // refuses the value, which leaves glibc's default in place: nothing to do then.
    #[allow(unsafe_code)]
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, MMAP_THRESHOLD);
    }
}
