//! Adjudication: move classification (docs/rules.md §6), repetition rulings under AXF and CXA (§7) — the
//! catalogue, the project's own cases, legality and mate rulings — randomised properties, and a cross-check
//! against Fairy-Stockfish's rulings.
mod classification;
mod fsf_crosscheck;
mod props;
mod rulings;
mod rulings_project;
mod rulings_rules;
