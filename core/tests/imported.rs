//! Imported graphs: edge lists and BookSim2 anynet files read with their errors placed,
//! the compact code round-tripping, and anynet export and import inverse to each other.

use crate::support::net;
use icn_core::io::anynet;
use icn_core::metrics::distance_distribution;
use icn_core::topology::imported::Imported;
use icn_core::{GraphError, GraphSyntax, Network, Topology};
use icn_graph::{Addresses, Graph};

fn imported(text: &str) -> Imported {
    Imported::from_text(text).unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

fn anynet_of(n: &Network) -> String {
    let mut out = Vec::new();
    anynet(n, &mut out).unwrap_or_else(|e| panic!("{e}"));
    String::from_utf8(out).unwrap_or_else(|e| panic!("{e}"))
}

/// Every link of `t` as (smaller, larger) node names.
fn named_links(t: &dyn Topology) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut buf = Vec::new();
    for u in 0..t.node_count() {
        buf.clear();
        t.neighbours(u, &mut buf);
        for &v in buf.iter().filter(|&&v| v > u) {
            out.push((t.format_node(u), t.format_node(v)));
        }
    }
    out.sort();
    out
}

#[test]
fn the_example_is_the_petersen_graph() {
    let n = net(icn_core::family("graph").map(|f| f.example).unwrap_or(""));
    let t = n.topology();
    assert_eq!((t.node_count(), t.link_count()), (10, 15));
    let mut buf = Vec::new();
    for v in 0..10 {
        buf.clear();
        t.neighbours(v, &mut buf);
        assert_eq!(buf.len(), 3);
    }
    // 10 nodes, each with 3 at distance 1 and 6 at distance 2.
    assert_eq!(distance_distribution(t).counts, vec![0, 30, 60]);
}

#[test]
fn an_edge_list_keeps_its_names_and_round_trips_through_the_spec() {
    let g = imported("# a square with a tail\nalpha beta\nbeta, gamma\ngamma\tdelta\ndelta alpha\ndelta tail  # the tail\nbeta alpha\n");
    assert_eq!(g.names(), ["alpha", "beta", "gamma", "delta", "tail"]);
    assert_eq!(g.link_count(), 5);
    assert_eq!(g.parse_node("gamma"), Ok(2));
    assert!(g.parse_node("omega").is_err());
    let n: Network = g.clone().into();
    let back = net(&n.spec());
    assert_eq!(back, n);
    assert_eq!(named_links(back.topology()), named_links(&g));
}

#[test]
fn long_names_round_trip() {
    let long = "x".repeat(3000);
    let g = imported(&format!("{long} b\nb c\n"));
    let n: Network = g.into();
    assert_eq!(net(&n.spec()).format_node(0), long);
}

#[test]
fn numeric_names_are_ordered_by_value() {
    let g = imported("10 2\n2 7\n7 10\n");
    assert_eq!(g.names(), ["2", "7", "10"]);
}

#[test]
fn anynet_export_and_import_are_inverse() {
    for spec in ["hypercube:n=3", "hypercycle:m=5x4,rho=2x1", "mdf:k=2,m=3"] {
        let n = net(spec);
        let text = anynet_of(&n);
        let g = imported(&text);
        // One endpoint per router: the routers are the graph, named by their numbers.
        assert_eq!(g.node_count(), n.topology().node_count(), "{spec}");
        assert_eq!(g.terminal_count(), g.node_count(), "{spec}");
        let again: Network = g.into();
        assert_eq!(anynet_of(&again), text, "{spec}");
        assert_eq!(
            distance_distribution(again.topology()).counts,
            n.distance_distribution().counts,
            "{spec}"
        );
    }
}

