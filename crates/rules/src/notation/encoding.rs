//! Decoding game-record bytes: UTF-8 (with or without a byte-order mark), GBK / GB18030 (简体, mainland files)
//! and Big5 (繁體, Taiwan and Hong Kong files).
//!
//! The legacy encodings are decoded by a [`Decoder`]: natively [`NativeDecoder`] uses `encoding_rs` (the
//! cargo feature `gbk`, on by default); the wasm build leaves those tables out (about 160 KB) and the JS binding
//! gives the host's `TextDecoder` instead. Which encoding a file is in is decided once, for both, by
//! [`read`](super::read) — on evidence: which decoding is valid and yields move text the reader understands.
//!
//! [`decode`] is the simple decoder of earlier versions: valid UTF-8 as it is, anything else as GBK.

use crate::names::{named, Named};
use core::fmt;
use std::borrow::Cow;

/// A text encoding of game records.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// UTF-8 (a leading byte-order mark is dropped).
    Utf8,
    /// GBK / GB18030 (国标码, guóbiāomǎ; simplified characters), decoded as the WHATWG Encoding Standard's
    /// `gb18030` decoder does.
    Gbk,
    /// Big5 (大五码, dàwǔmǎ; traditional characters), decoded as the WHATWG Encoding Standard's `big5`
    /// decoder does.
    Big5,
}

named!(Encoding, "encoding", [
    Encoding::Utf8 => ("utf-8", ["utf8"], "UTF-8", "UTF-8"),
    Encoding::Gbk => ("gbk", ["gb18030", "gb2312"], "GBK", "GBK"),
    Encoding::Big5 => ("big5", [], "Big5", "Big5"),
]);

impl Encoding {
    /// `"utf-8"`, `"gbk"` or `"big5"` ([`Named::as_str`]).
    pub fn code(self) -> &'static str {
        self.as_str()
    }

    /// The encoding of a label: `utf-8` (`utf8`), `gbk` (`gb18030`, `gb2312`), `big5`; case and the spaces
    /// around are ignored.
    pub fn from_label(label: &str) -> Option<Encoding> {
        Encoding::from_name(label.trim())
    }

    /// How people name it: `UTF-8`, `GBK`, `Big5` (its English name).
    #[allow(clippy::misnamed_getters)] // `name` is the name people write, the table's English name
    pub fn name(self) -> &'static str {
        self.names().en
    }
}

/// Decodes the legacy encodings ([`Encoding::Gbk`], [`Encoding::Big5`]) strictly: `None` when the bytes are
/// not valid in the encoding (a decoder never replaces what it cannot read), or when it cannot decode that
/// encoding at all ([`Decoder::supports`]).
pub trait Decoder {
    /// The text of `bytes` in `encoding`, or `None`.
    fn decode(&self, encoding: Encoding, bytes: &[u8]) -> Option<String>;

    /// Whether this decoder can decode `encoding` at all.
    fn supports(&self, encoding: Encoding) -> bool;

    /// The text of `bytes` in `encoding` with what is not valid replaced by U+FFFD, or `None` if the encoding
    /// is not supported. For text whose encoding the format fixes (XQF), with a warning.
    fn decode_lossy(&self, encoding: Encoding, bytes: &[u8]) -> Option<String>;
}

/// The native decoder: `encoding_rs` with the `gbk` feature (the default) on a native target; UTF-8 only
/// otherwise ([`LEGACY`] tells).
#[derive(Clone, Copy, Debug, Default)]
pub struct NativeDecoder;

impl Decoder for NativeDecoder {
    fn decode(&self, encoding: Encoding, bytes: &[u8]) -> Option<String> {
        match encoding {
            Encoding::Utf8 => core::str::from_utf8(strip_bom(bytes))
                .ok()
                .map(str::to_string),
            _ => decode_legacy(encoding, bytes),
        }
    }

    fn supports(&self, encoding: Encoding) -> bool {
        encoding == Encoding::Utf8 || LEGACY
    }

    fn decode_lossy(&self, encoding: Encoding, bytes: &[u8]) -> Option<String> {
        match encoding {
            Encoding::Utf8 => Some(String::from_utf8_lossy(bytes).into_owned()),
            _ => decode_legacy_lossy(encoding, bytes),
        }
    }
}

#[cfg(all(feature = "gbk", not(target_arch = "wasm32")))]
fn decode_legacy(encoding: Encoding, bytes: &[u8]) -> Option<String> {
    let e = match encoding {
        Encoding::Gbk => encoding_rs::GB18030,
        Encoding::Big5 => encoding_rs::BIG5,
        Encoding::Utf8 => encoding_rs::UTF_8,
    };
    e.decode_without_bom_handling_and_without_replacement(bytes)
        .map(Cow::into_owned)
}

#[cfg(all(feature = "gbk", not(target_arch = "wasm32")))]
fn decode_legacy_lossy(encoding: Encoding, bytes: &[u8]) -> Option<String> {
    let e = match encoding {
        Encoding::Gbk => encoding_rs::GB18030,
        Encoding::Big5 => encoding_rs::BIG5,
        Encoding::Utf8 => encoding_rs::UTF_8,
    };
    Some(e.decode_without_bom_handling(bytes).0.into_owned())
}

#[cfg(not(all(feature = "gbk", not(target_arch = "wasm32"))))]
fn decode_legacy(_encoding: Encoding, _bytes: &[u8]) -> Option<String> {
    None
}

#[cfg(not(all(feature = "gbk", not(target_arch = "wasm32"))))]
fn decode_legacy_lossy(_encoding: Encoding, _bytes: &[u8]) -> Option<String> {
    None
}

/// Whether this build decodes GBK and Big5 natively: the `gbk` feature (on by default) on native targets;
/// never on wasm32.
pub const LEGACY: bool = cfg!(all(feature = "gbk", not(target_arch = "wasm32")));

