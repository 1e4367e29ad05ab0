//! `perfectplay snakes` (being written).

use super::InputArg;
use crate::error::Error;

/// Options of `perfectplay snakes`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    input: InputArg,
}

/// Runs the subcommand and returns what goes to stdout.
pub fn run(_args: Args) -> Result<String, Error> {
    Err(Error::Usage("not written yet".into()))
}