#[test]
fn anynet_with_even_endpoints_is_a_network_of_routers_with_a_concentration() {
    let text = "router 0 node 0 node 1 router 1\nrouter 1 node 2 node 3 router 2 5\nrouter 2 node 4 node 5 router 0\n";
    let n: Network = imported(text).into();
    assert_eq!(n.concentration(), 2);
    assert_eq!(n.topology().node_count(), 3);
    // Written back without the latency (hops only), endpoints in order.
    assert_eq!(
        anynet_of(&n),
        "router 0 node 0 node 1 router 1 router 2\nrouter 1 node 2 node 3 router 2\nrouter 2 node 4 node 5\n"
    );
}

#[test]
fn anynet_with_uneven_endpoints_keeps_them_as_terminal_nodes() {
    // A two-level tree: switches 0 and 1 hold the endpoints, switch 2 joins them.
    let text = "router 0 node 0 node 1 router 2\nrouter 1 node 2 router 2\n";
    let g = imported(text);
    assert_eq!(g.names(), ["n0", "n1", "n2", "r0", "r1", "r2"]);
    assert_eq!(g.terminal_count(), 3);
    let n: Network = g.into();
    // The endpoints stay endpoints on the way back out (every router gets its line).
    assert_eq!(anynet_of(&n), format!("{text}router 2\n"));
    assert_eq!(n.distance_distribution().counts, vec![0, 0, 2, 0, 4]);
}

#[test]
fn errors_name_their_line_and_column() {
    let at = |text: &str| match Imported::from_text(text) {
        Err(GraphError::Syntax { line, column, why }) => (line, column, why),
        other => panic!("{text:?}: {other:?}"),
    };
    assert_eq!(
        at("0 1\n  1\n"),
        (2, 3, GraphSyntax::MissingEnd { first: "1".into() })
    );
    assert_eq!(
        at("0 1\n1 2 3\n"),
        (2, 5, GraphSyntax::Extra { token: "3".into() })
    );
    assert_eq!(
        at("a a\n"),
        (1, 1, GraphSyntax::SelfLoop { node: "a".into() })
    );
    assert_eq!(
        at("router 0 node x\n"),
        (1, 15, GraphSyntax::NotNumber { token: "x".into() })
    );
    assert_eq!(
        at("router 0 node 1\nrouter 1 node 1\n"),
        (
            2,
            10,
            GraphSyntax::TwoRouters {
                node: 1,
                first: 0,
                second: 1
            }
        )
    );
    assert_eq!(
        at("router 0 switch 1\n"),
        (
            1,
            10,
            GraphSyntax::Keyword {
                token: "switch".into()
            }
        )
    );
    assert_eq!(
        at("router 0 router\n"),
        (
            1,
            10,
            GraphSyntax::MissingNumber {
                word: "router".into()
            }
        )
    );
    let message = Imported::from_text("0 1\n  1\n")
        .err()
        .map(|e| e.to_string());
    assert_eq!(
        message.as_deref(),
        Some("line 2, column 3: '1' has no second node: an edge list line is a link 'u v'")
    );
}

#[test]
fn graphs_the_engine_does_not_take_are_refused() {
    assert_eq!(Imported::from_text("# nothing\n\n"), Err(GraphError::Empty));
    assert_eq!(
        Imported::from_text("0 1\n2 3\n"),
        Err(GraphError::Disconnected {
            a: "0".into(),
            b: "2".into()
        })
    );
    for code in [
        "",
        "A",
        "AQoK",
        "AQoKAQADAAIAAgADAgADAgADAQQCAQACAQABAQAA!",
        "Ag",
    ] {
        let spec = format!("graph:g={code}");
        assert!(spec.parse::<Network>().is_err(), "{spec}");
    }
    // A damaged code says so, and so does the spec error.
    let e = "graph:g=AQoKAQADAAIAAgADAgADAgADAQQCAQACAQABAQ"
        .parse::<Network>()
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(e.contains("damaged"), "{e}");
}

