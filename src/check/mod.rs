//! `perfectplay check`: runs someone's judge solution against perfectplay's exact answers on generated cases, and
//! hands back the smallest failing case it can find, with the expected answer explained.
//!
//! The pieces: [`language`] builds a solution file (and, for a judge that calls a function, the harness that calls
//! it); [`runner`] runs it on one case with OS-enforced limits in its own process group; [`games`] gives each game's
//! cases, answers and explanations (all from the game's own folder); [`shrink`](mod@shrink) makes a failing case
//! smaller, with the candidates of the game's own `cases::shrink`; [`spacing`](mod@spacing) tells the spacing BOJ
//! takes between the words of an answer; [`report`] tells the result as
//! text or JSON; [`reaper`] reaps and kills what got out of the process groups; [`tasks`] bounds the processes and
//! threads of a run.
//!
//! Not a sandbox: the solution runs with the user's rights and can read and write their files.

pub mod games;
pub mod language;
pub mod reaper;
pub mod report;
pub mod runner;
pub mod shrink;
pub mod spacing;
pub mod stale;
pub mod tasks;
pub mod watchdog;

use crate::error::Error;
use games::CheckedGame;
use rand::SeedableRng;
use rand::rngs::StdRng;
use rayon::prelude::*;
use runner::{Ending, Program, Run, RunLimits};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// What is being checked.
#[derive(Clone, Debug)]
pub enum Solution {
    /// A solution file as the judge takes it; the language comes from the extension.
    File(PathBuf),
    /// Any program: one case in the game's input format on standard input, its answer on standard output.
    Command(Vec<String>),
}

/// How to check.
#[derive(Clone, Debug)]
pub struct Options {
    /// The solution.
    pub solution: Solution,
    /// How many cases to run.
    pub cases: usize,
    /// The seed of the cases (the same seed gives the same cases).
    pub seed: u64,
    /// Time per case (default: the judge's).
    pub time_limit: Option<Duration>,
    /// Memory per case in bytes (default: the judge's, else 1 GiB).
    pub memory_limit: Option<u64>,
    /// Cases run at once.
    pub jobs: usize,
    /// Show a progress bar on stderr.
    pub progress: bool,
    /// Raised by another thread (Ctrl-C): the running solutions are killed and the check ends with an error.
    pub cancel: Option<Arc<AtomicBool>>,
}

/// How a solution did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Verdict {
    /// Every case agreed.
    #[serde(rename = "accepted")]
    Accepted,
    /// An answer differed.
    #[serde(rename = "wrong answer")]
    WrongAnswer,
    /// The solution failed (non-zero exit code, a signal, an exception).
    #[serde(rename = "runtime error")]
    RuntimeError,
    /// The solution ran past the time limit.
    #[serde(rename = "time limit exceeded")]
    TimeLimitExceeded,
    /// The words of the answer are right but BOJ would not take their spacing ([`spacing`](mod@spacing)).
    #[serde(rename = "presentation error")]
    PresentationError,
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Verdict::Accepted => "accepted",
            Verdict::WrongAnswer => "wrong answer",
            Verdict::RuntimeError => "runtime error",
            Verdict::TimeLimitExceeded => "time limit exceeded",
            Verdict::PresentationError => "presentation error",
        })
    }
}

/// One case run: the verdict, the expected answer and what the solution did.
#[derive(Clone, Debug)]
pub struct Trial {
    /// The verdict of this case.
    pub verdict: Verdict,
    /// The right answer.
    pub expected: String,
    /// The solution's run.
    pub run: Run,
    /// perfectplay's own time on this case: writing the input, solving it, comparing.
    pub own_time: Duration,
}

/// A failing case, before and after shrinking.
#[derive(Clone, Debug)]
pub struct Failure {
    /// The 1-based number of the case that failed first.
    pub case_number: usize,
    /// That case in the judge's format.
    pub original_input: String,
    /// Its size in words.
    pub original_size: String,
    /// The shrunk case in the judge's format.
    pub input: String,
    /// Its size in words.
    pub size: String,
    /// The shrunk case's run.
    pub trial: Trial,
    /// The optimal line that explains the expected answer.
    pub explanation: String,
    /// Shrinking steps taken and solution runs spent.
    pub shrink: shrink::Stats,
}

