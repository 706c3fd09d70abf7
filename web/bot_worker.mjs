// Tavolo's bots think here, off the page's main thread, so the table never freezes while a
// bot searches. The worker loads the site's own Pyodide and the engines' core wheel (not the
// UI) from the same origin, and each game's wheel (tavolo-engines-<game>) before it first
// thinks about that game; the service worker caches them all, so it works offline.
//
// Messages from the page:
//   {id, record, seat, level}  decide for `seat` (record: the game's record as JSON text);
//                              a new request replaces the one in progress
//   {cancel: id}               drop request `id` (the table was left, undone, replaced)
// Answers:
//   {id, progress}             while a search runs (0..1), about every SLICE_SECONDS
//   {id, action, value, explanation}
//                              the action as JSON text; value: the search's estimated win
//                              chance; explanation: why the search chose it, as JSON text
//                              (engines.core.search.Explanation); both null for bots that
//                              do not search (the page shows no reason without one)
//   {id, error}                also the answer to a malformed message, which changes nothing
//                              (the request in progress goes on); id: null when it has none
// Once at the start: {id: 0, ready: true, snapshot} (snapshot: how its Pyodide started, see
// interpreter.mjs), or {id: 0, ready: false, error} when the worker cannot start (the page
// then lets its bots think on the main thread and says so).
//
// A search runs in slices (engines.core.thinking: begin_json, step_json); between slices the
// worker yields to its event loop, so a cancel or a newer request is read within one slice.
// Slicing never changes the decision: the budget is counted in iterations.
//
// Pyodide comes through interpreter.mjs (written by build.py), as the page's does: from the
// build's memory snapshot when the service worker has cached it, the usual way otherwise.
import { loadPyodide, started as snapshot } from "./interpreter.mjs";

const SLICE_SECONDS = 0.05;

const started = (async () => {
  const py = await loadPyodide();
  // no pydantic plugins are shipped: skip pydantic's scan of every package's entry points
  py.runPython("import os; os.environ.setdefault('PYDANTIC_DISABLE_PLUGINS', '__all__')");
  await py.loadPackage("tavolo-engines", { messageCallback: () => {}, errorCallback: () => {} });
  const thinking = py.pyimport("engines.core.thinking");
  return { py, begin: thinking.begin_json, step: thinking.step_json };
})();

// The wheel of the game a request's record is of, loaded unless it is already (a record that
// names no game loads nothing: begin says what is wrong with it). Rejects with what failed.
async function loadGame(py, record) {
  let game = null;
  try {
    game = JSON.parse(record).game;
  } catch (err) {
    return;
  }
  if (typeof game !== "string" || !/^[a-z][a-z0-9_]*$/.test(game)) return;
  const name = "tavolo-engines-" + game.replace(/_/g, "-");
  if (py.loadedPackages[name]) return;
  const problems = [];
  await py.loadPackage(name, { messageCallback: () => {}, errorCallback: (text) => problems.push(text) });
  if (!py.loadedPackages[name]) throw new Error(problems.join("\n") || name + " was not loaded");
}

started.then(
  () => postMessage({ id: 0, ready: true, snapshot }),
  (err) => postMessage({ id: 0, ready: false, error: String(err) }),
);

let current = null; // the request being worked on: {id}
let arriving = null; // the id of the newest request not yet begun (null once cancelled)

const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 0));

async function work(job, api) {
  while (current === job) {
    let answer;
    try {
      answer = JSON.parse(api.step(SLICE_SECONDS));
    } catch (err) {
      current = null;
      postMessage({ id: job.id, error: String(err) });
      return;
    }
    if (answer.done) {
      current = null;
      const explanation = answer.explanation ? JSON.stringify(answer.explanation) : null;
      postMessage({ id: job.id, action: JSON.stringify(answer.action), value: answer.value, explanation });
      return;
    }
    postMessage({ id: job.id, progress: answer.progress });
    await nextTurn(); // read any cancel or newer request before the next slice
  }
}

// Why a message is not one of the page's (above), or "" when it is one.
function malformed(message) {
  if (message === null || typeof message !== "object" || Array.isArray(message)) return "a message must be an object";
  if ("cancel" in message) return Number.isSafeInteger(message.cancel) ? "" : "cancel: not a request's id";
  const { id, record, seat, level } = message;
  if (!Number.isSafeInteger(id) || id <= 0) return "id: not a request's id (a whole number above 0)";
  if (typeof record !== "string") return "record: not a game record's text";
  if (!Number.isSafeInteger(seat) || seat < 0) return "seat: not a seat's number";
  if (typeof level !== "string" || !level) return "level: not a bot level";
  return "";
}

onmessage = async (event) => {
  const message = event.data;
  const why = malformed(message);
  if (why) {
    const id = message && Number.isSafeInteger(message.id) && message.id > 0 ? message.id : null;
    postMessage({ id, error: "a malformed message: " + why });
    return;
  }
  if ("cancel" in message) {
    if (current && current.id === message.cancel) current = null;
    if (arriving === message.cancel) arriving = null;
    return;
  }
  const { id, record, seat, level } = message;
  arriving = id; // while its game's wheel loads, a newer request or a cancel drops this one
  let api;
  try {
    api = await started;
  } catch (err) {
    postMessage({ id, error: String(err) });
    return;
  }
  try {
    await loadGame(api.py, record);
    if (arriving !== id) return; // cancelled, or replaced by a newer request, meanwhile
    api.begin(record, seat, level); // a request that cannot begin leaves the one in progress
  } catch (err) {
    postMessage({ id, error: String(err) });
    return;
  }
  const job = { id };
  current = job; // a newer request replaces the one in progress
  work(job, api);
};
