//! Decoding game-record bytes: UTF-8 (with or without a byte-order mark) or legacy GBK / GB18030.
//!
//! Many xiangqi files from the 2000s are GBK-encoded. [`decode`] takes the bytes as read from a file: valid
//! UTF-8 is used as is; anything else is decoded as GB18030 (a superset of GBK and GB2312) when the `gbk`
//! feature is on (the default; it pulls in `encoding_rs`) on a native target. On wasm32 the decoder is left out
//! (its tables cost about 160 KB): non-UTF-8 input is then an error, and in a browser
//! `new TextDecoder("gbk").decode(bytes)` does the job before calling in.

use core::fmt;
use std::borrow::Cow;

/// Bytes that are neither UTF-8 nor (with the `gbk` feature) GBK / GB18030.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecodeError {
    /// Length of the longest valid UTF-8 prefix.
    pub valid_up_to: usize,
    /// Whether GBK decoding was available (the `gbk` feature) and tried.
    pub gbk_tried: bool,
}

impl DecodeError {
    /// A stable machine-readable code.
    pub const fn code(&self) -> &'static str {
        "ERR_RECORD_ENCODING"
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.gbk_tried {
            write!(
                f,
                "the text is neither UTF-8 nor GBK (invalid UTF-8 after byte {})",
                self.valid_up_to
            )
        } else {
            write!(
                f,
                "the text is not UTF-8 (invalid after byte {}) and GBK decoding is not built in; decode it first",
                self.valid_up_to
            )
        }
    }
}

impl std::error::Error for DecodeError {}

/// Whether this build decodes GBK: the `gbk` feature (on by default) on native targets; never on wasm32.
pub const GBK: bool = cfg!(all(feature = "gbk", not(target_arch = "wasm32")));

/// The text encoding [`decode`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// UTF-8 (a leading byte-order mark is dropped).
    Utf8,
    /// GBK / GB18030.
    Gbk,
}

/// Decodes record bytes, detecting UTF-8 or GBK. See the module docs.
pub fn decode(bytes: &[u8]) -> Result<(Cow<'_, str>, Encoding), DecodeError> {
    let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match core::str::from_utf8(body) {
        Ok(s) => Ok((Cow::Borrowed(s), Encoding::Utf8)),
        Err(e) => decode_gbk(body)
            .map(|s| (s, Encoding::Gbk))
            .ok_or(DecodeError {
                valid_up_to: e.valid_up_to(),
                gbk_tried: GBK,
            }),
    }
}

#[cfg(all(feature = "gbk", not(target_arch = "wasm32")))]
fn decode_gbk(bytes: &[u8]) -> Option<Cow<'_, str>> {
    encoding_rs::GB18030.decode_without_bom_handling_and_without_replacement(bytes)
}

#[cfg(not(all(feature = "gbk", not(target_arch = "wasm32"))))]
fn decode_gbk(_bytes: &[u8]) -> Option<Cow<'_, str>> {
    None
}
