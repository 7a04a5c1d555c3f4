//! Training positions, packed: the file `xiangqi datagen` writes and the trainer (`crates/train`) reads.
//!
//! A file is a [`DataHeader`] of [`DATA_HEADER_SIZE`] bytes, then records of [`RECORD_SIZE`] bytes, all
//! little-endian (the layout is in docs/search.md, *The training data*):
//!
//! | bytes | record field |
//! |---|---|
//! | 0..12 | occupancy: bit `i` (of a 96-bit little-endian number) set when point `i` ([`Square::index`]) holds a piece |
//! | 12..28 | the pieces on the occupied points in point order, 4 bits each ([`Piece::index`], low nibble first) |
//! | 28..30 | the label: the search score in centipawns from the side to move's view (`i16`) |
//! | 30 | bit 0: side to move (0 Red, 1 Black); bits 1–2: the game's result for Red (0 lost, 1 drawn, 2 won) |
//! | 31 | reserved, 0 |
//! | 32..36 | the index of the game the position comes from (`u32`), in the order the games were generated |
//!
//! Records are written game by game in game order, so a file cut short (a generator stopped) is resumed by
//! dropping the records of its last game and playing again from that game ([`resume_point`]).

use xiangqi::{Board, Color, Piece, Position, Setup, Square};

/// The first eight bytes of a data file.
pub const DATA_MAGIC: [u8; 8] = *b"XQNNDATA";
/// The version of the layout this module reads and writes.
pub const DATA_VERSION: u16 = 1;
/// Bytes of the header.
pub const DATA_HEADER_SIZE: usize = 64;
/// Bytes of one record.
pub const RECORD_SIZE: usize = 36;

/// Why a data file or record cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DataError {
    /// Shorter than a header, or the magic is not [`DATA_MAGIC`].
    NotData,
    /// A version this build does not read.
    Version(u16),
    /// A record (or the header's record size) is not what this version says.
    RecordSize(usize),
    /// A record whose pieces do not make a legal position, or whose fields are out of range.
    BadRecord(&'static str),
    /// The header does not match the settings asked for (appending to a file made with other settings).
    Mismatch(&'static str),
}

impl DataError {
    /// A stable code, `ERR_DATA_*`.
    pub fn code(&self) -> &'static str {
        match self {
            DataError::NotData => "ERR_DATA_MAGIC",
            DataError::Version(_) => "ERR_DATA_VERSION",
            DataError::RecordSize(_) => "ERR_DATA_RECORD_SIZE",
            DataError::BadRecord(_) => "ERR_DATA_RECORD",
            DataError::Mismatch(_) => "ERR_DATA_MISMATCH",
        }
    }
}

impl core::fmt::Display for DataError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            DataError::NotData => write!(f, "not a training-data file (no XQNNDATA header)"),
            DataError::Version(v) => write!(
                f,
                "training-data version {v}, this build reads {DATA_VERSION}"
            ),
            DataError::RecordSize(n) => write!(f, "record size {n}, expected {RECORD_SIZE}"),
            DataError::BadRecord(why) => write!(f, "bad record: {why}"),
            DataError::Mismatch(what) => {
                write!(f, "the file was made with another {what}")
            }
        }?;
        write!(f, " ({})", self.code())
    }
}

impl std::error::Error for DataError {}

/// How the positions of a file were made: written once at the top, checked when appending.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataHeader {
    /// The generator's seed.
    pub seed: u64,
    /// Nodes of the search that chose each move of the games.
    pub play_nodes: u32,
    /// Depth of the search that labelled each position.
    pub label_depth: u8,
    /// Random plies after the opening line: at least this many…
    pub random_min: u8,
    /// …and at most this many.
    pub random_max: u8,
    /// A game still going after this many plies is a draw.
    pub max_plies: u16,
    /// A game is adjudicated won when the label stays beyond this many centipawns (0: never).
    pub adjudicate_cp: u16,
    /// A hash (FNV-1a, 64 bits) of the openings used, so that a file is not resumed with other openings.
    pub openings_hash: u64,
    /// The evaluation that played and labelled the games: the FNV-1a 64 hash of the network file's bytes, or 0
    /// for the hand-tuned evaluation (files written before this field hold 0 there).
    pub eval_net: u64,
}

