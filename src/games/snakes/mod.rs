//! snakes (being written).
