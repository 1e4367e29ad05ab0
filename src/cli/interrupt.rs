//! Ctrl-C: the first one raises the cancel flag that every solve and the output writer check, so the run stops
//! cleanly (the spinner's line cleared, exit code 130); a second one, or one while the input is being read (no
//! solve is under way to notice the flag), ends the process at once with 130.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

/// The run's cancel flag, raised by Ctrl-C.
static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();

/// How many inputs are being read right now (0 or 1 in practice).
static READING: AtomicUsize = AtomicUsize::new(0);

/// The exit code of a run ended by Ctrl-C (128 + SIGINT), as shells expect.
pub const EXIT_INTERRUPTED: i32 = 130;

/// The cancel flag Ctrl-C raises, with the handler installed on first use.
pub fn flag() -> Arc<AtomicBool> {
    FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let raised = Arc::clone(&flag);
        // Installing fails only when a handler is already set (a host program's own): its flag then stays low and
        // the host decides what Ctrl-C does.
        let _ = ctrlc::set_handler(move || {
            if raised.swap(true, Ordering::SeqCst) || READING.load(Ordering::SeqCst) > 0 {
                std::process::exit(EXIT_INTERRUPTED);
            }
        });
        flag
    })
    .clone()
}

/// Whether Ctrl-C has been pressed.
pub fn raised() -> bool {
    FLAG.get().is_some_and(|flag| flag.load(Ordering::SeqCst))
}

/// While alive, Ctrl-C ends the process at once (the input is being read).
pub struct Reading(());

impl Reading {
    /// Marks the start of reading an input (the handler is installed first).
    pub fn start() -> Reading {
        flag();
        READING.fetch_add(1, Ordering::SeqCst);
        Reading(())
    }
}

impl Drop for Reading {
    fn drop(&mut self) {
        READING.fetch_sub(1, Ordering::SeqCst);
    }
}
