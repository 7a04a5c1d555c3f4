//! The neural evaluation (NNUE, an efficiently updatable neural network), opt-in behind the cargo feature
//! `nnue`: the training data's format ([`data`]) and, in the modules that follow, the network's features,
//! its file format and its inference. The hand-tuned evaluation ([`crate::eval`]) stays the default and the
//! fallback. docs/search.md, *The neural evaluation*, argues the design.

mod accumulator;
pub mod data;
pub mod features;
pub mod kernels;
mod net;

pub use accumulator::AccumulatorStack;
pub use features::FeatureSet;
pub use net::{
    NetError, Network, MAX_FT, MAX_L1, NET_HEADER_SIZE, NET_MAGIC, NET_VERSION, QA, QB, QO,
};
