//! gridgame (being written).