/// The result of a check.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The verdict.
    pub verdict: Verdict,
    /// Cases run (up to and including the first failure).
    pub cases: usize,
    /// The seed.
    pub seed: u64,
    /// The time limit per case.
    pub time_limit: Duration,
    /// Why the time limit is not the judge's stated one, when the judge gives the solution's language more
    /// ("BOJ's 1 s ×3 + 2 s for Python").
    pub time_limit_why: Option<String>,
    /// The memory limit per case, in bytes.
    pub memory_limit: u64,
    /// The bound on the tasks (processes and threads) of a run, as words ("256 tasks (processes and threads) at
    /// once in each run"), or `None` where none holds.
    pub task_limit: Option<String>,
    /// The slowest case's run, of the cases run before shrinking (the failing one too); a run stopped at the time
    /// limit counts as the limit at least.
    pub slowest: Duration,
    /// The solution's runs on the cases, added up (before shrinking: the shrinking runs are not counted); a run
    /// stopped at the time limit counts as the limit at least.
    pub solution_time: Duration,
    /// perfectplay's own work, added up (before shrinking): making each case, solving it, comparing.
    pub own_time: Duration,
    /// The judge's problem.
    pub judge: &'static str,
    /// The first failure, shrunk.
    pub failure: Option<Failure>,
}

/// Everything needed to run the solution on a case.
struct Bench<'g, G: CheckedGame> {
    game: &'g G,
    program: Program,
    function: bool,
    limits: RunLimits,
    work: PathBuf,
}

impl<G: CheckedGame> Bench<'_, G> {
    /// Runs the solution on `case` and judges the run.
    fn trial(&self, case: &G::Case) -> Result<Trial, Error> {
        let started = Instant::now();
        let input = if self.function { self.game.harness_input(case) } else { self.game.input(case) };
        // One folder per job, reused from case to case, and emptied for each.
        let dir = self.work.join(format!("job-{}", rayon::current_thread_index().unwrap_or(0)));
        runner::fresh_folder(&dir)
            .map_err(|e| Error::Usage(format!("cannot empty the folder {}: {e}", dir.display())))?;
        let run = self.program.run_or_tell(&dir, &input, &self.limits, "the solution")?;
        let expected = self.game.expected(case);
        let verdict = match &run.ending {
            Ending::TimedOut => Verdict::TimeLimitExceeded,
            Ending::Failed(_) => Verdict::RuntimeError,
            Ending::OutputLimit => Verdict::WrongAnswer,
            Ending::Success if self.function && not_an_integer(&run.answer).is_some() => Verdict::WrongAnswer,
            Ending::Success if same_tokens(&run.answer, &expected) => {
                if self.game.judges_spacing() && spacing::spacing_fault(&run.answer).is_some() {
                    Verdict::PresentationError
                } else {
                    Verdict::Accepted
                }
            }
            Ending::Success => Verdict::WrongAnswer,
        };
        // Everything but the solution's own run (from its start to its exit) is perfectplay's.
        let own_time = started.elapsed().saturating_sub(run.elapsed);
        Ok(Trial { verdict, expected, run, own_time })
    }
}

/// The time a trial's run counts for: its own, and for a run stopped at the time limit (whose clock may read a
/// hair under it when the watchdog fired) the limit at least, so that a time limit exceeded never counts as a run
/// within the limit.
fn solution_spent(trial: &Trial, limit: Duration) -> Duration {
    if trial.verdict == Verdict::TimeLimitExceeded { trial.run.elapsed.max(limit) } else { trial.run.elapsed }
}

/// Whether two outputs agree word by word: the same words in the same order, whatever spaces, tabs and line ends
/// separate them (a BOJ game then judges the spacing apart: [`spacing`](mod@spacing)).
pub fn same_tokens(a: &str, b: &str) -> bool {
    a.split_whitespace().eq(b.split_whitespace())
}

/// What a footholds harness wrote for a returned value that is not an integer ("a string '5'"), or `None` for an
/// integer (or any other answer): Programmers' function returns an `int`, and the text of another value must not
/// pass for it.
pub fn not_an_integer(answer: &str) -> Option<&str> {
    answer.strip_prefix(NOT_AN_INTEGER).map(str::trim_end)
}

/// How the harnesses (`harness/`) start the answer line of a value that is not an integer.
const NOT_AN_INTEGER: &str = "perfectplay: not an integer: ";

