//! Checking a census file: its checksum and completeness, and a random sample of its records solved again.

use super::file::CensusFile;
use crate::engine::Limits;
use crate::error::Error;
use crate::format::{InputError, escape_path};
use crate::games::footholds::{Cell, SolveOptions, Wanted, distinct_start_pairs, solve};
use rand::SeedableRng;
use rand::seq::index::sample;
use std::path::Path;

/// What a verification found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verified {
    /// Records in the file.
    pub records: usize,
    /// Records solved again, all agreeing.
    pub resolved: usize,
}

/// How far a verification its limits stopped got: the file's checksum and records were checked, and some of its
/// sample solved again, all agreeing.
///
/// ```
/// use perfectplay::census::StoppedVerifying;
/// let stopped = StoppedVerifying { records: 861, sample: 3, resolved: 0 };
/// assert_eq!(stopped.to_string(), "its checksum and 861 records were checked; none of the 3 picked to solve again was solved by then");
/// let stopped = StoppedVerifying { records: 861, sample: 3, resolved: 2 };
/// assert_eq!(stopped.to_string(), "its checksum and 861 records were checked; 2 of the 3 picked were solved again by then, all agreeing");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoppedVerifying {
    /// Records in the file.
    pub records: usize,
    /// Records picked to be solved again.
    pub sample: usize,
    /// Records of the sample solved again before the stop, all agreeing.
    pub resolved: usize,
}

impl std::fmt::Display for StoppedVerifying {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let records = crate::format::counted(self.records as u64, "record");
        write!(f, "its checksum and {records} were checked; ")?;
        match self.resolved {
            0 => write!(f, "none of the {} picked to solve again was solved by then", self.sample),
            1 => write!(f, "1 of the {} picked was solved again by then, agreeing", self.sample),
            resolved => write!(f, "{resolved} of the {} picked were solved again by then, all agreeing", self.sample),
        }
    }
}

/// How [`verify_file`] solves its sample again.
pub struct VerifyOptions<'a> {
    /// The most memory the transposition table of each solve may take.
    pub table_bytes: usize,
    /// Search threads of each solve.
    pub threads: usize,
    /// The limits of each solve (a deadline, a cancel flag, a progress hook), made anew for each.
    pub limits: &'a dyn Fn() -> Limits,
}

impl Default for VerifyOptions<'_> {
    /// 64 MiB of table, one thread, no limits.
    fn default() -> Self {
        VerifyOptions { table_bytes: 64 << 20, threads: 1, limits: &Limits::default }
    }
}

/// Checks a census file: the version and checksum, that it lists exactly the board's start pairs up to symmetry,
/// and that `sample_size` records picked at random (from `seed`) are what a new solve gives. `Ok(Err(stopped))`
/// when the limits of `options` stop a solve of the sample (the file's checksum and pairs are checked by then):
/// [`StoppedVerifying`] says how far it got. The file is read as [`read_text`](super::file::read_text) reads it.
///
/// # Errors
/// What is wrong, naming the file and line: a file that cannot be read, a bad checksum or format, missing or extra
/// pairs, a record that a new solve contradicts.
pub fn verify_file(
    path: &Path,
    sample_size: usize,
    seed: u64,
    options: &VerifyOptions,
) -> Result<Result<Verified, StoppedVerifying>, Error> {
    let name = escape_path(path);
    let text =
        super::file::read_text(path).map_err(|e| Error::Read { source_name: name.clone(), message: e.to_string() })?;
    verify_text(&text, &name, sample_size, seed, options)
}

/// [`verify_file`] on a census file's `text` already read (by a front end that bounds the reading itself), `name`
/// naming it in messages.
///
/// # Errors
/// As [`verify_file`], but for reading.
pub fn verify_text(
    text: &str,
    name: &str,
    sample_size: usize,
    seed: u64,
    options: &VerifyOptions,
) -> Result<Result<Verified, StoppedVerifying>, Error> {
    let error = |error: InputError| Error::Input { source_name: name.to_string(), error };
    let file = CensusFile::parse(text).map_err(error)?;
    let instance = file.board.instance();
    let pairs = distinct_start_pairs(&instance);
    let listed: Vec<(Cell, Cell)> = file.records.iter().map(|r| (r.a, r.b)).collect();
    if listed != pairs {
        let missing = pairs.iter().find(|p| !listed.contains(p));
        let extra = listed.iter().position(|p| !pairs.contains(p));
        let message = match (missing, extra) {
            (_, Some(i)) => {
                format!("record {} is not a start pair of the board up to symmetry", file.records[i].to_line())
            }
            (Some((a, b)), None) => format!("the start pair {},{} {},{} has no record", a.0, a.1, b.0, b.1),
            (None, None) => "the records are not the board's start pairs".into(),
        };
        return Err(error(InputError::new(message)));
    }
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let picked = sample(&mut rng, file.records.len(), sample_size.min(file.records.len()));
    let (records, sample) = (file.records.len(), picked.len());
    for (resolved, index) in picked.iter().enumerate() {
        let record = file.records[index];
        let start = instance.with_starts(record.a, record.b).map_err(error)?;
        let solving =
            SolveOptions { table_bytes: options.table_bytes, threads: options.threads, limits: (options.limits)() };
        let Ok(solution) = solve(&start, Wanted::default(), solving) else {
            return Ok(Err(StoppedVerifying { records, sample, resolved }));
        };
        if solution.outcome != record.outcome {
            return Err(error(InputError::at(
                index + 5,
                1,
                format!(
                    "the record '{}' is wrong: a new solve gives {} for A (found in the sample of seed {seed}: \
                     --seed {seed} repeats it)",
                    record.to_line(),
                    solution.outcome
                ),
            )));
        }
    }
    Ok(Ok(Verified { records: file.records.len(), resolved: picked.len() }))
}