impl DataHeader {
    /// The header's bytes.
    pub fn to_bytes(&self) -> [u8; DATA_HEADER_SIZE] {
        let mut b = [0u8; DATA_HEADER_SIZE];
        b[0..8].copy_from_slice(&DATA_MAGIC);
        b[8..10].copy_from_slice(&DATA_VERSION.to_le_bytes());
        b[10..12].copy_from_slice(&(DATA_HEADER_SIZE as u16).to_le_bytes());
        b[12..14].copy_from_slice(&(RECORD_SIZE as u16).to_le_bytes());
        b[16..24].copy_from_slice(&self.seed.to_le_bytes());
        b[24..28].copy_from_slice(&self.play_nodes.to_le_bytes());
        b[28] = self.label_depth;
        b[29] = self.random_min;
        b[30] = self.random_max;
        b[32..34].copy_from_slice(&self.max_plies.to_le_bytes());
        b[34..36].copy_from_slice(&self.adjudicate_cp.to_le_bytes());
        b[40..48].copy_from_slice(&self.openings_hash.to_le_bytes());
        b[48..56].copy_from_slice(&self.eval_net.to_le_bytes());
        b
    }

    /// Reads a header from the start of `bytes`.
    pub fn from_bytes(bytes: &[u8]) -> Result<DataHeader, DataError> {
        if bytes.len() < DATA_HEADER_SIZE || bytes[0..8] != DATA_MAGIC {
            return Err(DataError::NotData);
        }
        let u16_at = |i: usize| u16::from_le_bytes([bytes[i], bytes[i + 1]]);
        let u64_at = |i: usize| {
            let mut a = [0u8; 8];
            a.copy_from_slice(&bytes[i..i + 8]);
            u64::from_le_bytes(a)
        };
        let version = u16_at(8);
        if version != DATA_VERSION {
            return Err(DataError::Version(version));
        }
        if u16_at(10) as usize != DATA_HEADER_SIZE {
            return Err(DataError::BadRecord("header size"));
        }
        if u16_at(12) as usize != RECORD_SIZE {
            return Err(DataError::RecordSize(u16_at(12) as usize));
        }
        Ok(DataHeader {
            seed: u64_at(16),
            play_nodes: u32::from_le_bytes([bytes[24], bytes[25], bytes[26], bytes[27]]),
            label_depth: bytes[28],
            random_min: bytes[29],
            random_max: bytes[30],
            max_plies: u16_at(32),
            adjudicate_cp: u16_at(34),
            openings_hash: u64_at(40),
            eval_net: u64_at(48),
        })
    }

    /// The first field in which `self` and `other` differ, as a [`DataError::Mismatch`].
    pub fn check_same(&self, other: &DataHeader) -> Result<(), DataError> {
        let differs = [
            (self.seed != other.seed, "seed"),
            (self.play_nodes != other.play_nodes, "--nodes"),
            (self.label_depth != other.label_depth, "--depth"),
            (
                (self.random_min, self.random_max) != (other.random_min, other.random_max),
                "--random-plies",
            ),
            (self.max_plies != other.max_plies, "--max-plies"),
            (self.adjudicate_cp != other.adjudicate_cp, "--adjudicate"),
            (self.openings_hash != other.openings_hash, "openings"),
            (self.eval_net != other.eval_net, "--net"),
        ];
        match differs.iter().find(|(d, _)| *d) {
            Some((_, what)) => Err(DataError::Mismatch(what)),
            None => Ok(()),
        }
    }
}

/// A game's result for Red.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// Red lost.
    BlackWon = 0,
    /// Drawn.
    Draw = 1,
    /// Red won.
    RedWon = 2,
}

impl GameResult {
    /// Red's score: 0, ½ or 1.
    pub fn red_score(self) -> f32 {
        self as u8 as f32 / 2.0
    }
}

/// One training position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The position (its move counters are not kept: 0 and 1 when read back).
    pub position: Position,
    /// The search score in centipawns from the side to move's view.
    pub score: i16,
    /// The result of the game it comes from.
    pub result: GameResult,
    /// The index of that game.
    pub game: u32,
}

