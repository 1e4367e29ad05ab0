//! Drawing boards, lines, maps and charts, as text and as SVG.

pub mod decimal;
pub mod histogram;
pub mod map;
pub mod progress;
pub mod sheet;
pub mod text;
