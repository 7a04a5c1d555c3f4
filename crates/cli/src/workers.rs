//! The CLI's worker threads (`--jobs`): the one policy `match` and `datagen` share.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

/// Runs `job` on `jobs` threads at once (at least one) and waits for them. The first error sets `stop`, so that the
/// other threads end at their next look at it, and is returned.
pub fn run_workers(
    jobs: usize,
    stop: &AtomicBool,
    job: impl Fn() -> Result<(), String> + Sync,
) -> Result<(), String> {
    let failure: Mutex<Option<String>> = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| {
                if let Err(e) = job() {
                    stop.store(true, Ordering::Relaxed);
                    if let Ok(mut f) = failure.lock() {
                        f.get_or_insert(e);
                    }
                }
            });
        }
    });
    match failure.into_inner().ok().flatten() {
        Some(e) => Err(e),
        None => Ok(()),
    }
}
