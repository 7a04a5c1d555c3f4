//! Notation and records: manual examples, round trips over every position, PGN / DhtmlXQ records, and hostile
//! input.
mod cbr;
mod edit;
mod examples;
mod fuzz;
mod reading;
mod real_records;
mod records;
mod roundtrip;
mod vietnamese;
mod writing;
mod xqf;
