//! The wall clock: the time source the CLI injects into the search (the search reads no clock of its own).

use std::time::Instant;
use xiangqi_engine::TimeSource;

/// Wall-clock time since creation.
pub struct InstantClock(pub Instant);

impl TimeSource for InstantClock {
    fn elapsed_ms(&self) -> u64 {
        self.0.elapsed().as_millis() as u64
    }
}
