//! BookSim2's `select` allocator (`SelAlloc`): iSLIP's grant and accept steps with
//! priorities, written so that, past the first iteration, it differs from `islip` in two
//! ways that icnplay keeps: an output that no unmatched input asks for keeps the grant it
//! made in an earlier iteration, and an input already matched may accept again. Such an
//! input, granted an output in iteration 1 that it did not accept, moves to that output in
//! a later one, and the output it leaves stays taken for the round. With one iteration
//! (`alloc_iters = 1`) and equal priorities it grants exactly as `islip`.
//!
//! The iteration is [`super::islip::Slip`]'s, with `SELECT` set.

/// BookSim2's `select` over every router's inputs and outputs.
pub type Select = super::requests::Whole<super::islip::Slip<true>>;
