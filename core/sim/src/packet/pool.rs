//! A pool of records reused through a free list (the buffers' flit slots, the packets in
//! flight): memory follows the records in use, not a bound on them, and the most recently
//! freed is reused first, so the records in use stay in cache.

/// Records by index; freed indices are reused, most recently freed first.
#[derive(Debug, Clone)]
pub(super) struct Pool<T> {
    /// The records, in use or free.
    pub items: Vec<T>,
    free: Vec<u32>,
}

impl<T> Default for Pool<T> {
    fn default() -> Self {
        Pool {
            items: Vec::new(),
            free: Vec::new(),
        }
    }
}

impl<T> Pool<T> {
    /// Stores `x` at a free index, or a new one; its index.
    #[inline]
    pub fn add(&mut self, x: T) -> u32 {
        if let Some(i) = self.free.pop() {
            self.items[i as usize] = x;
            i
        } else {
            self.items.push(x);
            (self.items.len() - 1) as u32
        }
    }

    /// Frees index `i` for reuse (its record stays until then).
    #[inline]
    pub fn release(&mut self, i: u32) {
        self.free.push(i);
    }

    /// The most records in use at once so far (the indices allocated).
    pub fn high_water(&self) -> usize {
        self.items.len()
    }
}
