// Starts the computing worker, a classic worker (web/src/compute.rs starts it by this name):
// wasm-bindgen's no-modules glue, then the worker's module, passed in the one-object form
// its init takes (a bare path is deprecated and warns in every worker's console).
importScripts('./icn-worker.js');
wasm_bindgen({ module_or_path: './icn-worker_bg.wasm' });
