//! A fixed-size transposition table that stores bounds on scores.
//!
//! The table starts small and doubles while it is more than half full, up to a fixed memory budget; from then on
//! a new entry simply replaces the old one in its slot. (Starting small keeps small solves from paying for touching
//! gigabytes of memory.) Losing an entry costs time, never correctness, because every entry carries its whole position
//! as the key and is only trusted when the key matches exactly.

use rustc_hash::FxHasher;
use std::hash::{Hash, Hasher};

/// What is known about one position's score: `lower <= score <= upper`, and the move that was best last time.
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    /// The score is at least this.
    pub lower: i32,
    /// The score is at most this.
    pub upper: i32,
    /// Index, in the game's move order, of the best move found (a hint for move ordering).
    pub best_move: u8,
}

#[derive(Clone, Copy)]
struct Entry<P> {
    key: P,
    bounds: Bounds,
}

impl<P> Entry<P> {
    /// Empty slots hold bounds that no score satisfies (lower > upper), so no `Option` tag is needed.
    fn is_empty(&self) -> bool {
        self.bounds.lower > self.bounds.upper
    }
}

/// A transposition table keyed by whole positions.
pub struct Table<P> {
    slots: Vec<Entry<P>>,
    /// The key of empty slots (any position: emptiness is marked by the bounds).
    filler: P,
    shift: u32,
    used: u64,
    max_slots: usize,
}

impl<P: Copy + Eq + Hash> Table<P> {
    /// The bytes one slot takes: divide a memory budget by this to get a slot count.
    pub const SLOT_BYTES: usize = std::mem::size_of::<Entry<P>>();

    /// A table that takes at most `bytes` of memory (at least 1024 slots; always a power of two). `filler` is any
    /// position, used as the key of empty slots.
    pub fn with_memory(bytes: usize, filler: P) -> Table<P> {
        let wanted = (bytes / Self::SLOT_BYTES).max(1024);
        let max_slots = if wanted.is_power_of_two() { wanted } else { wanted.next_power_of_two() / 2 };
        let slots = max_slots.min(1 << 16);
        let mut table = Table { slots: Vec::new(), filler, shift: 64 - slots.trailing_zeros(), used: 0, max_slots };
        table.slots = vec![table.empty(); slots];
        table
    }

    fn empty(&self) -> Entry<P> {
        Entry { key: self.filler, bounds: Bounds { lower: 1, upper: 0, best_move: 0 } }
    }

    /// The most slots the table may grow to.
    pub fn max_capacity(&self) -> u64 {
        self.max_slots as u64
    }

    fn grow(&mut self) {
        let doubled = self.slots.len() * 2;
        let empty = self.empty();
        let old = std::mem::replace(&mut self.slots, vec![empty; doubled]);
        self.shift -= 1;
        self.used = 0;
        for entry in old.into_iter().filter(|e| !e.is_empty()) {
            let slot = self.slot(&entry.key);
            if self.slots[slot].is_empty() {
                self.used += 1;
            }
            self.slots[slot] = entry;
        }
    }

    /// How many slots the table has.
    pub fn capacity(&self) -> u64 {
        self.slots.len() as u64
    }

    /// How many slots hold an entry.
    pub fn used(&self) -> u64 {
        self.used
    }

    fn slot(&self, key: &P) -> usize {
        let mut hasher = FxHasher::default();
        key.hash(&mut hasher);
        // Multiply-shift: the top bits of the product depend on every bit of the hash.
        (hasher.finish().wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// The bounds stored for `key`, if its slot holds exactly this position.
    pub fn get(&self, key: &P) -> Option<Bounds> {
        let entry = &self.slots[self.slot(key)];
        (!entry.is_empty() && entry.key == *key).then_some(entry.bounds)
    }

    /// Stores bounds for `key`, tightening what is already known about the same position.
    pub fn put(&mut self, key: P, mut bounds: Bounds) {
        let slot = self.slot(&key);
        let old = &self.slots[slot];
        if old.is_empty() {
            self.used += 1;
        } else if old.key == key {
            bounds.lower = bounds.lower.max(old.bounds.lower);
            bounds.upper = bounds.upper.min(old.bounds.upper);
        }
        self.slots[slot] = Entry { key, bounds };
        if self.used * 2 > self.slots.len() as u64 && self.slots.len() < self.max_slots {
            self.grow();
        }
    }
}
