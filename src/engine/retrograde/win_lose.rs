//! Win or lose: a position wins when some child loses; the window counts the losing positions it holds.

use super::{Rule, Window};

/// Win or lose for the player to move: a position wins when some child loses. Stores `true` for a win.
#[derive(Clone, Copy, Debug, Default)]
pub struct WinLose;

/// What [`WinLose`] needs from the children: whether one of them loses.
#[derive(Clone, Copy, Debug, Default)]
pub struct WinLoseSummary {
    /// Some child is a loss for the player who moves there next (so moving there wins).
    pub losing_child: bool,
}

/// The [`WinLose`] window: how many losing positions it holds (O(1) per step, one integer of memory).
#[derive(Clone, Copy, Debug, Default)]
pub struct LosingCount {
    losing: u32,
}

impl Rule for WinLose {
    type Value = bool;
    type Summary = WinLoseSummary;
    type Window = LosingCount;

    fn summary(&self) -> WinLoseSummary {
        WinLoseSummary::default()
    }
    fn reset(&self, summary: &mut WinLoseSummary) {
        summary.losing_child = false;
    }
    fn add(&self, summary: &mut WinLoseSummary, child: bool) {
        summary.losing_child |= !child;
    }
    fn decide(&self, summary: &mut WinLoseSummary) -> bool {
        summary.losing_child
    }
    fn window(&self, _capacity: usize) -> LosingCount {
        LosingCount::default()
    }
}

impl Window<WinLose> for LosingCount {
    fn push(&mut self, value: Option<bool>) {
        self.losing += u32::from(value == Some(false));
    }
    fn expire(&mut self, value: Option<bool>) {
        self.losing -= u32::from(value == Some(false));
    }
    fn add_to(&self, _rule: &WinLose, summary: &mut WinLoseSummary) {
        summary.losing_child |= self.losing > 0;
    }
}
