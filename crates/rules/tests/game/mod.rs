//! The game: endings other than repetition (move limit, dead positions, external endings) and a game kept whole
//! (take-backs, comments, NAGs, records).
mod endings;
mod whole;
