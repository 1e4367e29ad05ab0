//! Greedy shrinking, as proptest and Hypothesis do it: try the game's smaller candidates for the failing case in
//! order, keep the first one on which the solution fails the same way (the same verdict), and start again from
//! it, until no candidate fails. Candidates run `jobs` at a time; the first failing one in the game's order wins,
//! so the result does not depend on the number of jobs.

use super::{Trial, Verdict};
use crate::error::Error;
use rayon::prelude::*;
use std::time::{Duration, Instant};

/// Shrinking stops after this many runs of the solution.
pub const MAX_RUNS: usize = 3000;

/// Shrinking stops after this long.
pub const MAX_TIME: Duration = Duration::from_secs(120);

/// What shrinking did.
#[derive(Clone, Copy, Debug, Default, serde::Serialize)]
pub struct Stats {
    /// Smaller failing cases found, one after the other.
    pub steps: usize,
    /// Runs of the solution on candidates.
    pub runs: usize,
    /// Whether shrinking stopped at [`MAX_RUNS`] or [`MAX_TIME`] before trying every candidate.
    pub stopped_early: bool,
    /// Whether shrinking was interrupted (Ctrl-C, a signal): the case is the smallest failing one found by then.
    pub interrupted: bool,
}

/// Shrinks `case`, on which `trial` failed, with `candidates` (of the failing case and its run) and `run`. Once `cancelled` says so, it stops with the
/// smallest failing case found by then (a run the cancel flag stopped is not a verdict).
///
/// # Errors
/// The first error of `run` (the solution could not be started) that is not the cancel flag's.
pub fn shrink<C: Clone + Send + Sync>(
    mut case: C,
    mut trial: Trial,
    jobs: usize,
    progress: bool,
    candidates: impl Fn(&C, &Trial) -> Vec<C> + Sync,
    run: impl Fn(&C) -> Result<Trial, Error> + Sync,
    cancelled: impl Fn() -> bool,
) -> Result<(C, Trial, Stats), Error> {
    let verdict: Verdict = trial.verdict;
    let started = Instant::now();
    let mut stats = Stats::default();
    let spinner =
        progress.then(|| indicatif::ProgressBar::new_spinner().with_finish(indicatif::ProgressFinish::AndClear));
    'outer: loop {
        let options = candidates(&case, &trial);
        for batch in options.chunks(jobs.max(1)) {
            if stats.runs >= MAX_RUNS || started.elapsed() >= MAX_TIME {
                stats.stopped_early = true;
                break 'outer;
            }
            let trials: Vec<Result<Trial, Error>> = batch.par_iter().map(&run).collect();
            if cancelled() {
                stats.interrupted = true;
                break 'outer;
            }
            stats.runs += batch.len();
            if let Some(spinner) = &spinner {
                let found = crate::format::counted(stats.steps as u64, "smaller case");
                spinner.set_message(format!("shrinking: {found} found, {} runs", stats.runs));
                spinner.tick();
            }
            for (candidate, result) in batch.iter().zip(trials) {
                let candidate_trial = result?;
                if candidate_trial.verdict == verdict {
                    case = candidate.clone();
                    trial = candidate_trial;
                    stats.steps += 1;
                    continue 'outer;
                }
            }
        }
        break;
    }
    Ok((case, trial, stats))
}