/// The random generator of case `index` under `seed`: each case has its own, so a run gives the same cases
/// whatever the number of jobs.
fn case_rng(seed: u64, index: usize) -> StdRng {
    StdRng::seed_from_u64(seed ^ (index as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// Case `index` of `total`: a corner every fourth case while they last, else a generated one.
fn case<G: CheckedGame>(game: &G, corners: &[G::Case], seed: u64, index: usize, total: usize) -> G::Case {
    if index.is_multiple_of(4)
        && let Some(corner) = corners.get(index / 4)
    {
        return corner.clone();
    }
    game.generate(&mut case_rng(seed, index), index, total)
}

/// Resolves a command's program and file arguments against the current folder, since it runs in a temporary one.
fn resolve_command(argv: &[String]) -> Vec<String> {
    argv.iter()
        .enumerate()
        .map(|(i, arg)| {
            let path = Path::new(arg);
            let local = (i > 0 || arg.contains('/')) && path.is_relative() && path.exists();
            match path.canonicalize() {
                Ok(full) if local => full.display().to_string(),
                _ => arg.clone(),
            }
        })
        .collect()
}

/// How to run the solution, and whether it is a function called by a harness.
fn program<G: CheckedGame>(
    game: &G,
    solution: &Solution,
    build: &Path,
    limits: &RunLimits,
) -> Result<(Program, bool), Error> {
    Ok(match solution {
        Solution::File(path) => {
            let function = game.interface() == language::Interface::FootholdsFunction;
            (language::prepare(path, game.interface(), build, limits)?, function)
        }
        Solution::Command(argv) => {
            let program = argv.first().map_or("", String::as_str);
            let path = Path::new(program);
            let found = if program.contains('/') { path.is_file() } else { language::find_in_path(program).is_some() };
            if !found {
                // The shell looks for a bare name on the PATH only, never in the current folder.
                let hint = if path.is_file() {
                    format!(" on the PATH (a file here runs as ./{program})")
                } else {
                    String::new()
                };
                return Err(Error::Usage(format!("cannot run {program}: not found{hint}")));
            }
            if program.contains('/') && !language::is_executable(path) {
                return Err(Error::Usage(format!(
                    "cannot run {program}: not executable (chmod +x {program}, or name its interpreter: -- sh {program})"
                )));
            }
            let argv = resolve_command(argv);
            (Program { argv, answer_file: false, memory: runner::MemoryLimit::Data, memory_slack: 0 }, false)
        }
    })
}

/// The bar on stderr that counts the cases run.
fn progress_bar(options: &Options) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(options.cases as u64)
        .with_finish(indicatif::ProgressFinish::AndClear)
        .with_message(format!("seed {}", options.seed));
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} cases  {elapsed}  {msg}")
            .expect("a valid template"),
    );
    bar
}

