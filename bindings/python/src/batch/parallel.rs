//! Work on the values of a batch shared among scoped threads, in order.
//!
//! A batch's chunks are cut into *tasks*, contiguous ranges of one chunk's values; the tasks
//! are dealt out to the threads in order, each thread taking a contiguous run of them of about
//! the same number of values, so that what the tasks give back is put together in the order of
//! the values without any merging. One thread (the default) runs everything on the calling
//! thread.

use std::ops::Range;

/// Fewer values than this per thread are not worth a thread's start: about a millisecond of
/// work. An engine's batch (DuckDB's 2048 rows, Spark's 10 000) is answered on the calling
/// thread, which is faster than waiting for another to start on a busy machine, and the
/// engine runs its batches in parallel itself: the GIL is released while one is answered.
const MIN_VALUES_PER_THREAD: usize = 16 * 1024;

/// Task boundaries fall on multiples of this within a chunk, so that the tasks' bits of a
/// bitmap fill whole bytes (and words) of their own.
const ALIGN: usize = 64;

/// One task: `range` of the values of chunk `chunk`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Task {
    pub chunk: usize,
    pub range: Range<usize>,
}

/// The tasks for chunks of `lengths` values on `threads` threads, grouped by thread: every
/// value in exactly one task, in order.
pub fn plan(lengths: &[usize], threads: usize) -> Vec<Vec<Task>> {
    let total: usize = lengths.iter().sum();
    let threads = threads.clamp(1, (total / MIN_VALUES_PER_THREAD).max(1));
    let share = total.div_ceil(threads).next_multiple_of(ALIGN);
    let mut groups: Vec<Vec<Task>> = vec![Vec::new()];
    let mut room = share;
    for (chunk, &length) in lengths.iter().enumerate() {
        let mut start = 0;
        while start < length {
            if room == 0 {
                groups.push(Vec::new());
                room = share;
            }
            let mut end = (start + room).min(length);
            if end < length {
                // Cut the chunk on an aligned value, taking one aligned step at least.
                end -= end % ALIGN;
                if end <= start {
                    end = (start + ALIGN).min(length);
                }
            }
            room = room.saturating_sub(end - start);
            groups.last_mut().expect("one group at least").push(Task {
                chunk,
                range: start..end,
            });
            start = end;
        }
    }
    groups
}

/// Runs `work` on each group of tasks, the first on the calling thread and each other on a
/// scoped thread of its own, and gives back the results in the groups' order.
pub fn run<T: Send>(groups: Vec<Vec<Task>>, work: impl Fn(Vec<Task>) -> T + Sync) -> Vec<T> {
    let mut groups = groups.into_iter();
    let Some(first) = groups.next() else {
        return Vec::new();
    };
    std::thread::scope(|scope| {
        let work = &work;
        let others: Vec<_> = groups
            .map(|group| scope.spawn(move || work(group)))
            .collect();
        let mut results = vec![work(first)];
        for other in others {
            match other.join() {
                Ok(result) => results.push(result),
                // The work does not panic; if it did, the panic goes on, as it would have on
                // one thread.
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        results
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flat(groups: &[Vec<Task>]) -> Vec<(usize, Range<usize>)> {
        groups
            .iter()
            .flatten()
            .map(|task| (task.chunk, task.range.clone()))
            .collect()
    }

    #[test]
    fn one_thread_takes_each_chunk_whole() {
        let groups = plan(&[5, 0, 100_000], 1);
        assert_eq!(groups.len(), 1);
        assert_eq!(flat(&groups), [(0, 0..5), (2, 0..100_000)]);
    }

    #[test]
    fn threads_take_aligned_shares_of_every_value_in_order() {
        let lengths = [70_000, 3, 90_001];
        let groups = plan(&lengths, 3);
        assert_eq!(groups.len(), 3);
        let tasks = flat(&groups);
        for (chunk, &length) in lengths.iter().enumerate() {
            let ranges: Vec<_> = tasks
                .iter()
                .filter(|t| t.0 == chunk)
                .map(|t| &t.1)
                .collect();
            assert_eq!(ranges.first().map(|r| r.start), Some(0));
            assert_eq!(ranges.last().map(|r| r.end), Some(length));
            assert!(ranges.windows(2).all(|w| w[0].end == w[1].start));
            assert!(ranges.iter().all(|r| r.start % ALIGN == 0));
        }
    }

    #[test]
    fn few_values_stay_on_one_thread() {
        assert_eq!(plan(&[1000], 8).len(), 1);
        assert_eq!(plan(&[2 * MIN_VALUES_PER_THREAD], 8).len(), 2);
        assert_eq!(plan(&[], 4), [Vec::new()]);
    }
}