#[test]
fn a_graph_reads_back_from_its_own_text() {
    let texts = [
        "alpha beta\nbeta gamma\ngamma alpha\ngamma delta\n",
        "router 0 node 0 node 1 router 1\nrouter 1 node 2 node 3\n",
        "router 0 node 0 node 1 router 2\nrouter 1 node 2 router 2\n",
    ];
    for text in texts {
        let n: Network = imported(text).into();
        let again: Network = imported(&icn_core::io::graph_text(&n)).into();
        assert_eq!(again, n, "{text}");
    }
}

/// Issue 36: a UTF-8 byte-order mark and `\r\n` line ends are not part of a name; the
/// triangle is 3 nodes of diameter 1, and an anynet file with a mark is still one.
#[test]
fn a_byte_order_mark_and_crlf_are_not_part_of_the_text() {
    let g = imported("\u{feff}0 1\r\n1 2\r\n2 0\r\n");
    assert_eq!(g.names(), ["0", "1", "2"]);
    assert_eq!(distance_distribution(&g).counts, vec![0, 6]);
    let any = imported("\u{feff}router 0 node 0 router 1\r\nrouter 1 node 1\r\n");
    assert_eq!((any.node_count(), any.link_count()), (2, 1));
    assert_eq!(any.names(), ["0", "1"]);
}

/// Issue 36: a byte that is not UTF-8 is reported at its line and column (in
/// characters), read from bytes as from a file.
#[test]
fn a_byte_that_is_not_utf8_is_placed() {
    let text = b"a b\nb \xc3\xa9 \xff c\n";
    match Imported::from_reader(&text[..]) {
        Err(GraphError::NotUtf8 { line, column, byte }) => {
            assert_eq!((line, column, byte), (2, 5, 0xff));
        }
        other => panic!("{other:?}"),
    }
}

/// Issue 36: an endpoint no router names is reported where it is named (line 4), not at
/// line 1, column 1.
#[test]
fn an_unattached_endpoint_is_placed_where_it_is_named() {
    let text = "router 0 router 1\nrouter 1 router 0\n\n  node 7\n";
    match Imported::from_text(text) {
        Err(GraphError::Syntax { line, column, why }) => {
            assert_eq!(
                (line, column, why),
                (4, 3, GraphSyntax::Unattached { node: 7 })
            );
        }
        other => panic!("{other:?}"),
    }
}

/// Issue 36: a long word is quoted by its first 40 characters and its length.
#[test]
fn long_words_are_quoted_short() {
    let text = format!("{}\n", "x".repeat(100_000));
    let e = Imported::from_text(&text)
        .expect_err("one node")
        .to_string();
    assert!(e.len() < 200, "{e}");
    assert!(e.contains("(100000 characters)"), "{e}");
}

/// Issue 36: the readers stop at their cap, a stream of one endless line at the line cap.
#[test]
fn texts_are_read_through_a_cap() {
    use icn_core::topology::imported::{read_text, MAX_LINE_BYTES};
    use std::io::Read;
    let many = std::io::repeat(b'\n').take(1000);
    assert_eq!(
        read_text(many, 100),
        Err(GraphError::TooBig {
            bytes: 101,
            max: 100
        })
    );
    let endless = std::io::repeat(0);
    assert_eq!(
        Imported::from_reader(endless).map(|_| ()),
        Err(GraphError::LongLine {
            line: 1,
            max: MAX_LINE_BYTES
        })
    );
    assert_eq!(
        read_text(&b"\xef\xbb\xbfk = 4;\r\nn = 2;\r\n"[..], 100).as_deref(),
        Ok("k = 4;\nn = 2;")
    );
}

/// Numbered names are numbered by value however they first appear, and the links follow.
#[test]
fn numbered_names_are_ordered_by_value_while_streaming() {
    let g = imported("5 3\n3 10\n10 5\n5 0\n");
    assert_eq!(g.names(), ["0", "3", "5", "10"]);
    assert_eq!(named_links(&g).len(), 4);
    assert_eq!(g.parse_node("10"), Ok(3));
    let mut buf = Vec::new();
    g.neighbours(0, &mut buf);
    assert_eq!(buf, [2], "0 is linked to 5 only");
}
