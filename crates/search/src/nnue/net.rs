//! The network and its file.
//!
//! The architecture: each side's [`Accumulator`](super::Accumulator) of `ft` cells is the sum of the rows of
//! the *feature transformer* for the inputs that are on in that side's view ([`super::features`]), plus a
//! bias; the two (side to move first) go through a clipped ReLU (0..=1, quantised 0..=[`QA`]) into a dense
//! layer of `l1` cells, clipped ReLU again, then one output, in units of `out_scale` centipawns. In
//! integers: transformer weights and biases `i16` at scale [`QA`], dense weights `i8` at scale [`QB`] (so a
//! weight lies within ±127/64), dense biases `i32` at `QA·QB`, output weights `i16` at scale [`QO`], output
//! bias `i32` at `QA·QO`.
//!
//! The file (little-endian), a 40-byte header and the weights:
//!
//! | bytes | field |
//! |---|---|
//! | 0..8 | magic `XQNNUE` and two zero bytes ([`NET_MAGIC`]) |
//! | 8..10 | format version ([`NET_VERSION`]) |
//! | 10..12 | feature set ([`FeatureSet::id`]) |
//! | 12..16 | inputs (must be the feature set's) |
//! | 16..18 | `ft`, accumulator cells per side (a multiple of 16, at most [`MAX_FT`]) |
//! | 18..20 | `l1`, dense-layer cells (1..=[`MAX_L1`]) |
//! | 20..22 | `out_scale`, centipawns per unit of output |
//! | 22..24 | reserved, 0 |
//! | 24..28 | bytes of weights that follow |
//! | 28..32 | reserved, 0 |
//! | 32..40 | FNV-1a (64 bits) of the weights' bytes |
//! | 40.. | transformer weights `inputs × ft` (`i16`, input by input), transformer biases `ft` (`i16`), dense weights `l1 × 2·ft` (`i8`, cell by cell, the side to move's half first), dense biases `l1` (`i32`), output weights `l1` (`i16`), output bias (`i32`) |

use super::data::fnv1a64;
use super::features::FeatureSet;
use super::kernels::{Kernel, Scalar, Vector};

/// The first eight bytes of a net file.
pub const NET_MAGIC: [u8; 8] = *b"XQNNUE\0\0";
/// The version of the net format this build reads and writes.
pub const NET_VERSION: u16 = 1;
/// Bytes of the header.
pub const NET_HEADER_SIZE: usize = 40;
/// The clipped ReLU's top, and the scale of the transformer's weights.
pub const QA: i32 = 127;
/// The scale of the dense layer's weights.
pub const QB: i32 = 64;
/// The scale of the output weights.
pub const QO: i32 = 256;
/// The largest accumulator this build accepts.
pub const MAX_FT: usize = 512;
/// The largest dense layer this build accepts.
pub const MAX_L1: usize = 64;

/// Why a net file cannot be used. The engine then plays with the hand-tuned evaluation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetError {
    /// Shorter than a header, or the magic is not [`NET_MAGIC`]: not a net file.
    NotNet,
    /// A format version this build does not read.
    Version(u16),
    /// A feature set this build does not know, or inputs that are not that set's.
    Features(u16),
    /// Layer sizes this build does not accept.
    Shape(&'static str),
    /// Fewer (or more) bytes of weights than the header announces.
    Length {
        /// Bytes announced by the shape.
        expected: usize,
        /// Bytes present.
        found: usize,
    },
    /// The weights' checksum is not the header's: the file is damaged.
    Checksum,
}

impl NetError {
    /// A stable code, `ERR_NET_*`.
    pub fn code(&self) -> &'static str {
        match self {
            NetError::NotNet => "ERR_NET_MAGIC",
            NetError::Version(_) => "ERR_NET_VERSION",
            NetError::Features(_) => "ERR_NET_FEATURES",
            NetError::Shape(_) => "ERR_NET_SHAPE",
            NetError::Length { .. } => "ERR_NET_TRUNCATED",
            NetError::Checksum => "ERR_NET_CHECKSUM",
        }
    }
}

impl core::fmt::Display for NetError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            NetError::NotNet => write!(f, "not a net file (no XQNNUE header)"),
            NetError::Version(v) => {
                write!(f, "net format version {v}, this build reads {NET_VERSION}")
            }
            NetError::Features(id) => write!(f, "unknown feature set {id} or wrong input count"),
            NetError::Shape(why) => write!(f, "unsupported layer sizes: {why}"),
            NetError::Length { expected, found } => write!(
                f,
                "the weights are {found} bytes, the header announces {expected}"
            ),
            NetError::Checksum => write!(f, "the weights' checksum does not match the header"),
        }?;
        write!(f, " ({})", self.code())
    }
}

impl std::error::Error for NetError {}

