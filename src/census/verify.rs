//! Checking a census file: its checksum and completeness, and a random sample of its records solved again.

use super::file::CensusFile;
use crate::error::Error;
use crate::format::InputError;
use crate::games::footholds::{Cell, Instance, SolveOptions, Wanted, distinct_start_pairs, solve};
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

/// Checks a census file: the version and checksum, that it lists exactly the board's start pairs up to symmetry,
/// and that `sample_size` records picked at random (from `seed`) are what a new solve gives.
///
/// # Errors
/// What is wrong, naming the file and line: a bad checksum or format, missing or extra pairs, a record that a new
/// solve contradicts.
pub fn verify_file(path: &Path, sample_size: usize, seed: u64, table_bytes: usize) -> Result<Verified, Error> {
    let name = path.display().to_string();
    let error = |error: InputError| Error::Input { source_name: name.clone(), error };
    let text =
        std::fs::read_to_string(path).map_err(|e| Error::Read { source_name: name.clone(), message: e.to_string() })?;
    let file = CensusFile::parse(&text).map_err(error)?;
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
    for index in picked.iter() {
        let record = file.records[index];
        let start = Instance { a: record.a, b: record.b, ..instance.clone() };
        let options = SolveOptions { table_bytes, ..SolveOptions::default() };
        let solution = solve(&start, Wanted::default(), options).expect("no limits were set");
        if solution.outcome != record.outcome {
            return Err(error(InputError::at(
                index + 5,
                1,
                format!("the record '{}' is wrong: a new solve gives {} for A", record.to_line(), solution.outcome),
            )));
        }
    }
    Ok(Verified { records: file.records.len(), resolved: picked.len() })
}
