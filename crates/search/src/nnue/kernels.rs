//! The network's arithmetic, twice: [`Scalar`], the plain reference that the tests compare against, and
//! [`Vector`], the one the engine runs. Both compute exactly the same integers (the tests check it).
//!
//! [`Vector`] uses WebAssembly's 128-bit SIMD (`simd128`, through `core::arch::wasm32`) when the crate is
//! built for wasm32 with that target feature on (`-C target-feature=+simd128`), and otherwise portable code
//! written in blocks of 16 lanes that the compiler turns into the target's vector instructions on its own
//! (SSE2 on every x86-64, NEON on aarch64). Explicit `std::arch` code for x86 would buy little over that
//! for these loops (adds of `i16` lanes and one multiply-add) and would need `unsafe`, which this crate
//! forbids; the wasm intrinsics are safe functions, and the eight-lane loads and stores go through bytemuck's
//! safe casts (one `v128.load` / `v128.store` each). docs/search.md, *The neural evaluation*, has the figures.

/// The operations the network needs, over slices whose length is a multiple of 16.
pub trait Kernel {
    /// `acc += row`, lane by lane, wrapping.
    fn add(acc: &mut [i16], row: &[i16]);
    /// `acc -= row`, lane by lane, wrapping.
    fn sub(acc: &mut [i16], row: &[i16]);
    /// `out = clamp(x, 0, 127)`, lane by lane: the clipped ReLU of an accumulator, once per evaluation.
    fn crelu(x: &[i16], out: &mut [i16]);
    /// `Σ x · w` over the lanes, in `i32`: the clipped accumulators times a row of the first dense layer
    /// (its weights widened to `i16` when the net is read, so that this is one multiply-add per 8 lanes).
    fn dot(x: &[i16], w: &[i16]) -> i32;
}

/// The reference: one lane at a time.
pub struct Scalar;

impl Kernel for Scalar {
    fn add(acc: &mut [i16], row: &[i16]) {
        for i in 0..acc.len() {
            acc[i] = acc[i].wrapping_add(row[i]);
        }
    }

    fn sub(acc: &mut [i16], row: &[i16]) {
        for i in 0..acc.len() {
            acc[i] = acc[i].wrapping_sub(row[i]);
        }
    }

    fn crelu(x: &[i16], out: &mut [i16]) {
        for i in 0..x.len() {
            out[i] = x[i].clamp(0, 127);
        }
    }

    fn dot(x: &[i16], w: &[i16]) -> i32 {
        let mut s = 0i32;
        for i in 0..x.len() {
            s += x[i] as i32 * w[i] as i32;
        }
        s
    }
}

/// The vectorised kernel (see the module's documentation for which instructions it becomes).
pub struct Vector;

#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
impl Kernel for Vector {
    #[inline]
    fn add(acc: &mut [i16], row: &[i16]) {
        for (a, r) in acc.chunks_exact_mut(16).zip(row.chunks_exact(16)) {
            let a: &mut [i16; 16] = a.try_into().expect("16 lanes");
            let r: &[i16; 16] = r.try_into().expect("16 lanes");
            for k in 0..16 {
                a[k] = a[k].wrapping_add(r[k]);
            }
        }
    }

    #[inline]
    fn sub(acc: &mut [i16], row: &[i16]) {
        for (a, r) in acc.chunks_exact_mut(16).zip(row.chunks_exact(16)) {
            let a: &mut [i16; 16] = a.try_into().expect("16 lanes");
            let r: &[i16; 16] = r.try_into().expect("16 lanes");
            for k in 0..16 {
                a[k] = a[k].wrapping_sub(r[k]);
            }
        }
    }

    #[inline]
    fn crelu(x: &[i16], out: &mut [i16]) {
        for (o, x) in out.chunks_exact_mut(16).zip(x.chunks_exact(16)) {
            let o: &mut [i16; 16] = o.try_into().expect("16 lanes");
            let x: &[i16; 16] = x.try_into().expect("16 lanes");
            for k in 0..16 {
                o[k] = x[k].clamp(0, 127);
            }
        }
    }

    #[inline]
    fn dot(x: &[i16], w: &[i16]) -> i32 {
        // Sixteen partial sums, added at the end: the shape of a vector multiply-add (SSE2's pmaddwd).
        let mut sums = [0i32; 16];
        for (x, w) in x.chunks_exact(16).zip(w.chunks_exact(16)) {
            let x: &[i16; 16] = x.try_into().expect("16 lanes");
            let w: &[i16; 16] = w.try_into().expect("16 lanes");
            for k in 0..16 {
                sums[k] += x[k] as i32 * w[k] as i32;
            }
        }
        sums.iter().sum()
    }
}

