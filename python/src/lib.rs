//! The native module of the `perfectplay` Python package: a thin layer over the `perfectplay` crate. It checks the
//! Python arguments (types, lengths, ranges, with messages that name the argument) and converts between Python and
//! Rust types (lists, tuples, numpy arrays, `Fraction`s, exceptions); every answer comes from the crate's solvers
//! and reports. Each game's file gives the judge's function and the analysis objects; `run` runs solves with the
//! GIL released, Ctrl-C honoured and the time limit kept.
#![forbid(unsafe_code)]

mod footholds;
mod gridgame;
mod run;
mod snakes;

use pyo3::prelude::*;

/// perfectplay's native module; import `perfectplay`, which re-exports everything here.
#[pymodule]
fn _perfectplay(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(footholds::footholds, module)?)?;
    module.add_function(wrap_pyfunction!(snakes::snakes, module)?)?;
    module.add_function(wrap_pyfunction!(gridgame::gridgame, module)?)?;
    module.add_class::<footholds::Footholds>()?;
    module.add_class::<footholds::FootholdsSolution>()?;
    module.add_class::<footholds::FootholdsTablebase>()?;
    module.add_class::<footholds::Move>()?;
    module.add_class::<snakes::Snakes>()?;
    module.add_class::<snakes::Roll>()?;
    module.add_class::<snakes::RollDistribution>()?;
    module.add_class::<gridgame::GridGame>()?;
    module.add_class::<gridgame::GridTables>()?;
    module.add("TimeLimitExceeded", run::time_limit_exceeded(module.py())?)?;
    module.add("MILTON_BRADLEY", perfectplay::games::snakes::MILTON_BRADLEY)?;
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
