//! The k-ary n-cube torus and mesh, mixed radix allowed (Dally and Towles, *Principles
//! and Practices of Interconnection Networks*, ch. 5; Dally, "Performance analysis of
//! k-ary n-cube interconnection networks", IEEE Trans. Computers, 1990).
//!
//! A node is a tuple `(x₁,…,x_n)` over radices `k = k₁ × … × k_n`, most significant
//! first (see [`product`] for the numbering). Two nodes are linked when they differ by
//! ±1 in exactly one coordinate: mod kᵢ in a torus (wrap-around links; a radix-2
//! dimension has one link per pair, not two), inside 0 … kᵢ − 1 in a mesh. The torus is
//! the Hypercycle with every ρᵢ = 1, without the Hypercycle's radix limit of 36.
//!
//! `product.rs` is the graph shared with HyperX (`topology/hyperx/`): digits, links,
//! distances, path counts and the two routings; `address.rs` the tuple addresses;
//! `symmetry.rs` the per-dimension loads and the mesh's reflections.

pub(crate) mod address;
mod family;
pub mod product;
mod romm;
mod routing;
mod symmetry;
mod xyyx;

pub use family::{MESH, TORUS};
pub use product::{Factor, GridRouting, Product};
pub use romm::Romm;
pub use routing::GridRouter;
pub use xyyx::{XyYx, XYYX, XYYX_STRATEGY};

use icn_graph::error::ParamError;
use icn_graph::spec::{parse_vector, Spec};

/// The flag of dimension order from the least significant coordinate
/// ([`Torus::with_low_first`]).
pub const LOW_FIRST: &str = "lowfirst";

/// The largest radix of a torus or mesh dimension.
pub const MAX_RADIX: u32 = 1 << 16;

/// A validated torus or mesh. Construct with [`Torus::new`] or [`Torus::mesh`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Torus {
    grid: Product,
}

product::product_topology!(Torus);

impl Torus {
    /// The torus with radices `k`, most significant first.
    ///
    /// # Errors
    /// No radix, a radix outside 2 ..= [`MAX_RADIX`], or more than
    /// [`MAX_NODES`](icn_graph::MAX_NODES) nodes.
    pub fn new(k: &[u64]) -> Result<Self, ParamError> {
        Ok(Torus {
            grid: Product::new(Factor::Ring, k, "k", MAX_RADIX)?,
        })
    }

    /// The mesh with radices `k`, most significant first.
    ///
    /// # Errors
    /// As [`Torus::new`].
    pub fn mesh(k: &[u64]) -> Result<Self, ParamError> {
        Ok(Torus {
            grid: Product::new(Factor::Path, k, "k", MAX_RADIX)?,
        })
    }

    /// Reads `torus:k=…` or `mesh:k=…`.
    pub fn from_spec(spec: &Spec) -> Result<Self, ParamError> {
        let mesh = spec.family == "mesh";
        let family = if mesh { "mesh" } else { "torus" };
        spec.check_keys(
            family,
            &["k"],
            &[LOW_FIRST],
            "k (the radices, e.g. k=8x8x4), and the flag lowfirst",
        )?;
        let k = spec.value("k").ok_or(ParamError::Missing {
            family,
            key: "k",
            help: "the radices, most significant first, e.g. k=8x8x4",
        })?;
        let k = parse_vector("k", k)?;
        let net = if mesh { Self::mesh(&k) } else { Self::new(&k) }?;
        Ok(net.with_low_first(spec.has(LOW_FIRST)))
    }

    /// This network with dimension order from the least significant coordinate when `on`
    /// (the flag `lowfirst`: BookSim2's `dim_order`, x first), for every strategy built on
    /// it (`dor`, ROMM's and Valiant's legs, XY or YX's order).
    pub fn with_low_first(self, on: bool) -> Self {
        Torus {
            grid: self.grid.with_low_first(on),
        }
    }

    /// The canonical spec.
    pub fn spec_string(&self) -> String {
        let k: Vec<String> = self.grid.radices().iter().map(u32::to_string).collect();
        let family = if self.is_mesh() { "mesh" } else { "torus" };
        let flag = if self.grid.low_first() {
            ",lowfirst"
        } else {
            ""
        };
        format!("{family}:k={}{flag}", k.join("x"))
    }

    /// Whether this is a mesh (no wrap-around links).
    pub fn is_mesh(&self) -> bool {
        self.grid.factor() == Factor::Path
    }

    /// The product graph: digits, distances, closed forms.
    pub fn grid(&self) -> &Product {
        &self.grid
    }

    /// The radices k₁ … k_n, most significant first.
    pub fn radices(&self) -> &[u32] {
        self.grid.radices()
    }

    /// A routing relation of this network.
    pub fn routing(&self, kind: GridRouting) -> GridRouter<'_> {
        self.grid.routing(kind)
    }
}