impl Sample {
    /// The record's bytes.
    pub fn to_bytes(&self) -> [u8; RECORD_SIZE] {
        let mut b = [0u8; RECORD_SIZE];
        let board = self.position.board();
        let mut occupancy: u128 = 0;
        let mut n = 0;
        for sq in Square::all() {
            if let Some(p) = board.piece_at(sq) {
                occupancy |= 1 << sq.index();
                // A legal position has at most 32 pieces (16 a side).
                b[12 + n / 2] |= (p.index() as u8) << (4 * (n % 2));
                n += 1;
            }
        }
        b[0..12].copy_from_slice(&occupancy.to_le_bytes()[0..12]);
        b[28..30].copy_from_slice(&self.score.to_le_bytes());
        b[30] = (self.position.turn() == Color::Black) as u8 | (self.result as u8) << 1;
        b[32..36].copy_from_slice(&self.game.to_le_bytes());
        b
    }

    /// Reads a record.
    pub fn from_bytes(b: &[u8]) -> Result<Sample, DataError> {
        if b.len() != RECORD_SIZE {
            return Err(DataError::RecordSize(b.len()));
        }
        let mut occ = [0u8; 16];
        occ[0..12].copy_from_slice(&b[0..12]);
        let occupancy = u128::from_le_bytes(occ);
        if occupancy >> 90 != 0 || occupancy.count_ones() > 32 {
            return Err(DataError::BadRecord("occupancy"));
        }
        let mut board = Board::empty();
        let mut n = 0;
        for sq in Square::all() {
            if occupancy >> sq.index() & 1 == 1 {
                let nibble = (b[12 + n / 2] >> (4 * (n % 2))) & 0xF;
                if nibble >= 14 {
                    return Err(DataError::BadRecord("piece"));
                }
                board.set(sq, Some(Piece::from_index(nibble as usize)));
                n += 1;
            }
        }
        let result = match (b[30] >> 1) & 3 {
            0 => GameResult::BlackWon,
            1 => GameResult::Draw,
            2 => GameResult::RedWon,
            _ => return Err(DataError::BadRecord("result")),
        };
        let setup = Setup {
            board,
            turn: if b[30] & 1 == 1 {
                Color::Black
            } else {
                Color::Red
            },
            ..Setup::default()
        };
        let position =
            Position::from_setup(setup).map_err(|_| DataError::BadRecord("illegal position"))?;
        Ok(Sample {
            position,
            score: i16::from_le_bytes([b[28], b[29]]),
            result,
            game: u32::from_le_bytes([b[32], b[33], b[34], b[35]]),
        })
    }
}

/// Where to go on with a file of `bytes` (a header, then whole or partial records): the length to keep (the
/// header and every record before the last game's, which may be incomplete) and the game to play next (that
/// last game, again). Games are deterministic, so playing it again writes what it would have written.
pub fn resume_point(bytes: &[u8]) -> Result<(usize, u32), DataError> {
    DataHeader::from_bytes(bytes)?;
    let whole = (bytes.len() - DATA_HEADER_SIZE) / RECORD_SIZE;
    if whole == 0 {
        return Ok((DATA_HEADER_SIZE, 0));
    }
    let game_of = |i: usize| {
        let at = DATA_HEADER_SIZE + i * RECORD_SIZE + 32;
        u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
    };
    let last = game_of(whole - 1);
    let mut keep = whole;
    while keep > 0 && game_of(keep - 1) == last {
        keep -= 1;
    }
    Ok((DATA_HEADER_SIZE + keep * RECORD_SIZE, last))
}

/// Reads every record of a file's `bytes` (header included); a partial record at the end is ignored.
pub fn read_all(bytes: &[u8]) -> Result<(DataHeader, Vec<Sample>), DataError> {
    let header = DataHeader::from_bytes(bytes)?;
    let samples = bytes[DATA_HEADER_SIZE..]
        .chunks_exact(RECORD_SIZE)
        .map(Sample::from_bytes)
        .collect::<Result<Vec<_>, _>>()?;
    Ok((header, samples))
}

/// FNV-1a (64 bits) of `bytes`: the openings' fingerprint in the header.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}
