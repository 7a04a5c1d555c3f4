//! Positions: FEN and its errors, the legal-move sets and flags of the shared vectors, generator properties.
mod fen_and_errors;
mod positions;
mod properties;
