//! The machine's cores, shared out to the solves that search with threads.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The machine's cores, shared out to the solves that search with threads as they start: a solve takes the cores no
/// running solve holds, at least one. A lone footholds request on an idle server searches on every core (9×9 from
/// (4,4)–(4,5) with its ranked moves and line: 9–10 s on one thread of a 2-core machine, at the edge of the default
/// 10 s limit, 6.7 s on two); requests that start together or under load get one core each, as the `--max-solves`
/// slots (one per core by default) expect.
#[derive(Clone)]
pub struct CorePool {
    cores: usize,
    in_use: Arc<AtomicUsize>,
}

impl CorePool {
    /// A pool of `cores` cores, none in use.
    pub fn new(cores: usize) -> CorePool {
        CorePool { cores: cores.max(1), in_use: Arc::new(AtomicUsize::new(0)) }
    }

    /// Takes the cores no one holds (at least one), until the [`Cores`] are dropped.
    pub fn take(&self) -> Cores {
        let mut in_use = self.in_use.load(Ordering::Relaxed);
        loop {
            let count = self.cores.saturating_sub(in_use).max(1);
            match self.in_use.compare_exchange_weak(in_use, in_use + count, Ordering::AcqRel, Ordering::Relaxed) {
                Ok(_) => return Cores { count, in_use: Arc::clone(&self.in_use) },
                Err(now) => in_use = now,
            }
        }
    }
}

/// Cores taken from a [`CorePool`], given back when dropped.
pub struct Cores {
    count: usize,
    in_use: Arc<AtomicUsize>,
}

impl Cores {
    /// How many: the search threads to run.
    pub fn count(&self) -> usize {
        self.count
    }
}

impl Drop for Cores {
    fn drop(&mut self) {
        self.in_use.fetch_sub(self.count, Ordering::AcqRel);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lone_solve_gets_every_core_and_solves_under_load_one_each() {
        let pool = CorePool::new(4);
        let first = pool.take();
        assert_eq!(first.count(), 4);
        let (second, third) = (pool.take(), pool.take());
        assert_eq!((second.count(), third.count()), (1, 1));
        drop(first);
        // Two cores are still held: the next solve gets the other two.
        assert_eq!(pool.take().count(), 2);
        drop((second, third));
        assert_eq!(pool.take().count(), 4);
        // Solves that start together never share out more than the cores, but for one each under load.
        let together: Vec<Cores> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..8).map(|_| scope.spawn(|| pool.take())).collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        assert_eq!(together.iter().map(Cores::count).sum::<usize>(), 4 + 7);
    }
}
