//! Issue 36: every export format's estimate counts what it writes, endpoints included,
//! checked against the bytes actually written.

use icn_core::io::{anynet, booksim_config, edge_list, node_list};
use icn_core::{ExportFormat, Network, FAMILIES};

use crate::support::net;

/// The bytes `format` writes for `n`.
fn written(n: &Network, format: ExportFormat) -> u64 {
    let mut out = Vec::new();
    let t = n.topology();
    let r = match format {
        ExportFormat::EdgeList => edge_list(t, &mut out),
        ExportFormat::Nodes => node_list(t, &mut out),
        ExportFormat::Anynet => anynet(n, &mut out),
        ExportFormat::Booksim => booksim_config(n, "network.anynet", &mut out),
    };
    match r {
        Ok(()) => out.len() as u64,
        // One-way channels have no anynet file: nothing written.
        Err(_) => 0,
    }
}

/// Within a factor of 2 above the bytes written (and never below), for every family's
/// example and networks with many endpoints per router, in every format.
#[test]
fn export_estimates_hold_the_bytes_written() {
    let mut specs: Vec<String> = FAMILIES.iter().map(|f| f.example.to_string()).collect();
    specs.extend(
        [
            "polarfly:q=5,p=300",
            // Its addresses grow in the middle (field elements of GF(16) above 9): the
            // first and the last node's are shorter than the longest.
            "polarfly:q=16,p=1",
            "jellyfish:n=64,r=2,p=40",
            "dragonfly:a=4,p=200,h=2",
            "fattree:k=4,n=3",
            "torus:k=12x12",
            "hypercube:n=10",
        ]
        .map(String::from),
    );
    for spec in &specs {
        let n = net(spec);
        for format in [
            ExportFormat::EdgeList,
            ExportFormat::Nodes,
            ExportFormat::Anynet,
            ExportFormat::Booksim,
        ] {
            let bytes = written(&n, format);
            let est = n.export_bytes(format);
            assert!(
                bytes <= est && est <= 2 * bytes + 600,
                "{spec} {format:?}: wrote {bytes}, estimated {est}"
            );
        }
    }
}

/// The reproductions: the endpoints are counted, so the anynet files of PolarFly(997)
/// with 65,536 endpoints a router and of a Jellyfish with 4,096 are estimated at their
/// size (about 15 bytes an endpoint), and refused or written as that says.
#[test]
fn anynet_estimates_count_the_endpoints() {
    let pf = net("polarfly:q=997,p=65536");
    let endpoints = (997u64 * 997 + 997 + 1) * 65536;
    assert!(pf.export_bytes(ExportFormat::Anynet) >= endpoints * 12);
    assert!(pf.export_estimate(ExportFormat::Anynet).bytes >= endpoints * 4);
    let jf = net("jellyfish:n=65536,r=2,p=4096");
    let e = 65536u64 * 4096;
    let bytes = jf.export_bytes(ExportFormat::Anynet);
    assert!((e * 12..=e * 16).contains(&bytes), "{bytes}");
}
