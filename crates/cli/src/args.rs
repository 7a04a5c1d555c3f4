//! What the commands share about their arguments: the usage line and the reading of numbers.

/// The usage line, printed with a bad command.
pub const USAGE: &str = "usage: xiangqi perft DEPTH [--fen FEN] [--divide] | xiangqi moves [--fen FEN] | xiangqi perft-bench [--depth N] | xiangqi bench [--depth N | --nodes N] [--net FILE] | xiangqi uci | xiangqi match [options] | xiangqi openings [options] | xiangqi mates FILE [--net FILE] | xiangqi make-puzzles GAMES… [options] | xiangqi tune FILE… [options] | xiangqi analyse [options] [MOVE…] | xiangqi fit-winprob FILE… [options] [--net FILE] | xiangqi datagen --out FILE (--games N | --positions N) [options] [--net FILE]";

/// The number after an option (`--depth 7`), or an error naming the option.
pub fn num<T: std::str::FromStr>(
    it: &mut std::slice::Iter<String>,
    name: &str,
) -> Result<T, String> {
    it.next()
        .and_then(|v| v.parse().ok())
        .ok_or_else(|| format!("{name} needs a number"))
}

/// Loads the net file at `path` into `engine`. Here a net that cannot be used is an error, not a fallback: a
/// measurement of the wrong evaluation measures nothing.
pub fn load_net(engine: &mut xiangqi_engine::Engine, path: &str) -> Result<(), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    engine
        .load_network(&bytes)
        .map_err(|e| format!("{path}: {e}"))
}
