//! Bounds on long work: a deadline, a flag another thread can raise to stop it, and a hook that reports progress.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

/// The longest time limit taken, in seconds (about 31 years): longer ones are surely a slip, and `Instant` arithmetic
/// stays far from overflow.
pub const MAX_TIME_LIMIT_SECONDS: f64 = 1e9;

/// The shortest time limit taken, in seconds (a microsecond): a shorter one has passed before any work starts, and
/// messages that repeat it stay short (`5e-324` written out is 324 digits).
pub const MIN_TIME_LIMIT_SECONDS: f64 = 1e-6;

/// A time limit of `seconds` as a duration, or why it is not one: it must be a finite number above 0, at least
/// [`MIN_TIME_LIMIT_SECONDS`] and at most [`MAX_TIME_LIMIT_SECONDS`]. The command line's `--time-limit` and the Python
/// package's `time_limit` both read their limits with it.
///
/// ```
/// use perfectplay::engine::limits::time_limit;
/// assert_eq!(time_limit(2.5), Ok(std::time::Duration::from_millis(2500)));
/// assert!(time_limit(0.0).unwrap_err().contains("above 0"));
/// assert!(time_limit(f64::INFINITY).unwrap_err().contains("not a finite number"));
/// assert!(time_limit(1e10).unwrap_err().contains("the most taken"));
/// assert!(time_limit(5e-324).unwrap_err().contains("a microsecond"));
/// ```
///
/// # Errors
/// The reason, to follow the value in a message: "is not a number of seconds above 0", say.
pub fn time_limit(seconds: f64) -> Result<Duration, String> {
    if seconds.is_nan() || seconds <= 0.0 {
        Err("is not a number of seconds above 0".into())
    } else if seconds.is_infinite() {
        Err(format!("is not a finite number of seconds: the most taken is {MAX_TIME_LIMIT_SECONDS:e} (about 31 years)"))
    } else if seconds < MIN_TIME_LIMIT_SECONDS {
        Err("is less than the least taken, a microsecond (1e-6)".into())
    } else if seconds > MAX_TIME_LIMIT_SECONDS {
        Err(format!("is more seconds than the most taken, {MAX_TIME_LIMIT_SECONDS:e} (about 31 years)"))
    } else {
        Ok(Duration::from_secs_f64(seconds))
    }
}

/// A function that receives progress reports.
pub type ProgressHook = Box<dyn Fn(&Progress) + Send + Sync>;

/// How long a solve may run and whom it tells how far it got.
#[derive(Default)]
pub struct Limits {
    /// The solve stops with [`Interrupted`] once this instant has passed.
    pub deadline: Option<Instant>,
    /// Called now and then (a few times a second at most) with a report of the work so far.
    pub progress: Option<ProgressHook>,
    /// The solve stops with [`Interrupted`] once this flag is raised (Ctrl-C, a cancelled web request, a Python
    /// `KeyboardInterrupt`).
    pub cancel: Option<Arc<AtomicBool>>,
}

impl Limits {
    /// Limits with a time budget counted from now (`None`: no limit).
    pub fn with_time_limit(limit: Option<Duration>) -> Limits {
        Limits { deadline: limit.map(|d| Instant::now() + d), ..Limits::default() }
    }

    /// `Err(Interrupted)` once the deadline has passed or the cancel flag is raised.
    ///
    /// # Errors
    /// [`Interrupted`] when the deadline is reached or the work was cancelled.
    pub fn check(&self) -> Result<(), Interrupted> {
        if self.cancelled() {
            return Err(Interrupted);
        }
        match self.deadline {
            Some(deadline) if Instant::now() >= deadline => Err(Interrupted),
            _ => Ok(()),
        }
    }

    /// Whether the cancel flag has been raised (a deadline that passed does not count).
    pub fn cancelled(&self) -> bool {
        self.cancel.as_ref().is_some_and(|flag| flag.load(Ordering::Relaxed))
    }

    /// Passes a progress report to the hook, if there is one.
    pub fn report(&self, progress: &Progress) {
        if let Some(hook) = &self.progress {
            hook(progress);
        }
    }
}

