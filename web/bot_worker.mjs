// Tavolo's bots think here, off the page's main thread, so the table never freezes while a
// bot searches. The worker loads the site's own Pyodide and the engine wheel (not the UI)
// from the same origin; the service worker caches both, so it works offline.
//
// Messages from the page: {id, record, seat, level} (record: the game's record as JSON text).
// Answers: {id, action} (the action as JSON text) or {id, error}. Once at the start:
// {id: 0, ready: true}, or {id: 0, ready: false, error} when the worker cannot start (the
// page then lets its bots think on the main thread and says so).
import { loadPyodide } from "./pyodide/pyodide.mjs";

const started = (async () => {
  const py = await loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href });
  // no pydantic plugins are shipped: skip pydantic's scan of every package's entry points
  py.runPython("import os; os.environ.setdefault('PYDANTIC_DISABLE_PLUGINS', '__all__')");
  await py.loadPackage("tavolo-engines", { messageCallback: () => {}, errorCallback: () => {} });
  return py.pyimport("engines.core.thinking").decide_json;
})();

started.then(
  () => postMessage({ id: 0, ready: true }),
  (err) => postMessage({ id: 0, ready: false, error: String(err) }),
);

onmessage = async (event) => {
  const { id, record, seat, level } = event.data || {};
  let decide;
  try {
    decide = await started;
  } catch (err) {
    postMessage({ id, error: String(err) });
    return;
  }
  try {
    postMessage({ id, action: decide(record, seat, level) });
  } catch (err) {
    postMessage({ id, error: String(err) });
  }
};