/// A network, ready to evaluate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    pub(super) features: FeatureSet,
    pub(super) ft: usize,
    pub(super) l1: usize,
    pub(super) out_scale: i32,
    /// `inputs × ft`, input by input.
    pub(super) ft_weights: Vec<i16>,
    pub(super) ft_bias: Vec<i16>,
    /// `l1 × 2·ft`, cell by cell.
    pub(super) l1_weights: Vec<i8>,
    /// The same weights widened to `i16` (what the kernels multiply: a multiply-add of `i16` lanes is one
    /// instruction in SSE2 and wasm simd128, a widening from `i8` inside the loop is several).
    pub(super) l1_wide: Vec<i16>,
    pub(super) l1_bias: Vec<i32>,
    pub(super) out_weights: Vec<i16>,
    pub(super) out_bias: i32,
}

/// The bytes of weights a net of this shape has.
fn payload_len(inputs: usize, ft: usize, l1: usize) -> usize {
    inputs * ft * 2 + ft * 2 + l1 * 2 * ft + l1 * 4 + l1 * 2 + 4
}

fn check_shape(ft: usize, l1: usize, out_scale: i32) -> Result<(), NetError> {
    if ft == 0 || ft % 16 != 0 || ft > MAX_FT {
        return Err(NetError::Shape(
            "the accumulator must be 16..=512 cells, a multiple of 16",
        ));
    }
    if l1 == 0 || l1 > MAX_L1 {
        return Err(NetError::Shape("the dense layer must be 1..=64 cells"));
    }
    if out_scale <= 0 {
        return Err(NetError::Shape("the output scale must be positive"));
    }
    Ok(())
}

