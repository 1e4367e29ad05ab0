//! Ctrl-C and the other signals that ask a run to stop (SIGTERM from `kill` or `timeout`, SIGHUP when the terminal
//! closes): the first one raises the cancel flag that every solve, every solution `check` runs and the output writer
//! check, so the run stops cleanly (the spinner's line cleared, temporary files removed, the solutions' process
//! groups killed) and exits with 128 + the signal's number, as shells expect (130 for Ctrl-C, 143 for SIGTERM). A
//! second one, or one while the input is being read (no solve is under way to notice the flag), ends the process at
//! once with that code, unless the command said it stops promptly ([`stops_promptly`]: `check`, which must kill its
//! solutions' process groups and remove its folders itself, so a second signal must not cut that short).

use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::{SigId, flag};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

/// What the signal handlers set: the run's cancel flag, whether an input is being read, and the last signal; and
/// the handlers that end the process on a second signal.
struct Signals {
    cancel: Arc<AtomicBool>,
    reading: Arc<AtomicBool>,
    last: Arc<AtomicUsize>,
    second_exits: Mutex<Vec<SigId>>,
}

static SIGNALS: OnceLock<Signals> = OnceLock::new();

/// The exit code of a run ended by Ctrl-C (128 + SIGINT).
pub const EXIT_INTERRUPTED: i32 = 128 + SIGINT;

/// The signals that stop a run.
const STOPPING: [i32; 3] = [SIGINT, SIGTERM, SIGHUP];

fn signals() -> &'static Signals {
    SIGNALS.get_or_init(|| {
        let signals = Signals {
            cancel: Arc::new(AtomicBool::new(false)),
            reading: Arc::new(AtomicBool::new(false)),
            last: Arc::new(AtomicUsize::new(0)),
            second_exits: Mutex::new(Vec::new()),
        };
        for signal in STOPPING {
            // The handlers run in the order they are registered: the two shutdowns look at the flags before the
            // third raises the cancel flag, so only a second signal finds it raised. A registration fails only
            // for signals a program may not catch, which these are not; the run then just has the default action.
            if let Ok(id) = flag::register_conditional_shutdown(signal, 128 + signal, Arc::clone(&signals.cancel)) {
                signals.second_exits.lock().expect("not poisoned").push(id);
            }
            let _ = flag::register_conditional_shutdown(signal, 128 + signal, Arc::clone(&signals.reading));
            let _ = flag::register_usize(signal, Arc::clone(&signals.last), signal as usize);
            let _ = flag::register(signal, Arc::clone(&signals.cancel));
        }
        signals
    })
}

/// The cancel flag a stopping signal raises, with the handlers installed on first use.
pub fn flag() -> Arc<AtomicBool> {
    Arc::clone(&signals().cancel)
}

/// Says that the command stops promptly once the cancel flag is raised, and cleans up as it does: from now on a
/// second stopping signal only raises the flag again instead of ending the process at once (which would leave the
/// command's children and temporary folders behind). A signal while an input is read still ends it at once.
pub fn stops_promptly() {
    for id in signals().second_exits.lock().expect("not poisoned").drain(..) {
        signal_hook::low_level::unregister(id);
    }
}

/// Whether a stopping signal has arrived.
pub fn raised() -> bool {
    SIGNALS.get().is_some_and(|signals| signals.cancel.load(Ordering::SeqCst))
}

/// The exit code of a run a signal stopped: 128 + the signal's number (130 for Ctrl-C).
pub fn exit_code() -> i32 {
    match SIGNALS.get().map(|signals| signals.last.load(Ordering::SeqCst)) {
        Some(signal) if signal > 0 => 128 + signal as i32,
        _ => EXIT_INTERRUPTED,
    }
}

/// While alive, a stopping signal ends the process at once (the input is being read).
pub struct Reading(());

impl Reading {
    /// Marks the start of reading an input (the handlers are installed first).
    pub fn start() -> Reading {
        signals().reading.store(true, Ordering::SeqCst);
        Reading(())
    }
}

impl Drop for Reading {
    fn drop(&mut self) {
        signals().reading.store(false, Ordering::SeqCst);
    }
}
