//! The census: every start pair of one or more footholds boards, solved and written down.
//!
//! A census takes a list of boards (all full boards up to a size, or boards read from a file), solves every pair of
//! starting footholds of each board up to the board's symmetries, and writes one record file per board ([`mod@file`]):
//! plain text, versioned, with a SHA-256 checksum of its records. Work is handed out one start pair at a time, by a
//! shared queue to threads on one machine ([`run`]) or by a master process to MPI ranks (`census::mpi`, behind the
//! cargo feature `mpi`); either way the files hold the same bytes, since records are sorted and every answer is exact.
//! Records are also appended to a journal beside the file as they are found, so a killed run resumes without
//! redoing finished pairs. [`verify`] checks a file's checksum and completeness and solves a random sample again;
//! [`published`] reads the census this project publishes, built in.

pub mod boards;
pub mod file;
#[cfg(feature = "mpi")]
pub mod mpi;
pub mod published;
pub mod run;
pub mod verify;

pub use boards::{Board, DistinctBoards, full_boards, parse_boards, read_boards, without_repeats};
pub use file::{CensusFile, Record};
pub use run::{CensusOptions, Stopped, Summary, run_threaded};
pub use verify::{StoppedVerifying, Verified, VerifyOptions, verify_file, verify_text};