/// Checks a solution against `game`.
///
/// # Errors
/// A usage error: a missing compiler, a compile error, a language the judge does not take, or a failure to make
/// the temporary folder or start the solution.
pub fn check<G: CheckedGame>(game: &G, options: &Options) -> Result<Outcome, Error> {
    // Made before the reaper, so removed after it: the cgroups must be empty by then.
    let tasks = tasks::TaskBound::start(options.jobs.max(1));
    let (time, time_limit_why) = match (options.time_limit, &options.solution) {
        (Some(time), _) => (time, None),
        (None, solution) => {
            // A command that runs an interpreter (`-- python3 sol.py`) gets its language's time, as the file would.
            let language = match solution {
                Solution::File(path) => language::Language::of(path).ok(),
                Solution::Command(argv) => argv.first().and_then(|program| language::Language::of_command(program)),
            };
            language
                .map_or((game.time_limit(), None), |language| language.judge_time(game.interface(), game.time_limit()))
        }
    };
    stale::sweep(&std::env::temp_dir(), true);
    let temp = tempfile::Builder::new()
        .prefix(&stale::own_prefix())
        .tempdir()
        .map_err(|e| Error::Usage(format!("cannot make a temporary folder: {e}")))?;
    // Dropped before the folder is removed: what got out of the process groups is killed first.
    let _reaper = reaper::Reaper::start();
    // Made after the reaper, so ended (its pipe closed, no run left to kill) before the reaper sweeps.
    let watchdog = watchdog::Watchdog::start(temp.path())
        .map_err(|e| Error::Usage(format!("cannot start the watchdog of the runs: {e}")))?;
    let limits = RunLimits {
        time,
        memory: options.memory_limit.unwrap_or_else(|| game.memory_limit()),
        cancel: options.cancel.clone(),
        tasks: tasks.clone(),
        watchdog: Some(watchdog),
    };
    let build = temp.path().join("build");
    std::fs::create_dir(&build).map_err(|e| Error::Usage(format!("cannot make {}: {e}", build.display())))?;
    let (program, function) = program(game, &options.solution, &build, &limits)?;
    let bench = Bench { game, program, function, limits, work: temp.path().to_path_buf() };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.jobs.max(1))
        .build()
        .map_err(|e| Error::Usage(format!("cannot start {} jobs: {e}", options.jobs)))?;
    let corners = game.corners();
    let slowest = AtomicU64::new(0);
    let solution_nanos = AtomicU64::new(0);
    let own_nanos = AtomicU64::new(0);
    let bar = options.progress.then(|| progress_bar(options));
    let total = options.cases;
    let first_failure = pool.install(|| {
        (0..total).into_par_iter().find_map_first(|index| {
            let case = case(game, &corners, options.seed, index, total);
            let result = bench.trial(&case);
            if let Some(bar) = &bar {
                bar.inc(1);
            }
            if let Ok(trial) = &result {
                let spent = solution_spent(trial, bench.limits.time).as_nanos() as u64;
                solution_nanos.fetch_add(spent, Ordering::Relaxed);
                slowest.fetch_max(spent, Ordering::Relaxed);
                own_nanos.fetch_add(trial.own_time.as_nanos() as u64, Ordering::Relaxed);
            }
            match result {
                Ok(trial) if trial.verdict == Verdict::Accepted => None,
                Ok(trial) => Some(Ok((index, case, trial))),
                Err(e) => Some(Err(e)),
            }
        })
    });
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let mut outcome = Outcome {
        verdict: Verdict::Accepted,
        cases: total,
        seed: options.seed,
        time_limit: bench.limits.time,
        time_limit_why,
        memory_limit: bench.limits.memory,
        task_limit: bench.limits.tasks.describe(),
        slowest: Duration::from_nanos(slowest.load(Ordering::Relaxed)),
        solution_time: Duration::from_nanos(solution_nanos.load(Ordering::Relaxed)),
        own_time: Duration::from_nanos(own_nanos.load(Ordering::Relaxed)),
        judge: game.judge(),
        failure: None,
    };
    let Some(found) = first_failure else { return Ok(outcome) };
    let (index, original, trial) = found?;
    let (case, trial, stats) = pool.install(|| {
        let cancelled = || options.cancel.as_ref().is_some_and(|flag| flag.load(Ordering::Relaxed));
        let shrink_case = |c: &G::Case, t: &Trial| game.shrink_failing(c, &t.run.answer);
        shrink::shrink(
            original.clone(),
            trial,
            options.jobs,
            options.progress,
            shrink_case,
            |c| bench.trial(c),
            cancelled,
        )
    })?;
    outcome.verdict = trial.verdict;
    outcome.cases = index + 1;
    outcome.failure = Some(Failure {
        case_number: index + 1,
        original_input: game.input(&original),
        original_size: game.describe(&original),
        input: game.input(&case),
        size: game.describe(&case),
        explanation: game.explain(&case, &trial.run.answer),
        trial,
        shrink: stats,
    });
    Ok(outcome)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outputs_compare_word_by_word() {
        assert!(same_tokens("First\nSecond\n", "First \r\nSecond"));
        assert!(same_tokens("5", "  5\n\n"));
        assert!(!same_tokens("5", "5 0"));
        assert!(!same_tokens("First", "first"));
        assert!(!same_tokens("", "0"));
    }

    #[test]
    fn cases_do_not_depend_on_the_jobs_or_the_order() {
        let game = games::Snakes { beyond: false };
        let corners = game.corners();
        let first: Vec<String> = (0..40).map(|i| game.input(&case(&game, &corners, 7, i, 40))).collect();
        let again: Vec<String> = (0..40).rev().map(|i| game.input(&case(&game, &corners, 7, i, 40))).collect();
        assert!(first.iter().eq(again.iter().rev()));
        assert_eq!(first[0], game.input(&corners[0]));
        let other: Vec<String> = (0..40).map(|i| game.input(&case(&game, &corners, 8, i, 40))).collect();
        assert_ne!(first, other);
    }

    #[test]
    fn commands_find_their_files_from_the_temporary_folder() {
        let here = std::env::current_dir().unwrap();
        let argv: Vec<String> =
            ["python3", "Cargo.toml", "./Cargo.toml", "--flag", "no-such-file"].map(String::from).into();
        let resolved = resolve_command(&argv);
        assert_eq!(resolved[0], "python3");
        assert_eq!(resolved[1], here.join("Cargo.toml").display().to_string());
        assert_eq!(resolved[2], resolved[1]);
        assert_eq!(&resolved[3..], &argv[3..]);
    }
}