/// A report on a solve under way.
#[derive(Clone, Debug, Default)]
pub struct Progress {
    /// Positions searched so far.
    pub nodes: u64,
    /// Entries of the transposition table in use.
    pub table_used: u64,
    /// Entries the transposition table can hold.
    pub table_capacity: u64,
    /// A short description of the current stage (for example the search window).
    pub stage: String,
    /// Time since the solve began.
    pub elapsed: Duration,
    /// Items of the stage done, and their total, where the stage counts items (the games of a simulation, the
    /// positions of a backward induction).
    pub count: Option<(u64, u64)>,
}

/// The solve stopped before it finished: the deadline of its [`Limits`] passed, or their cancel flag was raised
/// (Ctrl-C on the command line, a client gone from the server, a Python `KeyboardInterrupt`). Its message speaks of
/// the time limit, the usual cause; a front end tells the two apart with [`Limits::cancelled`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the time limit was reached before the solve finished")]
pub struct Interrupted;

/// Deadline checks and progress reports for long loops: `tick` counts work and, every 2¹⁶ units, checks the limits
/// and reports progress at most every 200 ms.
pub(crate) struct Watch<'l> {
    limits: &'l Limits,
    stage: &'static str,
    started: Instant,
    last: Instant,
    ticks: u64,
    /// Items done and the total, when the loop knows them ([`Progress::count`]).
    count: Option<(u64, u64)>,
}

impl<'l> Watch<'l> {
    pub(crate) fn new(limits: &'l Limits, stage: &'static str) -> Self {
        let now = Instant::now();
        Watch { limits, stage, started: now, last: now, ticks: 0, count: None }
    }

    /// A watch whose reports also say how many of `total` items are done (see [`Watch::done`]).
    pub(crate) fn counting(limits: &'l Limits, stage: &'static str, total: u64) -> Self {
        Watch { count: Some((0, total)), ..Watch::new(limits, stage) }
    }

    /// Sets the items done, for the next report of a [`Watch::counting`] watch.
    pub(crate) fn done(&mut self, items: u64) {
        if let Some((done, _)) = &mut self.count {
            *done = items;
        }
    }

    /// Counts `work` units; every so often checks the deadline and reports progress.
    pub(crate) fn tick(&mut self, work: u64) -> Result<(), Interrupted> {
        self.ticks += work;
        if self.ticks >= 1 << 16 {
            self.ticks = 0;
            self.limits.check()?;
            let now = Instant::now();
            if now.duration_since(self.last).as_millis() >= 200 {
                self.last = now;
                self.limits.report(&Progress {
                    stage: self.stage.into(),
                    count: self.count,
                    elapsed: now - self.started,
                    ..Progress::default()
                });
            }
        }
        Ok(())
    }
}

/// The value kept in `lock`, made by `make` at the first call that finishes: work cut short by the limits (an `Err`)
/// keeps nothing, so a later call with a later deadline starts it again. (`OnceLock::get_or_try_init` does this but
/// is not stable.) When two threads race, both may do the work; the first to finish is kept.
///
/// ```
/// use perfectplay::engine::limits::{Interrupted, kept};
/// use std::sync::OnceLock;
///
/// let lock = OnceLock::new();
/// assert_eq!(kept(&lock, || Err::<u32, _>(Interrupted)), Err(Interrupted));
/// assert_eq!(kept(&lock, || Ok::<u32, Interrupted>(7)), Ok(&7));
/// assert_eq!(kept(&lock, || Ok::<u32, Interrupted>(8)), Ok(&7), "made once, then kept");
/// ```
///
/// # Errors
/// `make`'s error, when it fails.
pub fn kept<T, E>(lock: &OnceLock<T>, make: impl FnOnce() -> Result<T, E>) -> Result<&T, E> {
    if let Some(value) = lock.get() {
        return Ok(value);
    }
    let value = make()?;
    Ok(lock.get_or_init(|| value))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    #[test]
    fn a_counting_watch_reports_how_many_items_are_done() {
        let reports = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&reports);
        let limits = Limits {
            progress: Some(Box::new(move |p: &Progress| sink.lock().unwrap().push(p.clone()))),
            ..Limits::default()
        };
        let mut watch = Watch::counting(&limits, "games simulated", 1_000);
        watch.done(250);
        std::thread::sleep(Duration::from_millis(210));
        watch.tick(1 << 16).unwrap();
        let reports = reports.lock().unwrap();
        assert_eq!(reports.len(), 1);
        assert_eq!((reports[0].stage.as_str(), reports[0].count), ("games simulated", Some((250, 1_000))));
    }
}
