//! A transposition table that stores bounds on scores, shared by the search threads.
//!
//! The table is cut into stripes, each behind its own lock, so threads rarely wait for each other. Each stripe
//! starts empty, takes a few slots at its first entry, and doubles while it is more than half full, up to its share
//! of a fixed memory budget; from then on a new entry simply replaces the old one in its slot. (Starting small keeps
//! small solves from paying for touching gigabytes of memory.) Losing an entry costs time, never correctness,
//! because every entry carries its whole position as the key and is only trusted when the key matches exactly.

use rustc_hash::FxHasher;
use std::hash::{Hash, Hasher};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

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

struct Stripe<P> {
    slots: Vec<Entry<P>>,
    used: usize,
}

/// Number of stripes (a power of two): enough that two or a few threads seldom want the same one.
const STRIPES: usize = 1 << 8;

/// Slots a stripe takes at its first entry.
const FIRST_STRIPE_SLOTS: usize = 1 << 3;

/// A transposition table keyed by whole positions, safe to share between threads.
pub struct Table<P> {
    stripes: Vec<Mutex<Stripe<P>>>,
    /// The most slots a stripe may grow to.
    max_stripe_slots: usize,
    /// The key of empty slots (any position: emptiness is marked by the bounds).
    filler: P,
    used: AtomicU64,
    capacity: AtomicU64,
}

impl<P: Copy + Eq + Hash> Table<P> {
    /// The bytes one slot takes: divide a memory budget by this to get a slot count.
    pub const SLOT_BYTES: usize = std::mem::size_of::<Entry<P>>();

    /// A table that takes at most about `bytes` of memory, and has room for 2 048 entries however small `bytes` is
    /// (each of its 256 stripes takes at least 8 slots). `filler` is any position, used as the key of empty slots.
    pub fn with_memory(bytes: usize, filler: P) -> Table<P> {
        let per_stripe = (bytes / Self::SLOT_BYTES / STRIPES).max(FIRST_STRIPE_SLOTS);
        let max_stripe_slots =
            if per_stripe.is_power_of_two() { per_stripe } else { per_stripe.next_power_of_two() / 2 };
        let stripes = (0..STRIPES).map(|_| Mutex::new(Stripe { slots: Vec::new(), used: 0 })).collect();
        Table { stripes, max_stripe_slots, filler, used: AtomicU64::new(0), capacity: AtomicU64::new(0) }
    }

    fn empty(filler: P) -> Entry<P> {
        Entry { key: filler, bounds: Bounds { lower: 1, upper: 0, best_move: 0 } }
    }

    /// How many slots the table has now.
    pub fn capacity(&self) -> u64 {
        self.capacity.load(Ordering::Relaxed)
    }

    /// How many slots hold an entry.
    pub fn used(&self) -> u64 {
        self.used.load(Ordering::Relaxed)
    }

    /// The stripe of a key, and the hash bits that choose its slot within the stripe.
    fn locate(&self, key: &P) -> (&Mutex<Stripe<P>>, u64) {
        let mut hasher = FxHasher::default();
        key.hash(&mut hasher);
        // Multiply-shift: the top bits of the product depend on every bit of the hash.
        let mixed = hasher.finish().wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (&self.stripes[(mixed >> (64 - STRIPES.trailing_zeros())) as usize], mixed)
    }

    /// The slot within a stripe of `slots` slots: the bits just below the ones that chose the stripe (the high
    /// bits of a multiply-shift hash are the well-mixed ones).
    fn slot(slots: usize, mixed: u64) -> usize {
        ((mixed << STRIPES.trailing_zeros()) >> (64 - slots.trailing_zeros())) as usize
    }

    /// The bounds stored for `key`, if its slot holds exactly this position.
    pub fn get(&self, key: &P) -> Option<Bounds> {
        let (stripe, mixed) = self.locate(key);
        let stripe = stripe.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if stripe.slots.is_empty() {
            return None;
        }
        let entry = &stripe.slots[Self::slot(stripe.slots.len(), mixed)];
        (!entry.is_empty() && entry.key == *key).then_some(entry.bounds)
    }

    /// Stores bounds for `key`, tightening what is already known about the same position.
    pub fn put(&self, key: P, mut bounds: Bounds) {
        let (stripe, mixed) = self.locate(&key);
        let mut stripe = stripe.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if stripe.slots.is_empty() {
            stripe.slots = vec![Self::empty(self.filler); FIRST_STRIPE_SLOTS];
            self.capacity.fetch_add(FIRST_STRIPE_SLOTS as u64, Ordering::Relaxed);
        }
        let slot = Self::slot(stripe.slots.len(), mixed);
        let old = &stripe.slots[slot];
        if old.is_empty() {
            stripe.used += 1;
            self.used.fetch_add(1, Ordering::Relaxed);
        } else if old.key == key {
            bounds.lower = bounds.lower.max(old.bounds.lower);
            bounds.upper = bounds.upper.min(old.bounds.upper);
        }
        stripe.slots[slot] = Entry { key, bounds };
        if stripe.used * 2 > stripe.slots.len() && stripe.slots.len() < self.max_stripe_slots {
            self.grow(&mut stripe);
        }
    }

    fn grow(&self, stripe: &mut Stripe<P>) {
        let doubled = stripe.slots.len() * 2;
        let old = std::mem::replace(&mut stripe.slots, vec![Self::empty(self.filler); doubled]);
        self.capacity.fetch_add(old.len() as u64, Ordering::Relaxed);
        let before = stripe.used;
        stripe.used = 0;
        for entry in old.into_iter().filter(|e| !e.is_empty()) {
            let slot = Self::slot(doubled, self.locate(&entry.key).1);
            if stripe.slots[slot].is_empty() {
                stripe.used += 1;
            }
            stripe.slots[slot] = entry;
        }
        self.used.fetch_sub((before - stripe.used) as u64, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_survive_growth_and_keys_must_match() {
        let table = Table::with_memory(1 << 24, 0u64);
        for key in 1..20_000u64 {
            table.put(key, Bounds { lower: key as i32, upper: key as i32, best_move: 0 });
        }
        assert!(table.capacity() > (STRIPES * FIRST_STRIPE_SLOTS) as u64);
        assert!(Table::with_memory(1 << 24, 0u64).capacity() == 0, "an unused table takes no slots");
        let kept = (1..20_000u64).filter(|&k| table.get(&k).is_some_and(|b| b.lower == k as i32)).count();
        assert!(kept > 15_000, "{kept}");
        assert!(table.get(&0).is_none() && table.get(&30_000).is_none());
    }
}
