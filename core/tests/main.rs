//! One integration binary: the conformance suite every family passes, and the
//! family-specific checks against the papers.

mod booksim;
mod booksim_batch;
mod booksim_config;
mod butterfly;
mod cmesh;
mod conformance;
mod d3;
mod deadlock;
mod deadlock_parts;
mod deadlock_sim;
mod dragonfly;
mod estimates;
mod export_estimates;
mod fattree;
mod flatfly_onchip;
mod hypercycle;
mod hyperx;
mod imported;
mod jellyfish;
mod kyklos;
mod kyklos_density;
mod lens;
mod lens_digits;
mod loads_batched;
mod msbfs;
mod network;
mod packet_sim;
mod papers;
mod polarfly;
mod properties;
mod sim_choices;
mod slimfly;
mod support;
mod throughput;
mod torus;