/// The old name of [`LEGACY`].
pub const GBK: bool = LEGACY;

/// The bytes without a leading UTF-8 byte-order mark.
pub fn strip_bom(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes)
}

/// Why record bytes could not be turned into text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecodeError {
    /// Length of the longest valid UTF-8 prefix (of the bytes after a byte-order mark).
    pub valid_up_to: usize,
    /// The encodings tried, in order.
    pub tried: Vec<Encoding>,
    /// What went wrong.
    pub kind: DecodeErrorKind,
}

/// What went wrong in a [`DecodeError`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecodeErrorKind {
    /// The bytes are valid in none of the encodings tried.
    Invalid,
    /// The bytes are valid in several encodings and nothing in them tells which is meant: give the encoding.
    Ambiguous,
    /// The bytes are not UTF-8 and no decoder of GBK or Big5 is at hand (a native build without the `gbk`
    /// feature).
    Unavailable,
}

impl DecodeError {
    /// A stable machine-readable code.
    pub const fn code(&self) -> &'static str {
        "ERR_RECORD_ENCODING"
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self.tried.iter().map(|e| e.name()).collect();
        match self.kind {
            DecodeErrorKind::Invalid if names.len() == 1 => {
                write!(f, "the bytes are not valid {}", names[0])
            }
            DecodeErrorKind::Invalid => write!(
                f,
                "the bytes are not valid text in any encoding tried ({}); invalid UTF-8 after byte {}",
                names.join(", "),
                self.valid_up_to
            ),
            DecodeErrorKind::Ambiguous => write!(
                f,
                "the bytes read as {} alike and nothing in them tells which is meant: give the encoding",
                names.join(" and ")
            ),
            DecodeErrorKind::Unavailable => write!(
                f,
                "the text is not UTF-8 (invalid after byte {}) and GBK / Big5 decoding is not built in; decode it first",
                self.valid_up_to
            ),
        }
    }
}

impl std::error::Error for DecodeError {}

/// Decodes record bytes the simple way: valid UTF-8 as it is (without a byte-order mark), else GBK with the
/// native decoder. [`read`](super::read) decides between GBK and Big5 on evidence.
pub fn decode(bytes: &[u8]) -> Result<(Cow<'_, str>, Encoding), DecodeError> {
    let body = strip_bom(bytes);
    match core::str::from_utf8(body) {
        Ok(s) => Ok((Cow::Borrowed(s), Encoding::Utf8)),
        Err(e) => match decode_legacy(Encoding::Gbk, body) {
            Some(s) => Ok((Cow::Owned(s), Encoding::Gbk)),
            None => Err(DecodeError {
                valid_up_to: e.valid_up_to(),
                tried: vec![Encoding::Utf8, Encoding::Gbk],
                kind: if LEGACY {
                    DecodeErrorKind::Invalid
                } else {
                    DecodeErrorKind::Unavailable
                },
            }),
        },
    }
}

/// GBK text encoding, by a table made from a [`Decoder`]: every two-byte sequence of GB18030 (leads 0x81–0xFE,
/// trails 0x40–0x7E and 0x80–0xFE) decoded once, each character of the Basic Multilingual Plane kept with its first
/// (lowest) sequence. The same table natively (`encoding_rs`) and in the wasm build (the host's `TextDecoder`, which
/// has no GBK encoder). The table is indexed by the character (128 KB while a record is written), so that no sort
/// is compiled in.
pub struct GbkEncoder {
    /// The two bytes of each BMP character (lead × 256 + trail), 0 where GBK has none.
    table: Vec<u16>,
}

impl GbkEncoder {
    /// The table of `decoder`'s GBK, or `None` when it does not decode GBK.
    pub fn new(decoder: &dyn Decoder) -> Option<GbkEncoder> {
        if !decoder.supports(Encoding::Gbk) {
            return None;
        }
        let trails: Vec<u8> = (0x40..=0xFEu8).filter(|&t| t != 0x7F).collect();
        let mut table = vec![0u16; 0x10000];
        let mut any = false;
        let mut put = |c: char, lead: u8, trail: u8| {
            let i = c as usize;
            if i < table.len() && !c.is_ascii() && c != '\u{FFFD}' && table[i] == 0 {
                table[i] = u16::from(lead) << 8 | u16::from(trail);
                any = true;
            }
        };
        let mut row = Vec::with_capacity(2 * trails.len());
        for lead in 0x81..=0xFEu8 {
            row.clear();
            for &t in &trails {
                row.extend([lead, t]);
            }
            let whole = decoder
                .decode(Encoding::Gbk, &row)
                .filter(|s| s.chars().count() == trails.len());
            match whole {
                Some(text) => {
                    for (c, &t) in text.chars().zip(&trails) {
                        put(c, lead, t);
                    }
                }
                None => {
                    for &t in &trails {
                        let one = decoder.decode(Encoding::Gbk, &[lead, t]);
                        let mut chars = one.as_deref().unwrap_or("").chars();
                        if let (Some(c), None) = (chars.next(), chars.next()) {
                            put(c, lead, t);
                        }
                    }
                }
            }
        }
        any.then_some(GbkEncoder { table })
    }

    /// The GBK bytes of `text`, or the first character GBK cannot hold.
    pub fn encode(&self, text: &str) -> Result<Vec<u8>, char> {
        let mut out = Vec::with_capacity(text.len());
        for c in text.chars() {
            if c.is_ascii() {
                out.push(c as u8);
                continue;
            }
            match self.table.get(c as usize) {
                Some(&code) if code != 0 => out.extend(code.to_be_bytes()),
                _ => return Err(c),
            }
        }
        Ok(out)
    }
}
