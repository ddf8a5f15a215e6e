//! The lanes' bookkeeping against the flows the page runs: a first job, a superseding one,
//! Cancel, a crash, a split job's parts and the session's results.

use super::*;

/// A lane whose jobs are named by text and followed by a number (a view).
type TestLane = Lane<&'static str, u32>;

#[test]
fn a_first_job_starts_the_worker_and_waits_for_it_to_load() {
    let mut lane = TestLane::default();
    let first = lane.launch("loads", 1);
    assert_eq!(
        first,
        Launch {
            id: 1,
            restart: false,
            spawn: true,
            post_now: false
        }
    );
    // Loaded: the held request goes now, once.
    assert!(lane.loaded());
    assert!(!lane.loaded());
    // Its replies reach the view; the last one frees the worker.
    assert!(lane.reply(1, false));
    assert!(lane.reply(1, true));
    // The next job posts at once in the loaded, idle worker.
    let next = lane.launch("paths", 1);
    assert_eq!(
        (next.id, next.restart, next.spawn, next.post_now),
        (2, false, false, true)
    );
}

#[test]
fn a_new_job_supersedes_the_running_one_and_restarts_a_busy_worker() {
    let mut lane = TestLane::default();
    lane.launch("sweep at 0.1", 1);
    lane.loaded();
    let second = lane.launch("sweep at 0.2", 1);
    // The worker is busy with the first: terminated and started afresh, the request held
    // until the new one loads.
    assert_eq!(
        second,
        Launch {
            id: 2,
            restart: true,
            spawn: true,
            post_now: false
        }
    );
    // A late reply of the first is dropped; the second's is delivered.
    assert!(!lane.reply(1, true));
    assert!(lane.loaded());
    assert!(lane.reply(2, true));
}

#[test]
fn cancel_drops_late_replies_and_terminates_only_a_busy_worker() {
    let mut lane = TestLane::default();
    lane.launch("deadlock", 7);
    lane.loaded();
    assert!(lane.forget(), "busy: terminated");
    assert!(!lane.started());
    assert!(!lane.reply(1, true));
    assert_eq!(lane.owner(), None);
    // An idle worker is kept (later jobs need no download, offline too).
    lane.launch("deadlock", 7);
    lane.loaded();
    assert!(lane.reply(2, true));
    assert!(!lane.forget());
    assert!(lane.started() && lane.ready());
}

#[test]
fn a_crash_reports_the_running_job_its_follower_and_why() {
    let mut lane = TestLane::default();
    lane.launch("huge loads", 3);
    // Never loaded: the worker could not start.
    let crash = lane.crashed().expect("a job was running");
    assert_eq!(
        crash,
        Crashed {
            job: "huge loads",
            owner: 3,
            loaded: false,
            panic: None
        }
    );
    assert!(!lane.started());
    // Loaded, panicked, then died: a bug, with the panic's message.
    lane.launch("huge loads", 3);
    lane.loaded();
    lane.panicked("index out of bounds".into());
    let crash = lane.crashed().expect("running");
    assert!(crash.loaded);
    assert_eq!(crash.panic.as_deref(), Some("index out of bounds"));
    // An idle worker that dies reports no job.
    lane.launch("small", 3);
    lane.loaded();
    lane.reply(3, true);
    assert_eq!(lane.crashed(), None);
}

#[test]
fn a_split_jobs_lanes_are_found_by_their_follower() {
    let mut lanes: Vec<TestLane> = vec![Lane::default(); 4];
    for (k, lane) in lanes.iter_mut().enumerate().take(3) {
        lane.launch(["part 1", "part 2", "part 3"][k], 9);
    }
    lanes[3].launch("another view's", 4);
    assert_eq!(owned_by(lanes.iter().map(Lane::owner), 9, None), [0, 1, 2]);
    assert_eq!(owned_by(lanes.iter().map(Lane::owner), 9, Some(0)), [1, 2]);
    assert_eq!(owned_by(lanes.iter().map(Lane::owner), 4, None), [3]);
    for k in owned_by(lanes.iter().map(Lane::owner), 9, Some(0)) {
        lanes[k].forget();
    }
    assert_eq!(owned_by(lanes.iter().map(Lane::owner), 9, None), [0]);
}

#[test]
fn parts_sum_their_progress_and_hand_over_all_data_once_all_are_done() {
    let mut parts: Parts<Vec<u8>> = Parts::new(3);
    assert_eq!(parts.progress(0, 5, 10), (5, 10));
    assert_eq!(parts.progress(2, 1, 30), (6, 40));
    assert_eq!(parts.progress(0, 10, 10), (11, 40));
    assert_eq!(parts.done(1, vec![1]), None);
    assert_eq!(parts.done(0, vec![0]), None);
    assert_eq!(
        parts.done(2, vec![2, 2]),
        Some(vec![vec![0], vec![1], vec![2, 2]])
    );
    // A part out of range changes nothing.
    assert_eq!(parts.progress(7, 1, 1), (11, 40));
}

#[test]
fn results_keep_a_sweeps_partial_points_until_its_result() {
    let mut results: Results<&str, Vec<f64>> = Results::default();
    assert_eq!(results.get(&"sweep"), None);
    results.reported(&"sweep", vec![10.0]);
    results.reported(&"sweep", vec![10.0, 12.5]);
    assert_eq!(results.partial(&"sweep"), Some(&vec![10.0, 12.5]));
    results.finished(&"sweep", vec![10.0, 12.5, 19.0]);
    assert_eq!(results.partial(&"sweep"), None);
    assert_eq!(results.get(&"sweep"), Some(vec![10.0, 12.5, 19.0]));
    // A stopped sweep keeps its points.
    results.reported(&"stopped", vec![3.0]);
    assert_eq!(results.partial(&"stopped"), Some(&vec![3.0]));
}

#[test]
fn a_cached_answer_drops_the_superseded_requests_replies_and_keeps_its_worker() {
    let mut lane = TestLane::default();
    lane.launch("slow", 1);
    lane.loaded();
    lane.answered();
    assert!(!lane.reply(1, false));
    assert!(lane.started());
    // The worker is still busy with it: the next request restarts it.
    assert!(lane.launch("next", 1).restart);
}

#[test]
fn a_lane_keeps_a_point_still_wanted_and_free_lanes_take_the_next() {
    // Lane 0 runs point 2, lane 1 point 1, lane 2 is free; points 1, 2, 3 are wanted.
    assert_eq!(
        assign(&[1, 2, 3], &[Some(2), Some(1), None], false),
        vec![LaneAction::Keep, LaneAction::Keep, LaneAction::Start(2)]
    );
    // The same points asked again (a keystroke that changed nothing): nothing restarts.
    assert_eq!(
        assign(&[1, 2], &[Some(1), Some(2)], false),
        vec![LaneAction::Keep, LaneAction::Keep]
    );
}

#[test]
fn a_point_no_longer_wanted_stops_and_its_lane_takes_another() {
    // Point 5 lies past a saturated one: its lane takes point 7 of the second curve.
    assert_eq!(
        assign(&[4, 7], &[Some(4), Some(5)], false),
        vec![LaneAction::Keep, LaneAction::Start(1)]
    );
    assert_eq!(
        assign::<u32>(&[], &[Some(4), None], false),
        vec![LaneAction::Stop, LaneAction::Keep]
    );
}

#[test]
fn while_the_fields_do_not_parse_the_running_points_go_on() {
    assert_eq!(
        assign::<u32>(&[], &[Some(4), Some(5)], true),
        vec![LaneAction::Keep, LaneAction::Keep]
    );
}
