//! The part of icn-web shared by the page (`icn-web`) and the computing worker
//! (`icn-worker`): the jobs the worker runs and the messages both sides exchange.

pub mod jobs;