// The wasm kernels are written as index loops over eight-lane arrays, each forced inline: the package's wasm is
// built for size (opt-level "s"), at which the compiler kept `chunks_exact` / `zip` and `copy_from_slice` as
// calls, one per eight lanes (the disassembly showed a call to build the iterator and a memcpy call per store).
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
impl Kernel for Vector {
    #[inline(always)]
    fn add(acc: &mut [i16], row: &[i16]) {
        use core::arch::wasm32::i16x8_add;
        let mut i = 0;
        while i + 8 <= acc.len() {
            let v = i16x8_add(load(&acc[i..i + 8]), load(&row[i..i + 8]));
            store(&mut acc[i..i + 8], v);
            i += 8;
        }
    }

    #[inline(always)]
    fn sub(acc: &mut [i16], row: &[i16]) {
        use core::arch::wasm32::i16x8_sub;
        let mut i = 0;
        while i + 8 <= acc.len() {
            let v = i16x8_sub(load(&acc[i..i + 8]), load(&row[i..i + 8]));
            store(&mut acc[i..i + 8], v);
            i += 8;
        }
    }

    #[inline(always)]
    fn crelu(x: &[i16], out: &mut [i16]) {
        use core::arch::wasm32::{i16x8_max, i16x8_min, i16x8_splat};
        let (zero, top) = (i16x8_splat(0), i16x8_splat(127));
        let mut i = 0;
        while i + 8 <= x.len() {
            store(
                &mut out[i..i + 8],
                i16x8_min(i16x8_max(load(&x[i..i + 8]), zero), top),
            );
            i += 8;
        }
    }

    #[inline(always)]
    fn dot(x: &[i16], w: &[i16]) -> i32 {
        use core::arch::wasm32::*;
        let mut sum = i32x4_splat(0);
        let mut i = 0;
        while i + 8 <= x.len() {
            // Lane-wise products added in pairs: four i32 sums (WebAssembly's i32x4.dot_i16x8_s).
            sum = i32x4_add(sum, i32x4_dot_i16x8(load(&x[i..i + 8]), load(&w[i..i + 8])));
            i += 8;
        }
        i32x4_extract_lane::<0>(sum)
            + i32x4_extract_lane::<1>(sum)
            + i32x4_extract_lane::<2>(sum)
            + i32x4_extract_lane::<3>(sum)
    }
}

/// Eight lanes as a vector: one `v128.load` (unaligned), through bytemuck's safe cast.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[inline(always)]
fn load(a: &[i16]) -> core::arch::wasm32::v128 {
    let a: &[i16; 8] = a.try_into().expect("8 lanes");
    bytemuck::cast(*a)
}

/// A vector's eight lanes into `a`: one `v128.store`.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[inline(always)]
fn store(a: &mut [i16], v: core::arch::wasm32::v128) {
    let a: &mut [i16; 8] = a.try_into().expect("8 lanes");
    *a = bytemuck::cast(v);
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::zobrist::splitmix64;

    fn lanes(seed: u64, n: usize) -> Vec<i16> {
        let mut s = seed;
        (0..n)
            .map(|_| {
                let (t, v) = splitmix64(s);
                s = t;
                v as i16 >> 4
            })
            .collect()
    }

    #[test]
    fn the_vector_kernel_computes_what_the_scalar_one_does() {
        for seed in 0..20u64 {
            let n = 16 * (1 + seed as usize % 8);
            let (a, r) = (lanes(seed, n), lanes(seed + 100, n));
            let w: Vec<i16> = lanes(seed + 200, n)
                .iter()
                .map(|&v| v as i8 as i16)
                .collect();
            let (mut s, mut v) = (a.clone(), a.clone());
            Scalar::add(&mut s, &r);
            Vector::add(&mut v, &r);
            assert_eq!(s, v);
            Scalar::sub(&mut s, &a);
            Vector::sub(&mut v, &a);
            assert_eq!(s, v);
            let (mut cs, mut cv) = (vec![0; n], vec![0; n]);
            Scalar::crelu(&a, &mut cs);
            Vector::crelu(&a, &mut cv);
            assert_eq!(cs, cv);
            assert!(cs.iter().all(|&x| (0..=127).contains(&x)));
            assert!(cs.contains(&0) && cs.contains(&127));
            assert_eq!(Scalar::dot(&cs, &w), Vector::dot(&cs, &w));
        }
    }
}