impl Network {
    /// Reads a net file.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        if bytes.len() < NET_HEADER_SIZE || bytes[0..8] != NET_MAGIC {
            return Err(NetError::NotNet);
        }
        let u16_at = |i: usize| u16::from_le_bytes([bytes[i], bytes[i + 1]]);
        let u32_at =
            |i: usize| u32::from_le_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
        let version = u16_at(8);
        if version != NET_VERSION {
            return Err(NetError::Version(version));
        }
        let id = u16_at(10);
        let features = FeatureSet::from_id(id).ok_or(NetError::Features(id))?;
        if u32_at(12) as usize != features.inputs() {
            return Err(NetError::Features(id));
        }
        let (ft, l1, out_scale) = (u16_at(16) as usize, u16_at(18) as usize, u16_at(20) as i32);
        check_shape(ft, l1, out_scale)?;
        let expected = payload_len(features.inputs(), ft, l1);
        let payload = &bytes[NET_HEADER_SIZE..];
        if u32_at(24) as usize != expected || payload.len() != expected {
            return Err(NetError::Length {
                expected,
                found: payload.len(),
            });
        }
        let mut sum = [0u8; 8];
        sum.copy_from_slice(&bytes[32..40]);
        if fnv1a64(payload) != u64::from_le_bytes(sum) {
            return Err(NetError::Checksum);
        }
        let mut r = Reader(payload);
        let ft_weights = r.i16s(features.inputs() * ft);
        let ft_bias = r.i16s(ft);
        let l1_weights = r.take(l1 * 2 * ft).iter().map(|&b| b as i8).collect();
        let l1_bias = r.i32s(l1);
        let out_weights = r.i16s(l1);
        let out_bias = r.i32s(1)[0];
        // (the lengths agree by the payload's size checked above; from_weights is the one constructor)
        Network::from_weights(
            features,
            ft,
            l1,
            out_scale,
            ft_weights,
            ft_bias,
            l1_weights,
            l1_bias,
            out_weights,
            out_bias,
        )
    }

    /// The net file of these weights.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut payload = Vec::with_capacity(payload_len(self.features.inputs(), self.ft, self.l1));
        for v in self.ft_weights.iter().chain(&self.ft_bias) {
            payload.extend_from_slice(&v.to_le_bytes());
        }
        payload.extend(self.l1_weights.iter().map(|&w| w as u8));
        for v in &self.l1_bias {
            payload.extend_from_slice(&v.to_le_bytes());
        }
        for v in &self.out_weights {
            payload.extend_from_slice(&v.to_le_bytes());
        }
        payload.extend_from_slice(&self.out_bias.to_le_bytes());
        let mut out = Vec::with_capacity(NET_HEADER_SIZE + payload.len());
        out.extend_from_slice(&NET_MAGIC);
        out.extend_from_slice(&NET_VERSION.to_le_bytes());
        out.extend_from_slice(&self.features.id().to_le_bytes());
        out.extend_from_slice(&(self.features.inputs() as u32).to_le_bytes());
        out.extend_from_slice(&(self.ft as u16).to_le_bytes());
        out.extend_from_slice(&(self.l1 as u16).to_le_bytes());
        out.extend_from_slice(&(self.out_scale as u16).to_le_bytes());
        out.extend_from_slice(&[0, 0]);
        out.extend_from_slice(&(payload.len() as u32).to_le_bytes());
        out.extend_from_slice(&[0; 4]);
        out.extend_from_slice(&fnv1a64(&payload).to_le_bytes());
        out.extend_from_slice(&payload);
        out
    }

    /// A network from its weights (as [`Network::from_bytes`] reads them: see the module's documentation
    /// for the layout and scales); for the trainer's export.
    #[allow(clippy::too_many_arguments)]
    pub fn from_weights(
        features: FeatureSet,
        ft: usize,
        l1: usize,
        out_scale: i32,
        ft_weights: Vec<i16>,
        ft_bias: Vec<i16>,
        l1_weights: Vec<i8>,
        l1_bias: Vec<i32>,
        out_weights: Vec<i16>,
        out_bias: i32,
    ) -> Result<Network, NetError> {
        check_shape(ft, l1, out_scale)?;
        let sizes = [
            (ft_weights.len(), features.inputs() * ft),
            (ft_bias.len(), ft),
            (l1_weights.len(), l1 * 2 * ft),
            (l1_bias.len(), l1),
            (out_weights.len(), l1),
        ];
        if sizes.iter().any(|(a, b)| a != b) {
            return Err(NetError::Shape("weights of the wrong length"));
        }
        Ok(Network {
            features,
            ft,
            l1,
            out_scale,
            ft_weights,
            ft_bias,
            l1_wide: l1_weights.iter().map(|&w| w as i16).collect(),
            l1_weights,
            l1_bias,
            out_weights,
            out_bias,
        })
    }

    /// A network of random weights drawn from `seed` (the same seed, the same net): an untrained net for
    /// the tests and for measuring speed.
    pub fn random(
        features: FeatureSet,
        ft: usize,
        l1: usize,
        seed: u64,
    ) -> Result<Network, NetError> {
        let mut state = seed;
        let mut next = move |range: i32| {
            let (s, v) = xiangqi::zobrist::splitmix64(state);
            state = s;
            ((v >> 33) % (2 * range as u64 + 1)) as i32 - range
        };
        let inputs = features.inputs();
        let ft_weights = (0..inputs * ft).map(|_| next(40) as i16).collect();
        let ft_bias = (0..ft).map(|_| next(60) as i16).collect();
        let l1_weights = (0..l1 * 2 * ft).map(|_| next(60) as i8).collect();
        let l1_bias = (0..l1).map(|_| next(QA * QB / 4)).collect();
        let out_weights = (0..l1).map(|_| next(QO) as i16).collect();
        let out_bias = next(QA * QO / 8);
        Network::from_weights(
            features,
            ft,
            l1,
            400,
            ft_weights,
            ft_bias,
            l1_weights,
            l1_bias,
            out_weights,
            out_bias,
        )
    }

    /// Its feature set.
    pub fn features(&self) -> FeatureSet {
        self.features
    }

    /// Accumulator cells per side.
    pub fn ft_size(&self) -> usize {
        self.ft
    }

    /// Dense-layer cells.
    pub fn l1_size(&self) -> usize {
        self.l1
    }

    /// Centipawns per unit of output.
    pub fn out_scale(&self) -> i32 {
        self.out_scale
    }

    /// The transformer's row of input `i`.
    #[inline]
    pub(super) fn row(&self, i: usize) -> &[i16] {
        &self.ft_weights[i * self.ft..(i + 1) * self.ft]
    }

    /// The output from the two accumulators (`us`: the side to move's), in centipawns, with kernel `K`.
    pub(super) fn output<K: Kernel>(&self, us: &[i16], them: &[i16]) -> i32 {
        // The clipped accumulators, side to move first: computed once, then one dot product per dense cell.
        let mut input = [0i16; 2 * MAX_FT];
        let (ft, width) = (self.ft, 2 * self.ft);
        K::crelu(us, &mut input[..ft]);
        K::crelu(them, &mut input[ft..width]);
        let input = &input[..width];
        let mut out = self.out_bias as i64;
        for j in 0..self.l1 {
            let row = &self.l1_wide[j * width..(j + 1) * width];
            let s = self.l1_bias[j] + K::dot(input, row);
            let h = (s / QB).clamp(0, QA);
            out += h as i64 * self.out_weights[j] as i64;
        }
        (out * self.out_scale as i64 / (QA * QO) as i64) as i32
    }

    /// The output with the scalar kernel (the reference).
    pub(super) fn output_scalar(&self, us: &[i16], them: &[i16]) -> i32 {
        self.output::<Scalar>(us, them)
    }

    /// The output with the vector kernel.
    pub(super) fn output_vector(&self, us: &[i16], them: &[i16]) -> i32 {
        self.output::<Vector>(us, them)
    }
}

/// Reads little-endian numbers off the front of a slice whose length was checked.
struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> &'a [u8] {
        let (head, tail) = self.0.split_at(n);
        self.0 = tail;
        head
    }

    fn i16s(&mut self, n: usize) -> Vec<i16> {
        self.take(n * 2)
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect()
    }

    fn i32s(&mut self, n: usize) -> Vec<i32> {
        self.take(n * 4)
            .chunks_exact(4)
            .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect()
    }
}
