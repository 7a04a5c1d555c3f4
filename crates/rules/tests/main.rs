//! The integration tests of the rules crate, one module per area: `position` (FEN, move generation, legality
//! reasons, properties), `perft`, `adjudication` (classification and repetition rulings), `game` (endings, the
//! whole game), `notation` (moves and records), `clock`, `names` (the lists of names). The vectors they read
//! live in the repository's `tests/data` (see its README); `common` reads them.

mod adjudication;
mod clock;
mod common;
mod game;
mod names;
mod notation;
mod opening_agreement;
mod perft;
mod position;
