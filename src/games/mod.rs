//! The built-in games, one folder each: rules, compact positions, judge formats and game-specific solving tricks.

pub mod footholds;
pub mod gridgame;
pub mod shrinking;
pub mod snakes;
